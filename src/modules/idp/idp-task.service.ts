import { currentOrganization, requireCaller } from '../../auth/access';
import type { Context } from '../../auth/context';
import { type Connection, findPage, MAX_PAGE, pageOfList, type WholePageArgs } from '../../common/connection';
import { copyDeclaredFields } from '../../common/input-fields';
import { Created, Status } from '../../common/record.embeddables';
import { badInput, forbidden, notFound } from '../../graphql/errors';
import {
  CONTRIBUTORS_ONLY,
  canContributeTo,
  canManagePlan,
  MANAGERS_ONLY,
  manageablePlan,
  planAccess,
  type ReadablePlan,
  readablePlan,
  visiblePlan,
} from './idp-access';
import { replaceAssignees } from './idp-assignees';
import { TaskState } from './idp-enums';
import { planParts } from './idp.loaders';
import type { AssigneeView, NoteView, TaskView } from './idp.read-model';
import { ConnectedTo, IdpTask } from './idp-task.entity';
import { type ConnectedToInput, type IdpTaskInput, IdpTaskUpdateInput, type TasksDueArgs } from './idp-task.inputs';

const OPEN: string[] = [TaskState.NOT_STARTED, TaskState.IN_PROGRESS, TaskState.BLOCKED];
/** A plan's tasks in order: planParts reads them so ("order", id). */
const TASK_ORDER = { keys: ['order', 'id'] } as const;

/** Tasks of plans: the plan's managers add and delete them; its assignees may also update them. */
/** Task input fields that update() turns into records itself; every other one is copied as given. */
const TASK_PARTS = ['connectedTo', 'status', 'order', 'assignees'];

export class IdpTaskService {
  /** A page of a visible plan's tasks, paged in memory: the plan's parts are read together anyway. */
  async list(ctx: Context, idpId: string, page: WholePageArgs): Promise<Connection<TaskView>> {
    const { plan } = await visiblePlan(ctx, idpId);
    return pageOfList((await ctx.loaders.get(planParts).load(plan.id)).tasks, page, TASK_ORDER, MAX_PAGE);
  }

  async get(ctx: Context, idpId: string, taskId: string): Promise<TaskView> {
    return this.visibleTask(ctx, await visiblePlan(ctx, idpId), taskId);
  }

  /** Open tasks (or those in `status`) due before a date, across every plan the caller may see. */
  async due(ctx: Context, args: TasksDueArgs): Promise<Connection<IdpTask>> {
    const caller = requireCaller(ctx);
    const orgId = currentOrganization(caller);
    if (!args.before && !args.overdue) throw badInput('before or overdue is required');
    const today = new Date().toISOString().slice(0, 10);
    // Both given: the earlier bound.
    const before = [args.before, args.overdue ? today : undefined].filter((d): d is string => !!d).sort()[0];
    const visible = (await planAccess(ctx.em, caller, orgId, {})).map((p) => p.id);
    return findPage(
      ctx.em,
      IdpTask,
      {
        idp: { $in: visible },
        dueDate: { $lt: before },
        status: { current: args.status ? args.status : { $in: OPEN } },
      },
      args,
      { keys: ['dueDate', 'id'] },
    );
  }

  async add(ctx: Context, idpId: string, input: IdpTaskInput): Promise<IdpTask> {
    const { caller, plan } = await manageablePlan(ctx, idpId);
    return ctx.em.transactional(async (em) => {
      const siblings = await em.find(IdpTask, { idp: plan.id }, { orderBy: { order: 'asc', id: 'asc' } });
      const task = em.create(IdpTask, {
        organization: plan.organization,
        idp: plan,
        name: input.name,
        description: input.description ?? null,
        dueDate: input.dueDate ?? null,
        connectedTo: connectedTo(input.connectedTo, plan.organization.id),
        order: siblings.length + 1,
        status: Status.of(input.status ?? TaskState.NOT_STARTED, caller.actorId),
        created: Created.by(caller.actorId),
      });
      place(siblings, task, input.order ?? siblings.length + 1);
      if (input.assignees) await replaceAssignees(em, plan, task, input.assignees);
      await em.flush();
      ctx.loaders.get(planParts).clear(plan.id);
      return task;
    });
  }

