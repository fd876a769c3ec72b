import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { SignInAccounts } from '../../../auth/context';
import { Loaders } from '../../../common/loaders';
import { scopeToTenant, TENANT_FILTER } from '../../../db/tenant-filter';
import { setActor } from '../../../events/actor';
import { type JobQueue, transactionDb } from '../../../jobs/job-queue';
import type { PubSub } from 'type-graphql';
import { AgentMessage, MessageType } from '../agent-message.entity';
import { AGENTS } from '../agent-profiles';
import type { ConversationUpdates } from '../conversation-updates';
import { Conversation } from '../conversation.entity';
import { type AgentEngine, type EngineAnswer, EngineError } from '../llm/engine';
import type { Question, Router } from '../specialists/specialist';
import { addressRefusal } from './address-policy';
import type { Mailer } from './mailer';
import { NotificationChannel, ScheduleFrequency } from './plan-enums';
import { nextRun, type Schedule } from './next-run';
import { ScheduleOutOfRange, scheduleProblem } from './schedule-limits';
import { ownerCaller } from './workflow-caller';
import type { WorkflowQuotas } from './workflow-quotas';
import { Workflow } from './workflow.entity';

export const WORKFLOW_QUEUE = 'agent-workflow';
const NO_TENANT = { filters: { [TENANT_FILTER]: false } };
/**
 * How a run's job is retried. One whose process died expires once its heartbeat stops
 * (src/jobs/job-queue.ts) and runs again after the first retry delay: 2 to 4 s with this backoff,
 * so a crash costs under 30 s. A run that fails (a failing language model does not: its failure
 * is the run's result) failed on the database, or on a bug: it is retried after 2-4, 4-8, 8-16,
 * 16-32 and 32-64 s, riding out a database failover of a minute or two before the job is given
 * up (and with it the workflow's schedule, which the run queues).
 */
const RUN_JOB = { retryLimit: 5, retryDelay: 2, retryBackoff: true };
/** A run's longest legitimate time (language-model calls, each bounded by LLM_TIMEOUT_MS, retried); past it, it is taken to hang. */
const RUN_TIMEOUT_SECONDS = 600;

/** A scheduled run, or one asked for now (runWorkflow), which leaves the schedule as it is. */
type RunJob =
  | {
      workflow: string;
      /** The nextRunAt the job was queued for: a job for a run since moved (pause, resume) does nothing. */
      at: string;
    }
  | { workflow: string; now: true };

/**
 * Runs workflows. Each run is one pg-boss job due at the workflow's nextRunAt; the run answers
 * the task as the user would be answered, writes the answer into the conversation, records it
 * on the workflow (a `workflow.patch` event, which webhooks and live subscribers receive: that
 * is how CHAT and IMMEDIATE notifications go out), e-mails it for EMAIL, and queues the next run
 * in the same transaction. Before it starts, a run resolves its owner as sign-in would (a refused
 * owner, or a schedule that cannot run, pauses the workflow with the reason) and is admitted
 * against the hourly run quotas (over them, it is skipped with the reason).
 */
export class WorkflowRunner {
  constructor(
    private readonly orm: MikroORM,
    private readonly queue: JobQueue,
    private readonly bus: PubSub,
    private readonly coordinator: Router,
    private readonly engine: AgentEngine,
    private readonly updates: ConversationUpdates,
    private readonly mailer: Mailer,
    private readonly accounts: SignInAccounts,
    private readonly quotas: WorkflowQuotas,
    private readonly pollSeconds: number,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    await this.queue.createQueue(WORKFLOW_QUEUE);
    this.queue.work<RunJob>(
      WORKFLOW_QUEUE,
      { pollingIntervalSeconds: this.pollSeconds, batchSize: 1, timeoutSeconds: RUN_TIMEOUT_SECONDS },
      async ([job]) => this.run(job.data, job.id),
    );
  }

