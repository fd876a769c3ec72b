import type { EntityManager } from '@mikro-orm/postgresql';
import { requireCaller } from '../../../auth/access';
import type { Context, SignInAccounts } from '../../../auth/context';
import { type Connection, findPage, MAX_PAGE, type WholeSyncPageArgs } from '../../../common/connection';
import { badInput, conflict, forbidden, notFound } from '../../../graphql/errors';
import { Organization } from '../../organization/organization.entity';
import { AgentMessage } from '../agent-message.entity';
import type { UserRequestInput } from '../agent.inputs';
import type { Conversation } from '../conversation.entity';
import { conversationOwner, ownConversation, type Owner } from '../conversation.service';
import { isRequestToPlan, isScheduleOnly } from './request-intent';
import { holderOf, lastRequest } from './assignment';
import type { BaseAssignmentHolder } from './assignment.types';
import { isTimeZone } from './time-zones';
import { addressRefusal } from './address-policy';
import { NotificationChannel, SCHEDULED } from './plan-enums';
import {
  asksOneTimeOfDay,
  invalid,
  MAX_REQUEST,
  oneTimeIn,
  type Plan,
  saysATime,
  withOneTimeOfDay,
} from './plan-request';
import { type PlanReader, RULE_READER } from './plan-reader';
import { withRecipient } from './recipient';
import { namesAmong, splitWords } from '../specialists/directory-records';
import { ScheduleOutOfRange } from './schedule-limits';
import { ownerCaller } from './workflow-caller';
import type { QuotaOwner, WorkflowQuotas } from './workflow-quotas';
import { Workflow } from './workflow.entity';
import type { WorkflowRunner } from './workflow.runner';

/** How many of a conversation's last messages are searched for the request to plan. */
const PLANNING_WINDOW = 40;

/**
 * Assignments and workflows: assign plans the user's last request of a conversation (docs/agent.md,
 * "Planning requests: assign"); a confirmed plan becomes a workflow the runner schedules. A user
 * sees and changes only their own workflows. Plans are held to the quotas (WORKFLOW_MAX_*) and to
 * the organization's notification policy when planned, confirmed and resumed.
 */
export class WorkflowService {
  constructor(
    private readonly runner: WorkflowRunner,
    private readonly quotas: WorkflowQuotas,
    private readonly accounts: SignInAccounts,
    private readonly reader: PlanReader = RULE_READER,
  ) {}

  async assign(ctx: Context, input: UserRequestInput): Promise<BaseAssignmentHolder> {
    const owner = conversationOwner(ctx);
    if (!input.conversationId)
      throw badInput('conversationId is required: assign plans the last request of a conversation');
    const conversation = await ownConversation(ctx, input.conversationId);
    const plan = await this.planOf(ctx, owner, conversation);
    if (!plan)
      throw badInput(
        'the conversation has no request to plan yet: ask for something to be done, e.g. “every Monday at 9am email me my overdue tasks”',
      );
    return holderOf(plan, owner.accountId);
  }

  /** The plan of the conversation's last request, in the zone the request names, else the organization's, else UTC. */
  async planOf(ctx: Context, owner: Owner, conversation: Conversation): Promise<Plan | null> {
    // A request and the details given for it are among the last messages; older ones are not read.
    const recent = await ctx.em.find(
      AgentMessage,
      { conversation: conversation.id },
      { orderBy: { timestamp: 'desc', id: 'desc' }, limit: PLANNING_WINDOW },
    );
    const request = lastRequest(recent.reverse(), isRequestToPlan, isScheduleOnly);
    if (!request) return null;
    const organization = await ctx.em.findOneOrFail(Organization, owner.orgId);
    const zone =
      organization.profile?.timezone && isTimeZone(organization.profile.timezone)
        ? organization.profile.timezone
        : 'UTC';
    // The directory's names the request holds, so "email eilidh the list" is read as Eilidh.
    const people = await namesAmong(ctx.em, splitWords(request.text.slice(0, MAX_REQUEST)));
    const context = { timeZone: zone, email: requireCaller(ctx).email, people };
    let read = await this.reader.read(request.text, context);
    // "twice a day at 9 and 5" answered "make it 5pm": the answer's one time is the time this
    // workflow runs at; the request is read again without the details that said times.
    const time = asksOneTimeOfDay(read) ? oneTimeIn(request.details.at(-1) ?? '') : null;
    if (time) {
      const untimed = request.details.filter((detail) => !saysATime(detail));
      read = withOneTimeOfDay(await this.reader.read([request.request, ...untimed].join(' '), context), time);
    }
    const plan = await withRecipient(ctx.em, read, owner.accountId);
    return (await this.refusal(ctx.em, owner.orgId, plan)) ?? plan;
  }

