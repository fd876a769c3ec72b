import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { currentOrganization, requireCaller, requireRoleIn } from '../../auth/access';
import type { Context } from '../../auth/context';
import { Role } from '../../auth/roles';
import { groupBy } from '../../common/loaders';
import { copyDeclaredFields } from '../../common/input-fields';
import { Created } from '../../common/record.embeddables';
import { badInput, conflict, notFound } from '../../graphql/errors';
import { Employee } from '../employee/employee.entity';
import { Group } from './group.entity';
import { type GroupInput, GroupUpdateInput } from './group.inputs';
import { GroupMember } from './group-member.entity';
import { type Connection, findPage, LONG_PAGE, type LongSyncPageArgs } from '../../common/connection';

const NAME_IN_USE = 'name is already used by another group';

/** Groups of the current organization: members read, ORG_ADMIN writes. */
export class GroupService {
  /** A page by name (or by change, with updatedSince); REST's pages hold 100 unless asked otherwise. */
  list(ctx: Context, args: LongSyncPageArgs): Promise<Connection<Group>> {
    requireCaller(ctx);
    return findPage(ctx.em, Group, {}, args, { keys: ['name', 'id'] }, LONG_PAGE);
  }

  async get(ctx: Context, id: string): Promise<Group> {
    requireCaller(ctx);
    const group = await ctx.em.findOne(Group, id);
    if (!group) throw notFound('group');
    return group;
  }

  async create(ctx: Context, input: GroupInput): Promise<Group> {
    const caller = requireCaller(ctx);
    const orgId = currentOrganization(caller);
    requireRoleIn(caller, orgId, [Role.ORG_ADMIN]);
    return this.flushing(ctx, async (em) => {
      const group = em.create(Group, {
        organization: orgId,
        name: input.name,
        description: input.description ?? null,
        created: Created.by(caller.actorId),
      });
      if (input.members?.length) await this.addMembers(em, group, input.members, 'members');
      return group;
    });
  }

  async update(ctx: Context, id: string, input: GroupUpdateInput): Promise<Group> {
    const group = await this.adminGet(ctx, id);
    return this.flushing(ctx, async (em) => {
      copyDeclaredFields(group, input, GroupUpdateInput, em.getMetadata().get(Group));
      return group;
    });
  }

  async delete(ctx: Context, id: string): Promise<boolean> {
    const group = await this.adminGet(ctx, id);
    await ctx.em.remove(group).flush();
    return true;
  }

  async add(ctx: Context, id: string, employeeIds: string[]): Promise<Group> {
    const group = await this.adminGet(ctx, id);
    return this.flushing(ctx, async (em) => {
      await this.addMembers(em, group, employeeIds, 'employeeIds');
      ctx.loaders.get(membersByGroup).clear(group.id);
      return group;
    });
  }

  async remove(ctx: Context, id: string, employeeIds: string[]): Promise<Group> {
    const group = await this.adminGet(ctx, id);
    const members = await ctx.em.find(GroupMember, { group: group.id, employee: { $in: employeeIds } });
    if (members.length === 0) throw notFound('member');
    await ctx.em.remove(members).flush();
    ctx.loaders.get(membersByGroup).clear(group.id);
    return group;
  }

  async members(ctx: Context, group: Group): Promise<Employee[]> {
    return ctx.loaders.get(membersByGroup).load(group.id);
  }

  /**
   * Employees are found through the tenant filter, so only this organization's can join. `field`
   * is the input field the ids came in (members on create, employeeIds on add), named in the error.
   */
  /**
   * Employees are found through the tenant filter, so only this organization's can join. `field`
   * is the input field the ids came in (members on create, employeeIds on add), named in the error.
   * Memberships already there are skipped; one that a concurrent request adds meanwhile breaks the
   * membership key, and flushing() then runs the change again, which skips it.
   */
  private async addMembers(
    em: EntityManager,
    group: Group,
    employeeIds: string[],
    field: 'members' | 'employeeIds',
  ): Promise<void> {
    const wanted = [...new Set(employeeIds)];
    const employees = await em.find(Employee, { id: { $in: wanted } });
    if (employees.length !== wanted.length) throw badInput(`${field} must be employees of the organization`);
    const present = await em.find(GroupMember, { group: group.id, employee: { $in: wanted } });
    const already = new Set(present.map((m) => m.employee.id));
    const addedAt = new Date();
    for (const employee of employees)
      if (!already.has(employee.id)) em.create(GroupMember, { group, employee, addedAt });
  }

  private async adminGet(ctx: Context, id: string): Promise<Group> {
    const caller = requireCaller(ctx);
    const group = await this.get(ctx, id);
    requireRoleIn(caller, group.organization.id, [Role.ORG_ADMIN]);
    return group;
  }

  /** Runs the change in a transaction and answers a name clash as 409; a membership added concurrently reruns it. */
  private async flushing(ctx: Context, change: (em: EntityManager) => Promise<Group>): Promise<Group> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await ctx.em.transactional(change);
      } catch (error) {
        if (!(error instanceof UniqueConstraintViolationException)) throw error;
        if ((error as { constraint?: string }).constraint === 'group_member_pkey' && attempt < 3) continue;
        throw conflict(NAME_IN_USE);
      }
    }
  }
}

async function membersByGroup(em: EntityManager, groupIds: readonly string[]): Promise<Employee[][]> {
  const members = await em.find(
    GroupMember,
    { group: { $in: [...groupIds] } },
    { populate: ['employee'], orderBy: { employee: { name: 'asc' } } },
  );
  return groupBy(groupIds, members, (m) => m.group.id).map((list) => list.map((m) => m.employee.unwrap()));
}