  /**
   * Sets the workflow's next run and queues its job, in the caller's transaction. A schedule that
   * cannot run throws ScheduleOutOfRange before anything is written.
   */
  async schedule(tx: EntityManager, workflow: Workflow, after = new Date()): Promise<void> {
    workflow.nextRunAt = workflow.active ? nextRun(scheduleOf(workflow), after) : null;
    await tx.flush();
    if (!workflow.nextRunAt) return;
    const job = { workflow: workflow.id, at: workflow.nextRunAt.toISOString() };
    await this.queue.insert(
      [{ name: WORKFLOW_QUEUE, data: job satisfies RunJob, startAfter: workflow.nextRunAt, ...RUN_JOB }],
      transactionDb(tx),
    );
  }

  /** Queues one run of the workflow as soon as a worker is free, in the caller's transaction; its schedule stays. */
  async runNow(tx: EntityManager, workflow: Workflow): Promise<boolean> {
    // One queued run-now per workflow: repeated requests cannot pile up runs of the agent (and
    // e-mails). The workflow's row is locked so two requests at once cannot both queue one.
    await tx.execute('select id from workflow where id = ? for update', [workflow.id]);
    const [queued] = await tx.execute<{ n: string }[]>(
      `select count(*) as n from pgboss.job where name = ? and state < 'completed' and data @> ?::jsonb`,
      [WORKFLOW_QUEUE, JSON.stringify({ workflow: workflow.id, now: true })],
    );
    if (Number(queued.n) > 0) return false;
    await this.queue.insert(
      [{ name: WORKFLOW_QUEUE, data: { workflow: workflow.id, now: true } satisfies RunJob, ...RUN_JOB }],
      transactionDb(tx),
    );
    return true;
  }

  /** Asks this process's worker to fetch now rather than at its next poll (after a commit that queued a run). */
  wake(): void {
    this.queue.wake(WORKFLOW_QUEUE);
  }

  private async run(job: RunJob, jobId: string): Promise<void> {
    const em = this.orm.em.fork();
    const workflow = await em.findOne(Workflow, job.workflow, NO_TENANT);
    if (!workflow) return;
    const scheduled = 'at' in job ? job.at : null;
    if (scheduled !== null && (!workflow.active || workflow.nextRunAt?.toISOString() !== scheduled)) return;
    scopeToTenant(em, workflow.organization.id);
    setActor(em, workflow.user.id);
    const owner = { orgId: workflow.organization.id, userId: workflow.user.id };
    const resolved = await ownerCaller(em, this.accounts, owner);
    if ('refused' in resolved) return this.pause(em, workflow, resolved.refused);
    // Checked before the run, so that its results are never written and then lost to a schedule
    // its next run cannot be computed from (a value stored out of range).
    const unschedulable = scheduleProblem(scheduleOf(workflow));
    if (unschedulable) return this.pause(em, workflow, `its schedule cannot run: ${unschedulable}`);
    const full = await this.quotas.admitRun(em, owner, workflow.id, jobId);
    if (full) return this.skip(em, workflow, scheduled, full);
    const { caller } = resolved;
    const started = Date.now();
    const ctx = { em, caller, loaders: new Loaders(em, caller), bus: this.bus };
    const earlier: AgentMessage[] = [];
    const conversation = await em.findOneOrFail(Conversation, workflow.conversation.id);
    const question = {
      ctx,
      caller,
      owner: { orgId: workflow.organization.id, accountId: workflow.user.id },
      conversation,
      text: workflow.task,
      earlier,
      maxResults: 5,
    };
    const outcome = await this.answer(question, workflow);
    const { answer } = outcome;
    const notification = outcome.failed ? 'not sent: the run failed' : await this.notify(em, workflow, answer.reply);
    const message = await em.transactional(async (tx) => {
      const written = tx.create(AgentMessage, {
        organization: workflow.organization.id,
        conversation: workflow.conversation.id,
        user: workflow.user.id,
        messageType: MessageType.AGENT_RESPONSE,
        agent: AGENTS.planner.name ?? '',
        message: `Workflow “${workflow.task}” ${outcome.failed ? 'failed' : 'ran'}: ${answer.reply}`,
        tokenUsage: answer.tokenUsage,
        timeSpent: Date.now() - started,
        sources: answer.sources,
      });
      workflow.runs += 1;
      workflow.lastRunAt = new Date();
      workflow.lastResult = answer.reply;
      workflow.lastNotification = notification;
      // A run asked for now is one more: the scheduled runs stay as they were.
      if (scheduled === null) return written;
      if (workflow.scheduleFrequency === ScheduleFrequency.ONCE) workflow.active = false;
      await this.scheduleAfter(tx, workflow, scheduled);
      return written;
    });
    this.updates.message(message);
    this.logger.info({ workflow: workflow.id, runs: workflow.runs }, 'workflow ran');
  }

