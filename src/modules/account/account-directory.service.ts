import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  currentOrganization,
  isOrgAdmin,
  readableOrganizations,
  requireCaller,
  requireRoleIn,
} from '../../auth/access';
import type { Caller } from '../../auth/caller';
import type { Context } from '../../auth/context';
import { Role } from '../../auth/roles';
import {
  type Connection,
  findPage,
  LONG_PAGE,
  type LongSyncPageArgs,
  MAX_PAGE,
  type WholeSyncPageArgs,
} from '../../common/connection';
import { groupBy } from '../../common/loaders';
import { checkNamespace, emptyPreferences, type Preferences } from '../../common/preferences';
import { Created, Status } from '../../common/record.embeddables';
import { findInOrganizations, inOrganizations, TENANT_FILTER } from '../../db/tenant-filter';
import { badInput, conflict, forbidden, notFound } from '../../graphql/errors';
import type { StringMap } from '../../graphql/string-map';
import { Employee } from '../employee/employee.entity';
import { OrganizationKey } from '../organization/organization-key.entity';
import { ACCOUNT_STATES, Account } from './account.entity';
import { type AccountInput, AccountUpdateInput, type GrantInput, type RevokeInput } from './account.inputs';
import { copyDeclaredFields } from '../../common/input-fields';
import type { AccountService } from './account.service';
import { AccountPreference } from './account-preference.entity';
import { Grant } from './grant.entity';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LAST_ADMIN = 'an organization must keep at least one ORG_ADMIN';

/**
 * The account routes and fields (/account: accounts, grants, linked employees, preferences; rules in
 * docs/rules.md, "Organizations, roles and accounts"). Accounts span organizations, so they are not
 * tenant-filtered; the caller sees an account when it is their own or holds a grant in the current
 * organization.
 */
/** Fields update() checks or sets with more than the value; the input's other fields are copied as given. */
const ACCOUNT_HANDLED = ['email', 'active'];

export class AccountDirectoryService {
  constructor(private readonly accounts: AccountService) {}

  /** Accounts are no organization's rows: the grant in the current organization is the filter. */
  list(ctx: Context, page: LongSyncPageArgs, role?: Role): Promise<Connection<Account>> {
    const caller = requireCaller(ctx);
    const orgId = currentOrganization(caller);
    const grant = role ? { organization: orgId, role } : { organization: orgId };
    return findPage(ctx.em, Account, { grants: grant }, page, { keys: ['email', 'id'] }, LONG_PAGE, {
      [TENANT_FILTER]: false,
    });
  }

  /** By id or email; 404 unless it is the caller's own or a member of the current organization. */
  async get(ctx: Context, idOrEmail: string): Promise<Account> {
    const caller = requireCaller(ctx);
    const where = UUID.test(idOrEmail) ? { id: idOrEmail.toLowerCase() } : { email: idOrEmail.trim().toLowerCase() };
    const account = await ctx.em.findOne(Account, where);
    if (!account || !(await this.visible(ctx, caller, account.id))) throw notFound('account');
    return account;
  }

  /**
   * Creates the account, or adds an existing one (same email) to the current organization as
   * EMPLOYEE. The answer of an existing account shows what this organization may know of it:
   * who created or changed it is masked (see created/status), its other grants and its
   * preferences are left out.
   */
  async create(ctx: Context, input: AccountInput): Promise<Account> {
    const caller = requireCaller(ctx);
    const orgId = currentOrganization(caller);
    requireRoleIn(caller, orgId, [Role.ORG_ADMIN]);
    return ctx.em.transactional(async (em) => {
      const email = input.email.toLowerCase();
      let account = await em.findOne(Account, { email });
      if (account && (await em.count(Grant, { account: account.id }))) throw conflict('email is already in use');
      account ??= await this.accounts.create(em, email, input.name, caller.actorId);
      em.create(Grant, { account, organization: orgId, role: Role.EMPLOYEE });
      await em.flush();
      return account;
    });
  }

