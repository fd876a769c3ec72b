import type { EntityManager } from '@mikro-orm/postgresql';
import { currentOrganization, requireCaller } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import type { Context } from '../../auth/context';
import { Role } from '../../auth/roles';
import { findByIds } from '../../db/tenant-filter';
import { forbidden, notFound } from '../../graphql/errors';
import { Idp } from './idp.entity';
import { plansById, tasksById } from './idp.loaders';
import type { PlanView, TaskView } from './idp.read-model';
import { AssigneeType, IdpScope, Visibility } from './idp-enums';

/** How the caller stands to one plan. */
export interface PlanAccess {
  id: string;
  owner: boolean;
  /** Assigned to the plan or one of its tasks: as an account, as their employee, or through a group. */
  assignee: boolean;
  /** The direct manager of an employee the plan or a task is assigned to. */
  manager: boolean;
  /** Above such an employee in the management chain, at any depth. */
  chain: boolean;
  visibility: Visibility;
}

export interface PlanFilter {
  id?: string;
  /** Only these plans (a batch of fields naming plans). */
  ids?: readonly string[];
  type?: string;
  active?: boolean;
  scope?: IdpScope;
  /** Only plans changed at or after this time, in the order they changed. */
  updatedSince?: Date;
  /** Keyset: plans after this (name, id), or (updatedAt, id) with updatedSince. */
  after?: [string | Date, string];
  limit?: number;
  offset?: number;
}

export const MANAGERS_ONLY = 'only the owner, an assignee’s manager or an ORG_ADMIN may change the plan';
export const CONTRIBUTORS_ONLY = 'only the plan’s owner, managers, assignees or an ORG_ADMIN may do this';

export const isPlanAdmin = (caller: Caller) => caller.platformAdmin || caller.roles.has(Role.ORG_ADMIN);

/** Read: see the visibility rules in idp-enums.ts. */
export const canReadPlan = (caller: Caller, a: PlanAccess) =>
  isPlanAdmin(caller) ||
  a.visibility === Visibility.ORGANIZATION ||
  a.owner ||
  a.assignee ||
  a.manager ||
  (a.visibility === Visibility.MANAGERS && a.chain);

/** Change or delete the plan, its tasks, assignees and sharing. */
export const canManagePlan = (caller: Caller, a: PlanAccess) => isPlanAdmin(caller) || a.owner || a.manager;

/** Update tasks and add notes: managers of the plan and its assignees. */
export const canContributeTo = (caller: Caller, a: PlanAccess) => canManagePlan(caller, a) || a.assignee;

const VISIBLE = `(visibility = '${Visibility.ORGANIZATION}' or owner or assignee or manager or (visibility = '${Visibility.MANAGERS}' and chain))`;

/**
 * The caller's standing towards the plans of the organization that match `filter`, visible ones
 * only unless the caller is an ORG_ADMIN, in name order: one SQL statement whatever the number of
 * plans, assignees or employees (by name, or by change with updatedSince). The caller's employee record, groups and the people below them
 * are worked out inside it. It reads raw rows, so the organization is named explicitly; the plans
 * themselves are then loaded through the tenant filter.
 */
function planQuery(caller: Caller, orgId: string, filter: PlanFilter): { sql: string; params: unknown[] } {
  const account = caller.accountId;
  const params: unknown[] = [orgId, account, orgId, account, account, orgId];
  const where: string[] = ['i.organization_id = ?'];
  const outer: string[] = isPlanAdmin(caller) ? [] : [VISIBLE];
  const tail: unknown[] = [];
  const add = (clauses: string[], clause: string, values: unknown[], into = params) => {
    clauses.push(clause);
    into.push(...values);
  };
  if (filter.id) add(where, 'i.id = ?', [filter.id]);
  if (filter.ids) add(where, 'i.id in (?)', [[...filter.ids]]);
  if (filter.type !== undefined) add(where, 'i.type = ?', [filter.type]);
  if (filter.active !== undefined) add(where, 'i.active = ?', [filter.active]);
  if (filter.updatedSince) add(where, 'i.updated_at >= ?', [filter.updatedSince]);
  const order = filter.updatedSince ? 'updated_at, id' : 'name, id';
  if (filter.scope === IdpScope.MINE) outer.push('(owner or assignee)');
  if (filter.scope === IdpScope.REPORTS) outer.push('(manager or chain)');
  if (filter.after) add(outer, `(${order}) > (?, ?)`, filter.after, tail);
  const page: string[] = [];
  if (filter.limit !== undefined) add(page, 'limit ?', [filter.limit], tail);
  if (filter.offset) add(page, 'offset ?', [filter.offset], tail);
  const sql = `with recursive
    me as (select id from employee where organization_id = ? and account_id = ?),
    my_groups as (select gm.group_id as id from group_member gm join me on gm.employee_id = me.id),
    below(id) as (
      select e.id from employee e join me on e.manager_id = me.id
      union
      select e.id from employee e join below b on e.manager_id = b.id
    ),
    assigned(idp_id, employee_id) as (
      select a.idp_id, a.entity_id from idp_assignee a
        where a.organization_id = ? and a.entity_type = '${AssigneeType.EMPLOYEE}'
      union
      select a.idp_id, e.id from idp_assignee a join employee e on e.account_id = a.entity_id and e.organization_id = a.organization_id
        where a.entity_type = '${AssigneeType.ACCOUNT}'
      union
      select a.idp_id, gm.employee_id from idp_assignee a join group_member gm on gm.group_id = a.entity_id
        where a.entity_type = '${AssigneeType.GROUP}'
    ),
    plans as (
      select i.id, i.name, i.updated_at, i.visibility,
        coalesce(i.owner_id = ?, false) as owner,
        exists (select 1 from idp_assignee a where a.idp_id = i.id and (
          (a.entity_type = '${AssigneeType.ACCOUNT}' and a.entity_id = ?)
          or (a.entity_type = '${AssigneeType.EMPLOYEE}' and a.entity_id in (select id from me))
          or (a.entity_type = '${AssigneeType.GROUP}' and a.entity_id in (select id from my_groups)))) as assignee,
        exists (select 1 from assigned s join employee e on e.id = s.employee_id
          where s.idp_id = i.id and e.manager_id in (select id from me)) as manager,
        exists (select 1 from assigned s where s.idp_id = i.id and s.employee_id in (select id from below)) as chain
      from idp i where ${where.join(' and ')}
    )
    select id, visibility, owner, assignee, manager, chain from plans
    ${outer.length ? `where ${outer.join(' and ')}` : ''}
    order by ${order} ${page.join(' ')}`;
  return { sql, params: [...params, ...tail] };
}