  /** Queues the run after the one due at `scheduled`; a schedule that cannot run pauses the workflow instead. */
  private async scheduleAfter(tx: EntityManager, workflow: Workflow, scheduled: string): Promise<void> {
    try {
      await this.schedule(tx, workflow, new Date(Math.max(Date.now(), new Date(scheduled).getTime())));
    } catch (error) {
      if (!(error instanceof ScheduleOutOfRange)) throw error;
      workflow.active = false;
      workflow.pausedReason = `its schedule cannot run: ${error.message}`;
      workflow.nextRunAt = null;
      await tx.flush();
    }
  }

  /**
   * Pauses a workflow the service may not run (its owner refused, its schedule out of range):
   * no run until its owner resumes it, with the reason on the workflow (a workflow.patch event).
   */
  private async pause(em: EntityManager, workflow: Workflow, reason: string): Promise<void> {
    workflow.active = false;
    workflow.pausedReason = reason;
    workflow.nextRunAt = null;
    await em.flush();
    this.logger.warn({ workflow: workflow.id, reason }, 'workflow paused');
  }

  /** A run over an hourly quota does not happen: the reason is recorded and, for a scheduled run, the next one queued. */
  private async skip(em: EntityManager, workflow: Workflow, scheduled: string | null, reason: string): Promise<void> {
    await em.transactional(async (tx) => {
      workflow.lastSkippedAt = new Date();
      workflow.lastSkipReason = reason;
      if (scheduled === null) return tx.flush();
      if (workflow.scheduleFrequency === ScheduleFrequency.ONCE) workflow.active = false;
      await this.scheduleAfter(tx, workflow, scheduled);
    });
    this.logger.warn({ workflow: workflow.id, reason }, 'workflow run skipped');
  }

  /**
   * The run's answer. A failing language-model server (or anything else) fails this run only:
   * the failure is written down and the next run is still scheduled.
   */
  private async answer(question: Question, workflow: Workflow): Promise<{ answer: EngineAnswer; failed: boolean }> {
    try {
      const { agent, briefing } = await this.coordinator.route(question);
      return {
        answer: await this.engine.answer({ agent, question: workflow.task, history: [], briefing }, () => {}),
        failed: false,
      };
    } catch (error) {
      this.logger.warn({ err: error, workflow: workflow.id }, 'workflow run failed');
      const reason = error instanceof EngineError ? error.message : 'an internal error';
      return { answer: { reply: reason, tokenUsage: 0, sources: [] }, failed: true };
    }
  }

  private async notify(em: EntityManager, workflow: Workflow, result: string): Promise<string> {
    switch (workflow.notificationChannel) {
      case NotificationChannel.EMAIL: {
        if (!workflow.notifyTo) return 'undelivered: no e-mail address';
        // Asked again now: the policy, the domains or the accounts may have changed since it was planned.
        const refused = await addressRefusal(em, workflow.organization.id, workflow.notifyTo);
        if (refused) return `undelivered: ${refused}`;
        const mail = await this.mailer.send(workflow.notifyTo, `Workflow: ${workflow.task}`, result);
        return mail.sent ? `sent to ${workflow.notifyTo}` : `undelivered: ${mail.reason}`;
      }
      case NotificationChannel.CHAT:
        return `published for ${workflow.notifyTo} as the workflow.patch event`;
      case NotificationChannel.IMMEDIATE:
        return 'published as the workflow.patch event';
      default:
        return 'none requested';
    }
  }
}

export function scheduleOf(workflow: Workflow): Schedule {
  return {
    frequency: workflow.scheduleFrequency,
    hour: workflow.hourOfWorkflow,
    minute: workflow.minuteOfWorkflow,
    day: workflow.dayOfWorkflow,
    interval: workflow.interval ?? null,
    recurrence: workflow.recurrence ?? null,
    date: workflow.runDate ?? null,
    timeZone: workflow.timeZone,
    anchor: workflow.createdAt,
  };
}