  /** The caller's own account, or any member's for an ORG_ADMIN. `active: false` deactivates. */
  async update(ctx: Context, idOrEmail: string, input: AccountUpdateInput): Promise<Account> {
    const caller = requireCaller(ctx);
    const account = await this.get(ctx, idOrEmail);
    await this.requireSelfOrAdmin(ctx, caller, account.id);
    return ctx.em.transactional(async (em) => {
      copyDeclaredFields(account, input, AccountUpdateInput, em.getMetadata().get(Account), ACCOUNT_HANDLED);
      if (input.email && input.email.toLowerCase() !== account.email) {
        // The email links an unbound account to whoever signs in with it first: only the account
        // itself or a platform ADMIN decides it, never an organization's administrator.
        if (caller.accountId !== account.id && !caller.platformAdmin)
          throw forbidden('only the account itself or a platform ADMIN may change its email');
        if (await em.count(Account, { email: input.email.toLowerCase() })) throw conflict('email is already in use');
        account.email = input.email.toLowerCase();
      }
      if (input.active !== undefined && input.active !== null && input.active !== account.active) {
        if (!input.active) await this.keepAnAdmin(em, account.id);
        account.active = input.active;
        account.status = Status.of(input.active ? ACCOUNT_STATES.ACTIVE : ACCOUNT_STATES.INACTIVE, caller.actorId);
      }
      try {
        await em.flush();
      } catch (error) {
        if (error instanceof UniqueConstraintViolationException) throw conflict('email is already in use');
        throw error;
      }
      return account;
    });
  }

  async grant(ctx: Context, accountId: string, input: GrantInput): Promise<Account> {
    const caller = requireCaller(ctx);
    const orgId = input.orgId ?? currentOrganization(caller);
    requireRoleIn(caller, orgId, [Role.ORG_ADMIN]);
    if (input.role === Role.ADMIN) throw badInput('role must be ORG_ADMIN, MANAGER or EMPLOYEE');
    const account = await ctx.em.findOne(Account, accountId);
    const em = ctx.em.fork();
    // Only accounts the caller can already see may be granted a role; others join through create.
    const seen =
      caller.platformAdmin ||
      (await findInOrganizations(em, Grant, readableOrganizations(caller), { account: accountId })).length > 0;
    if (!account || !seen) throw notFound('account');
    if (input.employeeId) {
      const employees = await findInOrganizations(em, Employee, [orgId], { id: input.employeeId });
      if (!employees.length) throw badInput('employeeId must be an employee of the organization');
    }
    const [existing] = await findInOrganizations(em, Grant, [orgId], { account: accountId, role: input.role });
    if (existing) existing.employeeId = input.employeeId ?? existing.employeeId;
    else
      em.create(Grant, {
        account: accountId,
        organization: orgId,
        role: input.role,
        employeeId: input.employeeId ?? null,
      });
    await em.flush();
    ctx.loaders.get(grantsByAccount).clear(accountId);
    return account;
  }

  async revoke(ctx: Context, accountId: string, input: RevokeInput): Promise<Account> {
    const caller = requireCaller(ctx);
    const orgId = input.orgId ?? currentOrganization(caller);
    requireRoleIn(caller, orgId, [Role.ORG_ADMIN]);
    const account = await ctx.em.findOne(Account, accountId);
    if (!account) throw notFound('account');
    const em = ctx.em.fork();
    const [grant] = await findInOrganizations(em, Grant, [orgId], { account: accountId, role: input.role });
    if (!grant) throw notFound('grant');
    if (input.role === Role.ORG_ADMIN) {
      const admins = await findInOrganizations(em, Grant, [orgId], { role: Role.ORG_ADMIN, account: { active: true } });
      if (admins.filter((g) => g.account.id !== accountId).length === 0) throw conflict(LAST_ADMIN);
    }
    await em.remove(grant).flush();
    ctx.loaders.get(grantsByAccount).clear(accountId);
    return account;
  }

  /** The account's grants in the organizations the caller can see. */
  async grants(ctx: Context, account: Account): Promise<Grant[]> {
    const caller = requireCaller(ctx);
    const readable = readableOrganizations(caller);
    const grants = await ctx.loaders.get(grantsByAccount).load(account.id);
    return readable === 'all' ? grants : grants.filter((g) => readable.includes(g.organization.id));
  }