export async function planAccess(
  em: EntityManager,
  caller: Caller,
  orgId: string,
  filter: PlanFilter,
): Promise<PlanAccess[]> {
  const { sql, params } = planQuery(caller, orgId, filter);
  const rows: PlanAccess[] = await em.execute(sql, params);
  return rows.map((r) => ({
    id: r.id,
    visibility: r.visibility,
    owner: !!r.owner,
    assignee: !!r.assignee,
    manager: !!r.manager,
    chain: !!r.chain,
  }));
}

/** How many plans match `filter` (paging ignored), by the same rules. */
export async function countPlans(
  em: EntityManager,
  caller: Caller,
  orgId: string,
  filter: PlanFilter,
): Promise<number> {
  const { sql, params } = planQuery(caller, orgId, {
    ...filter,
    after: undefined,
    limit: undefined,
    offset: undefined,
  });
  const [row] = await em.execute<{ count: string }[]>(`select count(*) as count from (${sql}) counted`, params);
  return Number(row.count);
}

/** A plan the caller may read, with how the caller stands to it. */
export interface ReadablePlan<P extends { id: string } = Idp> {
  caller: Caller;
  plan: P;
  access: PlanAccess;
}

/**
 * A plan the caller may read, as its read model (a plain object, loaded through ctx.loaders): what
 * reads serve. Another organization's plan, and one the caller may not see, are both 404 so that
 * neither is revealed.
 */
export function visiblePlan(ctx: Context, id: string): Promise<ReadablePlan<PlanView>> {
  return readable(ctx, id, (key) => ctx.loaders.get(plansById).load(key));
}

/** The same check, with the plan as a managed entity: for changes. */
export function readablePlan(ctx: Context, id: string): Promise<ReadablePlan> {
  return readable(ctx, id, async (key) => (await findByIds(ctx.em, Idp, 'id', [key], 'id'))[0]);
}

async function readable<P extends { id: string; sharing: { visibility: Visibility } }>(
  ctx: Context,
  id: string,
  load: (id: string) => Promise<P | undefined>,
): Promise<ReadablePlan<P>> {
  const caller = requireCaller(ctx);
  const orgId = currentOrganization(caller);
  if (isPlanAdmin(caller)) {
    // An ORG_ADMIN may read and change every plan of the organization (the tenant filter keeps
    // it there), so the standing query would only cost a round trip on the most common read.
    const plan = await load(id);
    if (!plan) throw notFound('idp');
    return {
      caller,
      plan,
      access: { id, visibility: plan.sharing.visibility, owner: false, assignee: false, manager: false, chain: false },
    };
  }
  const [access] = await planAccess(ctx.em, caller, orgId, { id });
  const plan = access && canReadPlan(caller, access) ? await load(id) : undefined;
  if (!plan) throw notFound('idp');
  return { caller, plan, access };
}

/**
 * Whether the request's caller may read each of these plans: one standing query for a batch of
 * fields naming plans (a mapping's plan or task), through ctx.loaders. Unknown and foreign ids are
 * false, as a read of them is 404.
 */
export async function plansReadable(
  em: EntityManager,
  ids: readonly string[],
  caller: Caller | null,
): Promise<boolean[]> {
  if (!caller) return ids.map(() => false);
  const access = await planAccess(em, caller, currentOrganization(caller), { ids });
  const readable = new Set(access.filter((a) => canReadPlan(caller, a)).map((a) => a.id));
  return ids.map((id) => readable.has(id));
}

/** The plan as its read model when the caller may read it, else null: for fields naming a plan. */
export async function planIfReadable(ctx: Context, id: string | null): Promise<PlanView | null> {
  if (!id || !(await ctx.loaders.get(plansReadable).load(id))) return null;
  return (await ctx.loaders.get(plansById).load(id)) ?? null;
}

/** The task as its read model when the caller may read its plan, else null: for fields naming a task. */
export async function taskIfReadable(ctx: Context, id: string | null): Promise<TaskView | null> {
  const task = id ? await ctx.loaders.get(tasksById).load(id) : undefined;
  return task && (await planIfReadable(ctx, task.idpId)) ? task : null;
}

/** A readable plan the caller may also change (owner, an assignee's manager, ORG_ADMIN). */
export async function manageablePlan(ctx: Context, id: string): Promise<ReadablePlan> {
  const readable = await readablePlan(ctx, id);
  if (!canManagePlan(readable.caller, readable.access)) throw forbidden(MANAGERS_ONLY);
  return readable;
}
