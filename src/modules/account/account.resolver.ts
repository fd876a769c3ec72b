import { firstParts, PartArgs, PartList } from '../../common/part-list';
import { Arg, Args, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../auth/context';
import { type Connection, ConnectionType, LongSyncPageArgs, WholeSyncPageArgs } from '../../common/connection';
import { Role } from '../../auth/roles';
import { Preferences, PreferencesInput } from '../../common/preferences';
import { Created, Status } from '../../common/record.embeddables';
import { UUIDScalar } from '../../graphql/scalars';
import { Employee } from '../employee/employee.entity';
import { EmployeeConnection } from '../employee/employee.resolver';
import { Account } from './account.entity';
import { AccountInput, AccountUpdateInput, GrantInput, RevokeInput } from './account.inputs';
import type { AccountDirectoryService } from './account-directory.service';
import { Grant } from './grant.entity';

export const AccountConnection = ConnectionType(Account);

@Resolver(() => Account)
export class AccountResolver {
  constructor(private readonly service: AccountDirectoryService) {}

  @Authorized()
  @Query(() => AccountConnection, { description: 'Accounts holding a grant in the current organization, by email' })
  accounts(@Ctx() ctx: Context, @Args(() => LongSyncPageArgs) page: LongSyncPageArgs): Promise<Connection<Account>> {
    return this.service.list(ctx, page);
  }

  @Authorized()
  @Query(() => AccountConnection, { description: 'Accounts that are ORG_ADMIN of the current organization' })
  orgAdmins(@Ctx() ctx: Context, @Args(() => LongSyncPageArgs) page: LongSyncPageArgs): Promise<Connection<Account>> {
    return this.service.list(ctx, page, Role.ORG_ADMIN);
  }

  @Authorized()
  @Query(() => Account, { description: 'An account by id or email' })
  account(@Ctx() ctx: Context, @Arg('accountIdOrEmail', () => String) accountIdOrEmail: string): Promise<Account> {
    return this.service.get(ctx, accountIdOrEmail);
  }

  @Authorized()
  @Query(() => EmployeeConnection, {
    description: 'Employee records linked to an account, in organizations the caller can see, by name',
  })
  accountEmployees(
    @Ctx() ctx: Context,
    @Arg('accountId', () => UUIDScalar) accountId: string,
    @Args(() => WholeSyncPageArgs) page: WholeSyncPageArgs,
  ): Promise<Connection<Employee>> {
    return this.service.employees(ctx, accountId, page);
  }

  @Authorized()
  @Query(() => Preferences)
  accountPreferences(
    @Ctx() ctx: Context,
    @Arg('accountId', () => UUIDScalar) accountId: string,
    @Arg('namespace', () => String) namespace: string,
  ): Promise<Preferences> {
    return this.service.getPreferences(ctx, accountId, namespace);
  }

  @Authorized()
  @Mutation(() => Account, {
    description: 'Creates an account (or adds an existing one by email) with an EMPLOYEE grant here',
  })
  createAccount(@Ctx() ctx: Context, @Arg('input', () => AccountInput) input: AccountInput): Promise<Account> {
    return this.service.create(ctx, input);
  }

  @Authorized()
  @Mutation(() => Account)
  updateAccount(
    @Ctx() ctx: Context,
    @Arg('accountIdOrEmail', () => String) accountIdOrEmail: string,
    @Arg('input', () => AccountUpdateInput) input: AccountUpdateInput,
  ): Promise<Account> {
    return this.service.update(ctx, accountIdOrEmail, input);
  }

  @Authorized()
  @Mutation(() => Account)
  grantRole(
    @Ctx() ctx: Context,
    @Arg('accountId', () => UUIDScalar) accountId: string,
    @Arg('input', () => GrantInput) input: GrantInput,
  ): Promise<Account> {
    return this.service.grant(ctx, accountId, input);
  }

  @Authorized()
  @Mutation(() => Account, { description: 'Revokes a role; the last ORG_ADMIN of an organization stays (409)' })
  revokeRole(
    @Ctx() ctx: Context,
    @Arg('accountId', () => UUIDScalar) accountId: string,
    @Arg('input', () => RevokeInput) input: RevokeInput,
  ): Promise<Account> {
    return this.service.revoke(ctx, accountId, input);
  }

  @Authorized()
  @Mutation(() => Preferences, { description: 'Replaces one preferences namespace of an account' })
  setAccountPreferences(
    @Ctx() ctx: Context,
    @Arg('accountId', () => UUIDScalar) accountId: string,
    @Arg('namespace', () => String) namespace: string,
    @Arg('input', () => PreferencesInput) input: PreferencesInput,
  ): Promise<Preferences> {
    return this.service.setPreferences(ctx, accountId, namespace, input.values);
  }

  @FieldResolver(() => [Grant], { name: 'grants', description: 'Grants in the organizations the caller can see' })
  @PartList()
  grantList(@Ctx() ctx: Context, @Root() account: Account, @Args() parts: PartArgs): Promise<Grant[]> {
    return this.service.grants(ctx, account).then((all) => firstParts(all, parts));
  }

  @FieldResolver(() => Created, { name: 'created' })
  createdField(@Ctx() ctx: Context, @Root() account: Account): Promise<Created> {
    return this.service.created(ctx, account);
  }

  @FieldResolver(() => Status, { name: 'status' })
  statusField(@Ctx() ctx: Context, @Root() account: Account): Promise<Status> {
    return this.service.status(ctx, account);
  }

  // Empty to anyone but the account itself and a platform ADMIN (docs/rules.md).
  @FieldResolver(() => [Preferences], { name: 'preferences' })
  @PartList()
  preferenceList(@Ctx() ctx: Context, @Root() account: Account, @Args() parts: PartArgs): Promise<Preferences[]> {
    return this.service.preferences(ctx, account).then((all) => firstParts(all, parts));
  }
}