  /**
   * Employee records linked to the account, in the organizations the caller can see, by name: they
   * span organizations, so the tenant filter is off and inOrganizations draws the wall.
   */
  async employees(ctx: Context, accountId: string, page: WholeSyncPageArgs): Promise<Connection<Employee>> {
    const caller = requireCaller(ctx);
    await this.get(ctx, accountId);
    const where = inOrganizations<Employee>(readableOrganizations(caller), { account: accountId });
    return findPage(ctx.em, Employee, where, page, { keys: ['name', 'id'] }, MAX_PAGE, { [TENANT_FILTER]: false });
  }

  /** An account's preferences are its own (and a platform ADMIN's): to anyone else the list is empty. */
  async preferences(ctx: Context, account: Account): Promise<Preferences[]> {
    if (!ownsPreferences(requireCaller(ctx), account.id)) return [];
    return ctx.loaders.get(preferencesByAccount).load(account.id);
  }

  async getPreferences(ctx: Context, accountId: string, namespace: string): Promise<Preferences> {
    const account = await this.get(ctx, accountId);
    requireOwnPreferences(requireCaller(ctx), account.id);
    checkNamespace(namespace);
    return (await ctx.em.findOne(AccountPreference, { account: account.id, namespace })) ?? emptyPreferences(namespace);
  }

  async setPreferences(ctx: Context, accountId: string, namespace: string, values: StringMap): Promise<Preferences> {
    const caller = requireCaller(ctx);
    const account = await this.get(ctx, accountId);
    requireOwnPreferences(caller, account.id);
    checkNamespace(namespace);
    const preference =
      (await ctx.em.findOne(AccountPreference, { account: account.id, namespace })) ??
      ctx.em.create(AccountPreference, { account, namespace, values });
    preference.values = values;
    await ctx.em.flush();
    return preference;
  }

  /** When and by whom the account was created; the creator only when the caller may know them. */
  async created(ctx: Context, account: Account): Promise<Created> {
    return Object.assign(new Created(), account.created, {
      createdBy: await this.knownActor(ctx, account, account.created.createdBy),
    });
  }

  /** The account's state; who changed it last only when the caller may know them. */
  async status(ctx: Context, account: Account): Promise<Status> {
    return Object.assign(new Status(), account.status, {
      changedBy: await this.knownActor(ctx, account, account.status.changedBy),
    });
  }

  /**
   * An account spans organizations, so its createdBy/changedBy may name someone of an
   * organization the caller has nothing to do with: shown only when it is the account itself,
   * the caller, or an account or key of the current organization (to a platform ADMIN: always).
   */
  private async knownActor(ctx: Context, account: Account, actor: string | null | undefined): Promise<string | null> {
    if (!actor) return null;
    const caller = requireCaller(ctx);
    if (caller.platformAdmin || actor === account.id || actor === caller.actorId) return actor;
    return (await ctx.loaders.get(actorsOfCurrentOrganization).load(actor)) ? actor : null;
  }

  private async visible(ctx: Context, caller: Caller, accountId: string): Promise<boolean> {
    return mayShow(caller, accountId, async () => (await ctx.em.count(Grant, { account: accountId })) > 0);
  }

  private async requireSelfOrAdmin(ctx: Context, caller: Caller, accountId: string): Promise<void> {
    if (caller.accountId === accountId || caller.platformAdmin) return;
    if (!caller.orgId || !caller.roles.has(Role.ORG_ADMIN))
      throw forbidden('only the account itself or an ORG_ADMIN may change it');
    if (!(await ctx.em.count(Grant, { account: accountId }))) throw notFound('account');
    // Whoever deactivates or renames the account does it in every organization it belongs to: one
    // organization's administrator may do that only to accounts that belong to no organization
    // they do not administer. (Its email is the account's own or a platform ADMIN's: see update.)
    const administered = [...new Set([caller.orgId, ...caller.memberships.keys()])].filter((orgId) =>
      isOrgAdmin(caller, orgId),
    );
    const elsewhere = await ctx.em.count(
      Grant,
      { account: accountId, organization: { $nin: administered } },
      { filters: { [TENANT_FILTER]: false } },
    );
    if (elsewhere)
      throw forbidden(
        'the account belongs to other organizations too: only the account itself or a platform ADMIN may change it',
      );
  }

