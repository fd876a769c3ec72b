import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { WorkflowLimits } from '../../../config';
import { apiError, badInput, conflict } from '../../../graphql/errors';
import { runsPerHour, type ScheduleValues } from './schedule-limits';

/** Who a workflow belongs to: the two levels every quota counts at. */
export interface QuotaOwner {
  orgId: string;
  userId: string;
}

/**
 * The quotas of scheduled work (WORKFLOW_MAX_*, docs/agent.md "Quotas"): active workflows per user
 * and per organization, checked when a workflow is made active (created or resumed); and runs in
 * any hour, per user and per organization, checked when a run is asked for and again when it is
 * about to start. Counts and the writes they allow happen in one transaction holding the
 * organization's row (FOR NO KEY UPDATE: inserts that only reference the organization do not
 * wait), so requests or runs at the same moment cannot all see room for one more.
 */
export class WorkflowQuotas {
  constructor(private readonly limits: WorkflowLimits) {}

  /**
   * In the caller's transaction, before it activates a workflow: 409 naming the limit when the
   * user or the organization already has as many active workflows as allowed. Holds the
   * organization's row until that transaction ends.
   */
  async checkActive(tx: EntityManager, owner: QuotaOwner): Promise<void> {
    await lockOrganization(tx, owner.orgId);
    const [counts] = await tx.execute<{ mine: string; ours: string }[]>(
      `select count(*) filter (where user_id = ?) as mine, count(*) as ours
         from workflow where organization_id = ? and active`,
      [owner.userId, owner.orgId],
    );
    const { maxPerUser, maxPerOrganization } = this.limits;
    if (Number(counts.mine) >= maxPerUser)
      throw conflict(
        `you have ${counts.mine} active workflows, the most one user may have (WORKFLOW_MAX_PER_USER is ${maxPerUser}): pause or delete one first`,
      );
    if (Number(counts.ours) >= maxPerOrganization)
      throw conflict(
        `this organization has ${counts.ours} active workflows, the most it may have (WORKFLOW_MAX_PER_ORGANIZATION is ${maxPerOrganization}): pause or delete one first`,
      );
  }

  /** Why a schedule alone would run more often than one user may in an hour, or null. */
  frequencyProblem(schedule: Pick<ScheduleValues, 'recurrence'>): string | null {
    const runs = runsPerHour(schedule);
    const max = this.limits.maxRunsPerHourPerUser;
    if (runs <= max) return null;
    return `That schedule runs ${runs} times an hour, more than the ${max} runs an hour one user’s workflows may make (WORKFLOW_MAX_RUNS_PER_HOUR_PER_USER); choose a longer interval.`;
  }

  /** 400 when the schedule alone exceeds the hourly run quota of one user. */
  checkFrequency(schedule: Pick<ScheduleValues, 'recurrence'>): void {
    const problem = this.frequencyProblem(schedule);
    if (problem) throw badInput(problem);
  }

  /** 429 naming the limit when a run asked for now would exceed an hourly quota. */
  async checkRunRoom(em: EntityManager, owner: QuotaOwner): Promise<void> {
    const full = await this.fullHour(em, owner);
    if (full) throw apiError('TOO_MANY_REQUESTS', full);
  }

  /**
   * Admits the run of `jobId` against the hourly quotas, recording it; or says why it may not run
   * now. A job retried after its process died was admitted already and is admitted again.
   */
  async admitRun(em: EntityManager, owner: QuotaOwner, workflowId: string, jobId: string): Promise<string | null> {
    return em.transactional(async (tx) => {
      await lockOrganization(tx, owner.orgId);
      const [again] = await tx.execute<unknown[]>('select 1 from workflow_run where job_id = ?', [jobId]);
      if (again) return null;
      const full = await this.fullHour(tx, owner);
      if (full) return full;
      // The ledger needs only the last hour; older rows go as new ones come.
      await tx.execute(`delete from workflow_run where started_at < now() - interval '1 hour'`);
      await tx.execute(
        'insert into workflow_run (id, organization_id, user_id, workflow_id, job_id, started_at) values (?, ?, ?, ?, ?, now())',
        [randomUUID(), owner.orgId, owner.userId, workflowId, jobId],
      );
      return null;
    });
  }

  /** Why the owner or the organization may not run another workflow this hour, or null. */
  private async fullHour(em: EntityManager, owner: QuotaOwner): Promise<string | null> {
    const [counts] = await em.execute<{ mine: string; ours: string }[]>(
      `select count(*) filter (where user_id = ?) as mine, count(*) as ours
         from workflow_run where organization_id = ? and started_at > now() - interval '1 hour'`,
      [owner.userId, owner.orgId],
    );
    const { maxRunsPerHourPerUser, maxRunsPerHourPerOrganization } = this.limits;
    if (Number(counts.mine) >= maxRunsPerHourPerUser)
      return `your workflows ran ${counts.mine} times in the last hour, the most one user’s may (WORKFLOW_MAX_RUNS_PER_HOUR_PER_USER is ${maxRunsPerHourPerUser})`;
    if (Number(counts.ours) >= maxRunsPerHourPerOrganization)
      return `this organization’s workflows ran ${counts.ours} times in the last hour, the most it allows (WORKFLOW_MAX_RUNS_PER_HOUR_PER_ORGANIZATION is ${maxRunsPerHourPerOrganization})`;
    return null;
  }
}

/** Serializes the quota checks of one organization until the transaction ends. */
async function lockOrganization(tx: EntityManager, orgId: string): Promise<void> {
  await tx.execute('select id from organization where id = ? for no key update', [orgId]);
}
