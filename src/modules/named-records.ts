import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { Context } from '../auth/context';
import { GraphOnly } from '../graphql/rest-fields';
import { Account } from './account/account.entity';
import { visibleAccount } from './account/account-directory.service';
import { Employee } from './employee/employee.entity';
import { Group } from './group/group.entity';

/** A row that names a record by type and id: a plan's or task's assignee, a mapping. */
interface NamesRecord {
  entityType: string;
  entityId: string;
}

/** The row's entityId when it names a record of `type` (EMPLOYEE, GROUP or ACCOUNT in both enums). */
const idOf = (row: NamesRecord, type: 'EMPLOYEE' | 'GROUP' | 'ACCOUNT') =>
  row.entityType === type ? row.entityId : null;

/**
 * A resolver adding `employee`, `group` and `account` to a type whose rows name a record by
 * entityType and entityId (GraphQL only; REST keeps the two). Each loads in one batch per request
 * through the tenant filter; the fields of the other types, and a record gone or out of view, are
 * null. One class per type, built alike.
 */
export function namedRecordFieldsOf(target: abstract new (...args: never[]) => object, what: string) {
  @Resolver(() => target)
  class NamedRecordResolver {
    @FieldResolver(() => Employee, { nullable: true, description: `The ${what} employee, when entityType is EMPLOYEE` })
    @GraphOnly()
    employee(@Ctx() ctx: Context, @Root() row: NamesRecord): Promise<Employee | null> {
      return ctx.loaders.one(Employee, idOf(row, 'EMPLOYEE'));
    }

    @FieldResolver(() => Group, { nullable: true, description: `The ${what} group, when entityType is GROUP` })
    @GraphOnly()
    group(@Ctx() ctx: Context, @Root() row: NamesRecord): Promise<Group | null> {
      return ctx.loaders.one(Group, idOf(row, 'GROUP'));
    }

    @FieldResolver(() => Account, {
      nullable: true,
      description: `The ${what} account, when entityType is ACCOUNT and the caller may see it (as with the account query)`,
    })
    @GraphOnly()
    account(@Ctx() ctx: Context, @Root() row: NamesRecord): Promise<Account | null> {
      return visibleAccount(ctx, idOf(row, 'ACCOUNT'));
    }
  }
  Object.defineProperty(NamedRecordResolver, 'name', { value: `${target.name}NamedRecordResolver` });
  return NamedRecordResolver;
}