  /** Refuses to deactivate the only active ORG_ADMIN of any organization. */
  private async keepAnAdmin(em: EntityManager, accountId: string): Promise<void> {
    const adminOf = await findInOrganizations(em, Grant, 'all', { account: accountId, role: Role.ORG_ADMIN });
    for (const grant of adminOf) {
      const others = await findInOrganizations(em, Grant, [grant.organization.id], {
        role: Role.ORG_ADMIN,
        account: { id: { $ne: accountId }, active: true },
      });
      if (others.length === 0) throw conflict(LAST_ADMIN);
    }
  }
}

/** All grants of the accounts (tenant filter lifted); grants() keeps those the caller may see. */
async function grantsByAccount(em: EntityManager, accountIds: readonly string[]): Promise<Grant[][]> {
  const grants = await em.find(
    Grant,
    { account: { $in: [...accountIds] } },
    { filters: { [TENANT_FILTER]: false }, orderBy: { createdAt: 'asc' } },
  );
  return groupBy(accountIds, grants, (g) => g.account.id);
}

/**
 * Whether the caller may see an account: their own, any to a platform ADMIN, otherwise one holding
 * a grant in the current organization (`granted`, asked only when it decides).
 */
async function mayShow(caller: Caller, accountId: string, granted: () => Promise<boolean>): Promise<boolean> {
  if (caller.platformAdmin || caller.accountId === accountId) return true;
  return caller.orgId !== null && (await granted());
}

/**
 * An account as the `account` query would show it to the caller (same rule, mayShow), or null:
 * for relation fields (a plan's owner, a note's author, an employee's account), batched per request.
 */
export async function visibleAccount(ctx: Context, accountId: string | null | undefined): Promise<Account | null> {
  if (!accountId) return null;
  const caller = requireCaller(ctx);
  const { account, granted } = await ctx.loaders.get(accountsById).load(accountId);
  return account && (await mayShow(caller, accountId, async () => granted)) ? account : null;
}

/**
 * Accounts by id, each with whether it holds a grant in the current organization: two statements
 * for any number of ids. Accounts are not tenant-filtered; grants are.
 */
async function accountsById(
  em: EntityManager,
  ids: readonly string[],
): Promise<{ account: Account | undefined; granted: boolean }[]> {
  const [accounts, grants] = await Promise.all([
    em.find(Account, { id: { $in: [...ids] } }),
    em.find(Grant, { account: { $in: [...ids] } }, { fields: ['account'] }),
  ]);
  const granted = new Set(grants.map((g) => g.account.id));
  const byId = new Map(accounts.map((a) => [a.id, a]));
  return ids.map((id) => ({ account: byId.get(id), granted: granted.has(id) }));
}

/** Whether each actor id is an account with a grant in, or a key of, the current organization (tenant filter on). */
async function actorsOfCurrentOrganization(em: EntityManager, actorIds: readonly string[]): Promise<boolean[]> {
  const ids = [...actorIds];
  const [grants, keys] = await Promise.all([
    em.find(Grant, { account: { $in: ids } }, { fields: ['account'] }),
    em.find(OrganizationKey, { id: { $in: ids } }, { fields: ['id'] }),
  ]);
  const known = new Set([...grants.map((g) => g.account.id), ...keys.map((k) => k.id)]);
  return actorIds.map((id) => known.has(id));
}

function ownsPreferences(caller: Caller, accountId: string): boolean {
  return caller.platformAdmin || caller.accountId === accountId;
}

/** 403: the account is visible to the caller (checked before), its preferences are not theirs. */
function requireOwnPreferences(caller: Caller, accountId: string): void {
  if (!ownsPreferences(caller, accountId))
    throw forbidden('an account’s preferences are the account’s own (and a platform ADMIN’s)');
}

async function preferencesByAccount(em: EntityManager, accountIds: readonly string[]): Promise<AccountPreference[][]> {
  const rows = await em.find(
    AccountPreference,
    { account: { $in: [...accountIds] } },
    { orderBy: { namespace: 'asc' } },
  );
  return groupBy(accountIds, rows, (p) => p.account.id);
}
