import type { EntityManager } from '@mikro-orm/postgresql';
import { currentOrganization, requireCaller } from '../../auth/access';
import type { Context } from '../../auth/context';
import { type Connection, connectionOf, DEFAULT_PAGE, pageOrder } from '../../common/connection';
import { cursorValues } from '../../common/cursor';
import { Created, Status } from '../../common/record.embeddables';
import { badInput } from '../../graphql/errors';
import { Account } from '../account/account.entity';
import { Grant } from '../account/grant.entity';
import { Idp } from './idp.entity';
import { countPlans, manageablePlan, type PlanFilter, planAccess, visiblePlan } from './idp-access';
import { planParts, plansById } from './idp.loaders';
import type { AssigneeView, NoteView, PlanView, TaskView } from './idp.read-model';
import { replaceAssignees } from './idp-assignees';
import { IDP_STATES, Visibility } from './idp-enums';
import { type IdpInput, type IdpListArgs, IdpUpdateInput } from './idp.inputs';
import { copyDeclaredFields } from '../../common/input-fields';

/** The order of the plan list: by name, the id breaking ties. */
const PLAN_ORDER = { keys: ['name', 'id'] } as const;

/** Individual development plans: the plan itself, its assignees and its sharing. */
/** Fields update() checks or sets with more than the value; the input's other fields are copied as given. */
const PLAN_HANDLED = ['owner', 'active', 'assignees'];

export class IdpService {
  async list(ctx: Context, args: IdpListArgs): Promise<Connection<PlanView>> {
    const caller = requireCaller(ctx);
    const orgId = currentOrganization(caller);
    const first = args.first ?? DEFAULT_PAGE;
    const order = pageOrder<PlanView>(args, PLAN_ORDER);
    const filter: PlanFilter = {
      scope: args.scope,
      type: args.type,
      active: args.active,
      updatedSince: args.updatedSince,
    };
    const after = args.after ? (cursorValues(args.after, order) as [string | Date, string]) : undefined;
    const rows = await planAccess(ctx.em, caller, orgId, { ...filter, after, limit: first + 1, offset: args.offset });
    const ids = rows.slice(0, first).map((r) => r.id);
    // A plan deleted since the standing query is left out; loadMany gives no Error for it.
    const nodes = (await ctx.loaders.get(plansById).loadMany(ids)).filter(
      (p): p is PlanView => p !== undefined && !(p instanceof Error),
    );
    return connectionOf(nodes, rows.length > first, order, () => countPlans(ctx.em, caller, orgId, filter));
  }

  async get(ctx: Context, id: string): Promise<PlanView> {
    return (await visiblePlan(ctx, id)).plan;
  }

  /** Any member may start a plan; they own it unless they name another owner. */
  async create(ctx: Context, input: IdpInput): Promise<Idp> {
    const caller = requireCaller(ctx);
    const orgId = currentOrganization(caller);
    checkDates(input.startDate, input.endDate ?? null);
    return ctx.em.transactional(async (em) => {
      const owner = input.owner ?? caller.accountId;
      if (input.owner) await checkOwner(em, input.owner);
      const plan = em.create(Idp, {
        organization: orgId,
        name: input.name,
        type: input.type,
        startDate: input.startDate,
        endDate: input.endDate ?? null,
        visibility: input.visibility ?? Visibility.PRIVATE,
        owner,
        status: Status.of(IDP_STATES.ACTIVE, caller.actorId),
        created: Created.by(caller.actorId),
      });
      if (input.assignees) await replaceAssignees(em, plan, null, input.assignees);
      await em.flush();
      return plan;
    });
  }

  async update(ctx: Context, id: string, input: IdpUpdateInput): Promise<Idp> {
    const { caller, plan } = await manageablePlan(ctx, id);
    checkDates(input.startDate ?? plan.startDate, input.endDate === undefined ? (plan.endDate ?? null) : input.endDate);
    return ctx.em.transactional(async (em) => {
      copyDeclaredFields(plan, input, IdpUpdateInput, em.getMetadata().get(Idp), PLAN_HANDLED);
      if (input.owner) {
        await checkOwner(em, input.owner);
        plan.owner = em.getReference(Account, input.owner, { wrapped: true });
      }
      if (input.active !== undefined && input.active !== null && input.active !== plan.active) {
        plan.active = input.active;
        plan.status = Status.of(input.active ? IDP_STATES.ACTIVE : IDP_STATES.INACTIVE, caller.actorId);
      }
      if (input.assignees) {
        await replaceAssignees(em, plan, null, input.assignees);
        ctx.loaders.get(planParts).clear(plan.id);
      }
      await em.flush();
      return plan;
    });
  }

  /** Deletes the plan; its tasks, notes and assignees go with it (foreign keys cascade). */
  async delete(ctx: Context, id: string): Promise<boolean> {
    const { plan } = await manageablePlan(ctx, id);
    await ctx.em.remove(plan).flush();
    return true;
  }

  // The parts of a plan, for a plan read (a PlanView) or changed (an Idp) alike.

  async tasks(ctx: Context, plan: { id: string }): Promise<TaskView[]> {
    return (await ctx.loaders.get(planParts).load(plan.id)).tasks;
  }

  async notes(ctx: Context, plan: { id: string }): Promise<NoteView[]> {
    return (await ctx.loaders.get(planParts).load(plan.id)).notes;
  }

  async assignees(ctx: Context, plan: { id: string }): Promise<AssigneeView[]> {
    return (await ctx.loaders.get(planParts).load(plan.id)).assignees;
  }
}

function checkDates(start: string, end: string | null): void {
  if (end && end < start) throw badInput('endDate must not be before startDate');
}

/** The owner must hold a grant in the organization (grants are tenant-filtered). */
async function checkOwner(em: EntityManager, owner: string): Promise<void> {
  if (!(await em.count(Grant, { account: owner }))) throw badInput('owner must be an account of the organization');
}
