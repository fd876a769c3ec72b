import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { currentOrganization, requireCaller, requireRoleIn } from '../../auth/access';
import type { Context } from '../../auth/context';
import { Role } from '../../auth/roles';
import { type Connection, findPage } from '../../common/connection';
import { copyDeclaredFields } from '../../common/input-fields';
import { groupBy } from '../../common/loaders';
import { Created } from '../../common/record.embeddables';
import { badInput, conflict, notFound } from '../../graphql/errors';
import { Account } from '../account/account.entity';
import { Employee } from './employee.entity';
import { EmployeeInput, type EmployeeListArgs, EmployeeUpdateInput } from './employee.inputs';
import { Grant } from '../account/grant.entity';

/** Input fields apply() checks and sets itself; every other declared field is copied as given. */
const LINKS = ['manager', 'account'];

/** The order of the employee list: by name, the id breaking ties. */
const EMPLOYEE_ORDER = { keys: ['name', 'id'] } as const;

/** Employees of the current organization: members read, ORG_ADMIN writes. */
export class EmployeeService {
  /** A page ordered by name then id (or by change, with updatedSince); the tenant filter keeps it to the current organization. */
  list(ctx: Context, args: EmployeeListArgs): Promise<Connection<Employee>> {
    requireCaller(ctx);
    const where: FilterQuery<Employee> = {};
    if (args.department !== undefined) where.department = args.department;
    if (args.manager !== undefined) where.manager = args.manager;
    if (args.active !== undefined) where.active = args.active;
    if (args.account !== undefined) where.account = args.account;
    return findPage(ctx.em, Employee, where, args, EMPLOYEE_ORDER);
  }

  async get(ctx: Context, id: string): Promise<Employee> {
    requireCaller(ctx);
    const employee = await ctx.em.findOne(Employee, id);
    if (!employee) throw notFound('employee');
    return employee;
  }

  /** The managers above an employee, nearest first, in one recursive query. */
  async managerChain(ctx: Context, id: string): Promise<Employee[]> {
    const employee = await this.get(ctx, id);
    const ids = await this.chainIds(ctx.em, employee.manager?.id ?? null);
    const managers = await ctx.em.find(Employee, { id: { $in: ids } });
    const byId = new Map(managers.map((m) => [m.id, m]));
    return ids.map((managerId) => byId.get(managerId)).filter((m): m is Employee => m !== undefined);
  }

  /**
   * The employee's manager, batched for a page of employees. Read through the tenant filter: an
   * employee of another organization (accountEmployees lists them) answers null.
   */
  manager(ctx: Context, employee: Employee): Promise<Employee | null> {
    return ctx.loaders.one(Employee, employee.manager?.id);
  }

  /** Who reports to the employee, by name, batched for a page of employees (tenant-filtered). */
  reports(ctx: Context, employee: Employee): Promise<Employee[]> {
    return ctx.loaders.get(reportsByManager).load(employee.id);
  }

  async create(ctx: Context, input: EmployeeInput): Promise<Employee> {
    const caller = requireCaller(ctx);
    const orgId = currentOrganization(caller);
    requireRoleIn(caller, orgId, [Role.ORG_ADMIN]);
    return ctx.em.transactional(async (em) => {
      const employee = em.create(Employee, {
        organization: orgId,
        name: input.name,
        active: input.active ?? true,
        created: Created.by(caller.actorId),
      });
      await this.apply(em, employee, input, EmployeeInput);
      return employee;
    });
  }

  async update(ctx: Context, id: string, input: EmployeeUpdateInput): Promise<Employee> {
    const caller = requireCaller(ctx);
    const employee = await this.get(ctx, id);
    requireRoleIn(caller, employee.organization.id, [Role.ORG_ADMIN]);
    return ctx.em.transactional(async (em) => {
      await this.apply(em, employee, input, EmployeeUpdateInput);
      return employee;
    });
  }

  async delete(ctx: Context, id: string): Promise<boolean> {
    const caller = requireCaller(ctx);
    const employee = await this.get(ctx, id);
    requireRoleIn(caller, employee.organization.id, [Role.ORG_ADMIN]);
    await ctx.em.remove(employee).flush();
    return true;
  }

  /**
   * Sets the input's fields and links, checks them, and flushes. Runs inside the caller's
   * transaction: the ORM flushes pending changes before its look-ups, so a refused change must
   * roll back rather than leave half of itself stored.
   */
  private async apply(
    em: EntityManager,
    employee: Employee,
    input: EmployeeInput | EmployeeUpdateInput,
    inputClass: typeof EmployeeInput | typeof EmployeeUpdateInput,
  ): Promise<void> {
    copyDeclaredFields(employee, input, inputClass, em.getMetadata().get(Employee), LINKS);
    if (employee.email) employee.email = employee.email.toLowerCase();
    if (input.manager !== undefined) {
      if (input.manager === null) employee.manager = null;
      else {
        const manager = await em.findOne(Employee, input.manager);
        if (!manager) throw badInput('manager must be an employee of the organization');
        if (manager.id === employee.id || (await this.chainIds(em, manager.id)).includes(employee.id)) {
          throw badInput('manager would make a reporting cycle');
        }
        employee.manager = em.getReference(Employee, manager.id, { wrapped: true });
      }
    }
    if (input.account !== undefined) {
      if (input.account === null) employee.account = null;
      else {
        // Grants are tenant-filtered: this counts grants in the employee's organization only.
        if (!(await em.count(Grant, { account: input.account })))
          throw badInput('account must be an account of the organization');
        employee.account = em.getReference(Account, input.account, { wrapped: true });
      }
    }
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException)
        throw conflict('account is already linked to another employee');
      throw error;
    }
  }

  /**
   * Ids of `start` and every manager above it, following manager links (bounded against loops).
   * Raw SQL skips the tenant filter; it is safe because `start` was read through it and manager
   * links never leave an organization (apply() only accepts managers found through the filter).
   * `em.execute` runs inside the caller's transaction, which matters with one embedded connection.
   */
  private async chainIds(em: EntityManager, start: string | null): Promise<string[]> {
    if (!start) return [];
    const rows: { id: string }[] = await em.execute(
      `with recursive chain(id, manager_id, depth) as (
         select id, manager_id, 0 from employee where id = ?
         union all
         select e.id, e.manager_id, c.depth + 1 from employee e join chain c on e.id = c.manager_id where c.depth < 1000
       ) select id from chain order by depth`,
      [start],
    );
    return rows.map((row) => row.id);
  }
}

async function reportsByManager(em: EntityManager, managerIds: readonly string[]): Promise<Employee[][]> {
  const reports = await em.find(
    Employee,
    { manager: { $in: [...managerIds] } },
    { orderBy: { name: 'asc', id: 'asc' } },
  );
  return groupBy(managerIds, reports, (e) => e.manager!.id);
}
