import { ListBound } from '../../common/part-list';
import { firstParts, PartArgs, PartList } from '../../common/part-list';
import { Arg, Args, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../auth/context';
import { type Connection, ConnectionType } from '../../common/connection';
import { GraphOnly } from '../../graphql/rest-fields';
import { UUIDScalar } from '../../graphql/scalars';
import { Account } from '../account/account.entity';
import { visibleAccount } from '../account/account-directory.service';
import { Employee } from './employee.entity';
import { EmployeeInput, EmployeeListArgs, EmployeeUpdateInput } from './employee.inputs';
import type { EmployeeService } from './employee.service';

export const EmployeeConnection = ConnectionType(Employee);

@Resolver(() => Employee)
export class EmployeeResolver {
  constructor(private readonly service: EmployeeService) {}

  @Authorized()
  @Query(() => EmployeeConnection, { description: 'Employees of the current organization, by name' })
  employees(@Ctx() ctx: Context, @Args(() => EmployeeListArgs) args: EmployeeListArgs): Promise<Connection<Employee>> {
    return this.service.list(ctx, args);
  }

  @Authorized()
  @Query(() => Employee)
  employee(@Ctx() ctx: Context, @Arg('id', () => UUIDScalar) id: string): Promise<Employee> {
    return this.service.get(ctx, id);
  }

  @Authorized()
  @Query(() => EmployeeConnection, { description: 'The employees who report to this one' })
  directReports(
    @Ctx() ctx: Context,
    @Arg('id', () => UUIDScalar) id: string,
    @Args(() => EmployeeListArgs) args: EmployeeListArgs,
  ): Promise<Connection<Employee>> {
    return this.service.get(ctx, id).then(() => this.service.list(ctx, { ...args, manager: id }));
  }

  @Authorized()
  @Query(() => [Employee], { description: 'The managers above this employee, nearest first' })
  @ListBound(1000)
  managerChain(@Ctx() ctx: Context, @Arg('id', () => UUIDScalar) id: string): Promise<Employee[]> {
    return this.service.managerChain(ctx, id);
  }

  @Authorized()
  @Mutation(() => Employee)
  createEmployee(@Ctx() ctx: Context, @Arg('input', () => EmployeeInput) input: EmployeeInput): Promise<Employee> {
    return this.service.create(ctx, input);
  }

  @Authorized()
  @Mutation(() => Employee)
  updateEmployee(
    @Ctx() ctx: Context,
    @Arg('id', () => UUIDScalar) id: string,
    @Arg('input', () => EmployeeUpdateInput) input: EmployeeUpdateInput,
  ): Promise<Employee> {
    return this.service.update(ctx, id, input);
  }

  @Authorized()
  @Mutation(() => Employee, { description: 'Sets active to false' })
  deactivateEmployee(@Ctx() ctx: Context, @Arg('id', () => UUIDScalar) id: string): Promise<Employee> {
    return this.service.update(ctx, id, { active: false });
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'Deletes the employee; their reports keep no manager' })
  deleteEmployee(@Ctx() ctx: Context, @Arg('id', () => UUIDScalar) id: string): Promise<boolean> {
    return this.service.delete(ctx, id);
  }

  // Relations as objects, for GraphQL only: REST answers keep the ids (managerId under `manager`,
  // accountId under `account`).

  @FieldResolver(() => Employee, {
    nullable: true,
    description: 'The manager; null without one (or for an employee of another organization than the current one)',
  })
  @GraphOnly()
  manager(@Ctx() ctx: Context, @Root() employee: Employee): Promise<Employee | null> {
    return this.service.manager(ctx, employee);
  }

  @FieldResolver(() => Account, {
    nullable: true,
    description: 'The linked account; null without one, or when the caller may not see it (as with the account query)',
  })
  @GraphOnly()
  account(@Ctx() ctx: Context, @Root() employee: Employee): Promise<Account | null> {
    return visibleAccount(ctx, employee.account?.id);
  }

  @FieldResolver(() => [Employee], { description: 'The employees who report directly to this one, by name' })
  @GraphOnly()
  @PartList()
  reports(@Ctx() ctx: Context, @Root() employee: Employee, @Args() parts: PartArgs): Promise<Employee[]> {
    return this.service.reports(ctx, employee).then((all) => firstParts(all, parts));
  }
}