  /**
   * The plan made INVALID, with the reason, when the limits that do not depend on its words
   * refuse it: a frequency beyond one user's hourly runs, or an address the organization's
   * notification policy does not allow. Null when it may be scheduled.
   */
  private async refusal(em: EntityManager, orgId: string, plan: Plan): Promise<Plan | null> {
    if (!SCHEDULED.has(plan.frequency)) return null;
    const tooOften = this.quotas.frequencyProblem(plan);
    if (tooOften) return invalid(plan, tooOften);
    if (plan.channel !== NotificationChannel.EMAIL || !plan.notifyTo) return null;
    const refused = await addressRefusal(em, orgId, plan.notifyTo);
    return refused ? invalid(plan, `I cannot e-mail the result there: ${refused}.`) : null;
  }

  /**
   * Stores a complete plan as a workflow and queues its first run. Its limits are checked again
   * (planning read them, but the policy or the accounts may have changed since): 400 for a
   * frequency or an address refused, or values out of range; 409 past the active workflows allowed.
   */
  async create(ctx: Context, owner: Owner, conversation: Conversation, plan: Plan, request: string): Promise<Workflow> {
    this.quotas.checkFrequency(plan);
    if (plan.channel === NotificationChannel.EMAIL && plan.notifyTo) {
      const refused = await addressRefusal(ctx.em, owner.orgId, plan.notifyTo);
      if (refused) throw badInput(refused);
    }
    return ctx.em.transactional(async (tx) => {
      await this.quotas.checkActive(tx, { orgId: owner.orgId, userId: owner.accountId });
      const workflow = tx.create(Workflow, {
        organization: owner.orgId,
        conversation: conversation.id,
        user: owner.accountId,
        task: plan.task,
        request,
        scheduleFrequency: plan.frequency,
        hourOfWorkflow: plan.hour,
        minuteOfWorkflow: plan.minute,
        dayOfWorkflow: plan.day,
        recurrence: plan.recurrence,
        runDate: plan.date,
        timeZone: plan.timeZone,
        notificationChannel: plan.channel,
        notifyTo: plan.notifyTo,
      });
      await this.schedule(tx, workflow);
      return workflow;
    });
  }

  /** The runner's schedule, with a schedule that cannot run answered 400 (nothing is written). */
  private async schedule(tx: EntityManager, workflow: Workflow): Promise<void> {
    try {
      await this.runner.schedule(tx, workflow);
    } catch (error) {
      if (error instanceof ScheduleOutOfRange) throw badInput(`the workflow's schedule cannot run: ${error.message}`);
      throw error;
    }
  }

  /** The caller's workflows, newest first. */
  list(ctx: Context, page: WholeSyncPageArgs): Promise<Connection<Workflow>> {
    const owner = conversationOwner(ctx);
    const newestFirst = { keys: ['createdAt', 'id'], descending: true } as const;
    return findPage(ctx.em, Workflow, { user: owner.accountId }, page, newestFirst, MAX_PAGE);
  }

  async get(ctx: Context, id: string): Promise<Workflow> {
    const owner = conversationOwner(ctx);
    const workflow = await ctx.em.findOne(Workflow, { id, user: owner.accountId });
    if (!workflow) throw notFound('workflow');
    return workflow;
  }

  /**
   * Pauses (active false) or resumes a workflow; resuming schedules its next run from now. A
   * resume is held to what a run needs: the owner may still act in the organization (403 with the
   * reason otherwise), the active workflows allowed (409), a schedule that can run (400). Either
   * clears the reason the service paused it for.
   */
  async setActive(ctx: Context, id: string, active: boolean): Promise<Workflow> {
    const workflow = await this.get(ctx, id);
    if (workflow.active === active) return workflow;
    const owner = ownerOf(workflow);
    if (active) {
      const resolved = await ownerCaller(ctx.em, this.accounts, owner);
      if ('refused' in resolved) throw forbidden(`the workflow cannot be resumed: ${resolved.refused}`);
    }
    await ctx.em.transactional(async (tx) => {
      if (active) await this.quotas.checkActive(tx, owner);
      workflow.active = active;
      workflow.pausedReason = null;
      await this.schedule(tx, workflow);
    });
    return workflow;
  }

  /**
   * Runs a workflow once as soon as possible, paused or not; its schedule is unchanged. 409 while
   * one is queued; 429 when its owner's or organization's workflows have run as often this hour as
   * allowed (the run is admitted again when it starts).
   */
  async runNow(ctx: Context, id: string): Promise<Workflow> {
    const workflow = await this.get(ctx, id);
    await this.quotas.checkRunRoom(ctx.em, ownerOf(workflow));
    const queued = await ctx.em.transactional((tx) => this.runner.runNow(tx, workflow));
    if (!queued) throw conflict('a run of this workflow is already queued; ask again once it has run');
    this.runner.wake();
    return workflow;
  }

  async delete(ctx: Context, id: string): Promise<boolean> {
    const workflow = await this.get(ctx, id);
    // Its queued job finds no workflow and does nothing.
    await ctx.em.remove(workflow).flush();
    return true;
  }
}

const ownerOf = (workflow: Workflow): QuotaOwner => ({ orgId: workflow.organization.id, userId: workflow.user.id });