  async update(ctx: Context, idpId: string, taskId: string, input: IdpTaskUpdateInput): Promise<IdpTask> {
    const readable = await readablePlan(ctx, idpId);
    if (!canContributeTo(readable.caller, readable.access)) throw forbidden(CONTRIBUTORS_ONLY);
    if (input.assignees && !canManagePlan(readable.caller, readable.access)) throw forbidden(MANAGERS_ONLY);
    const task = await this.taskOf(ctx, readable, taskId);
    const { caller, plan } = readable;
    return ctx.em.transactional(async (em) => {
      copyDeclaredFields(task, input, IdpTaskUpdateInput, em.getMetadata().get(IdpTask), TASK_PARTS);
      if (input.connectedTo !== undefined) task.connectedTo = connectedTo(input.connectedTo, plan.organization.id);
      if (input.status && input.status !== task.status.current) task.status = Status.of(input.status, caller.actorId);
      if (input.order)
        place(await em.find(IdpTask, { idp: plan.id }, { orderBy: { order: 'asc', id: 'asc' } }), task, input.order);
      if (input.assignees) await replaceAssignees(em, plan, task, input.assignees);
      await em.flush();
      ctx.loaders.get(planParts).clear(plan.id);
      return task;
    });
  }

  complete(ctx: Context, idpId: string, taskId: string): Promise<IdpTask> {
    return this.update(ctx, idpId, taskId, { status: TaskState.DONE });
  }

  async delete(ctx: Context, idpId: string, taskId: string): Promise<boolean> {
    const readable = await manageablePlan(ctx, idpId);
    const task = await this.taskOf(ctx, readable, taskId);
    await ctx.em.transactional(async (em) => {
      em.remove(task);
      const rest = (await em.find(IdpTask, { idp: readable.plan.id }, { orderBy: { order: 'asc', id: 'asc' } })).filter(
        (t) => t.id !== task.id,
      );
      rest.forEach((t, index) => {
        t.order = index + 1;
      });
    });
    ctx.loaders.get(planParts).clear(readable.plan.id);
    return true;
  }

  // The parts of a task, for a task read (a TaskView) or changed (an IdpTask) alike.

  async notes(ctx: Context, task: { id: string; idpId: string }): Promise<NoteView[]> {
    return (await ctx.loaders.get(planParts).load(task.idpId)).taskNotes.get(task.id) ?? [];
  }

  async assignees(ctx: Context, task: { id: string; idpId: string }): Promise<AssigneeView[]> {
    return (await ctx.loaders.get(planParts).load(task.idpId)).taskAssignees.get(task.id) ?? [];
  }

  /** A task of a readable plan, as its read model: for reads (its notes and assignees come with it). */
  async visibleTask(ctx: Context, { plan }: ReadablePlan<{ id: string }>, taskId: string): Promise<TaskView> {
    const task = (await ctx.loaders.get(planParts).load(plan.id)).tasks.find((t) => t.id === taskId);
    if (!task) throw notFound('task');
    return task;
  }

  /** The same task as a managed entity: for changes. */
  async taskOf(ctx: Context, { plan }: ReadablePlan, taskId: string): Promise<IdpTask> {
    const task = await ctx.em.findOne(IdpTask, { id: taskId, idp: plan.id });
    if (!task) throw notFound('task');
    return task;
  }
}

/** Puts `task` at `position` (from 1, clamped to the end) among `siblings` and renumbers them all. */
function place(siblings: IdpTask[], task: IdpTask, position: number): void {
  const others = siblings.filter((t) => t.id !== task.id);
  others.splice(Math.min(position, others.length + 1) - 1, 0, task);
  others.forEach((t, index) => {
    t.order = index + 1;
  });
}

function connectedTo(input: ConnectedToInput | null | undefined, orgId: string): ConnectedTo | null {
  if (!input) return null;
  return Object.assign(new ConnectedTo(), {
    entityId: input.entityId,
    type: input.type,
    organization: input.organization ?? orgId,
  });
}
