import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { currentOrganization, isOrgAdmin, requireCaller, requireRoleIn, canRead } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import type { Context } from '../../auth/context';
import { Role } from '../../auth/roles';
import { type Connection, findPage, MAX_PAGE, type WholeSyncPageArgs } from '../../common/connection';
import { flushUnique } from '../../common/flush-unique';
import { groupBy } from '../../common/loaders';
import { Created, Status } from '../../common/record.embeddables';
import type { SecretBox } from '../../common/secret-box';
import { findInOrganizations, TENANT_FILTER } from '../../db/tenant-filter';
import type { Config } from '../../config';
import { badInput, conflict, forbidden, notFound } from '../../graphql/errors';
import { Account } from '../account/account.entity';
import type { AccountService } from '../account/account.service';
import { Grant } from '../account/grant.entity';
import { ORGANIZATION_STATES, Organization } from './organization.entity';
import {
  type OrganizationInput,
  type OrganizationKeyInput,
  type OrganizationProfileInput,
  OrganizationUpdateInput,
} from './organization.inputs';
import { OrganizationKey } from './organization-key.entity';
import { OrganizationProfile, PROFILE_FIELDS } from './organization-profile.embeddable';
import { copyDeclaredFields } from '../../common/input-fields';

const ALIAS_IN_USE = 'alias is already in use';

/** Organizations: the rules, the access checks and the EntityManager work behind both APIs. */
/** Fields update() checks or sets with more than the value; the input's other fields are copied as given. */
const ORGANIZATION_HANDLED = ['alias', 'active', 'ownerEmail', 'notificationDomains'];

export class OrganizationService {
  constructor(
    private readonly secrets: SecretBox,
    private readonly accounts: AccountService,
    /** Who may create organizations (ORG_CREATION): any signed-in caller, or platform ADMIN only. */
    private readonly creation: Config['orgCreation'] = 'anyone',
  ) {}

  /** Organizations are no tenant's rows, so no filter is switched off: the caller's grants scope the list. */
  list(ctx: Context, page: WholeSyncPageArgs): Promise<Connection<Organization>> {
    const caller = requireCaller(ctx);
    const where = caller.platformAdmin ? {} : { id: { $in: [...caller.memberships.keys()] } };
    return findPage(ctx.em, Organization, where, page, { keys: ['name', 'id'] }, MAX_PAGE);
  }

  /** An organization the caller may read; the current one when `id` is omitted. */
  async get(ctx: Context, id?: string | null): Promise<Organization> {
    const caller = requireCaller(ctx);
    const orgId = id ?? currentOrganization(caller);
    if (!canRead(caller, orgId)) throw notFound('organization');
    const org = await ctx.em.findOne(Organization, orgId);
    if (!org) throw notFound('organization');
    return org;
  }

  async getByAlias(ctx: Context, alias: string): Promise<Organization> {
    const caller = requireCaller(ctx);
    const org = await ctx.em.findOne(Organization, { alias: alias.toLowerCase() });
    if (!org || !canRead(caller, org.id)) throw notFound('organization');
    return org;
  }

  async create(ctx: Context, input: OrganizationInput): Promise<Organization> {
    const caller = requireCaller(ctx);
    if (this.creation === 'admin' && !caller.platformAdmin)
      throw forbidden('creating organizations needs a platform ADMIN (ORG_CREATION=admin)');
    return ctx.em.transactional(async (em) => {
      const owner = await this.ownerAccount(em, caller, input.ownerEmail);
      const alias = input.alias ?? (await this.freeAlias(em, input.name));
      if (input.alias && (await em.count(Organization, { alias }))) throw conflict(ALIAS_IN_USE);
      const org = em.create(Organization, {
        name: input.name,
        alias,
        active: true,
        owners: [owner.id],
        status: Status.of(ORGANIZATION_STATES.ACTIVE, caller.actorId),
        created: Created.by(caller.actorId),
        profile: new OrganizationProfile(),
      });
      em.create(Grant, { account: owner, organization: org, role: Role.ORG_ADMIN });
      await flushUnique(em, ALIAS_IN_USE);
      return org;
    });
  }

  async update(ctx: Context, id: string | null | undefined, input: OrganizationUpdateInput): Promise<Organization> {
    const caller = requireCaller(ctx);
    const org = await this.adminGet(ctx, caller, id);
    const updated = await ctx.em.transactional(async (em) => {
      copyDeclaredFields(org, input, OrganizationUpdateInput, em.getMetadata().get(Organization), ORGANIZATION_HANDLED);
      if (input.alias && input.alias !== org.alias) {
        if (await em.count(Organization, { alias: input.alias })) throw conflict(ALIAS_IN_USE);
        org.alias = input.alias;
      }
      if (input.active !== undefined && input.active !== null && input.active !== org.active) {
        org.active = input.active;
        org.status = Status.of(
          input.active ? ORGANIZATION_STATES.ACTIVE : ORGANIZATION_STATES.INACTIVE,
          caller.actorId,
        );
      }
      // Domains compare as written in addresses, whatever their case; each once.
      if (input.notificationDomains)
        org.notificationDomains = [...new Set(input.notificationDomains.map((domain) => domain.toLowerCase()))];
      if (input.ownerEmail) {
        const owner = await this.ownerAccount(em, caller, input.ownerEmail);
        if (!org.owners.includes(owner.id)) org.owners = [...org.owners, owner.id];
        const granted = await em.count(
          Grant,
          { account: owner.id, organization: org.id, role: Role.ORG_ADMIN },
          { filters: { [TENANT_FILTER]: false } },
        );
        if (!granted) em.create(Grant, { account: owner, organization: org, role: Role.ORG_ADMIN });
      }
      await flushUnique(em, ALIAS_IN_USE);
      return org;
    });
    return updated;
  }

  async profile(ctx: Context, id?: string | null): Promise<OrganizationProfile> {
    return (await this.get(ctx, id)).profile;
  }

  /** Sets the profile: `replace` clears the fields the input leaves out, otherwise they are kept. */
  async setProfile(
    ctx: Context,
    id: string | null | undefined,
    input: OrganizationProfileInput,
    replace: boolean,
  ): Promise<Organization> {
    const caller = requireCaller(ctx);
    const org = await this.adminGet(ctx, caller, id);
    const profile = Object.assign(new OrganizationProfile(), replace ? {} : org.profile);
    for (const field of PROFILE_FIELDS) {
      if (input[field] !== undefined) profile[field] = input[field] === '' ? null : input[field];
    }
    if (profile.countryCode) profile.countryCode = profile.countryCode.toUpperCase();
    org.profile = profile;
    await ctx.em.flush();
    return org;
  }

  async createKey(ctx: Context, id: string | null | undefined, input: OrganizationKeyInput): Promise<Organization> {
    const caller = requireCaller(ctx);
    const org = await this.adminGet(ctx, caller, id);
    if (input.limitToRole === Role.ADMIN) throw badInput('limitToRole must be ORG_ADMIN, MANAGER or EMPLOYEE');
    const secret = randomBytes(32);
    const key = ctx.em.create(OrganizationKey, {
      organization: org,
      name: input.name,
      limitToRole: input.limitToRole ?? null,
      secretEncrypted: this.secrets.encrypt(secret),
    });
    await ctx.em.flush();
    // Kept on this request's instance only: the creating response is the one place it is shown.
    key.secretBase64 = secret.toString('base64');
    return org;
  }

  async deleteKey(ctx: Context, id: string | null | undefined, keyId: string): Promise<Organization> {
    const caller = requireCaller(ctx);
    const org = await this.adminGet(ctx, caller, id);
    const [key] = await loadKeys(ctx.em, [org.id], keyId);
    if (!key) throw notFound('key');
    await ctx.em.remove(key).flush();
    ctx.loaders.get(keysByOrganization).clear(org.id);
    return org;
  }

  /** The keys of an organization: to its administrators only; others see an empty list. */
  async keys(ctx: Context, org: Organization): Promise<OrganizationKey[]> {
    const caller = requireCaller(ctx);
    if (!isOrgAdmin(caller, org.id)) return [];
    return ctx.loaders.get(keysByOrganization).load(org.id);
  }

  /**
   * Finds a key and its secret for token verification, before any tenant is known.
   * Returns null for an unknown or deleted key.
   */
  async keySecret(
    em: EntityManager,
    keyId: string,
  ): Promise<{ secret: Buffer; organization: string; role: Role } | null> {
    const key = await em.findOne(OrganizationKey, keyId, {
      filters: { [TENANT_FILTER]: false },
      populate: ['secretEncrypted'],
    });
    if (!key) return null;
    return {
      secret: this.secrets.decrypt(key.secretEncrypted),
      organization: key.organization.id,
      role: key.limitToRole ?? Role.ORG_ADMIN,
    };
  }

  private async adminGet(ctx: Context, caller: Caller, id: string | null | undefined): Promise<Organization> {
    const orgId = id ?? currentOrganization(caller);
    requireRoleIn(caller, orgId, [Role.ORG_ADMIN]);
    return this.get(ctx, orgId);
  }

  /**
   * The owner of a new organization, or one more owner of an existing one: the caller, or the
   * account of `ownerEmail`. Naming anybody but oneself makes them ORG_ADMIN without their
   * consent, so that needs a platform ADMIN.
   */
  private async ownerAccount(em: EntityManager, caller: Caller, ownerEmail: string | undefined): Promise<Account> {
    if (ownerEmail) {
      const email = ownerEmail.toLowerCase();
      if (!caller.platformAdmin && email !== caller.email?.toLowerCase())
        throw forbidden('ownerEmail naming anybody but the caller needs a platform ADMIN');
      return (
        (await em.findOne(Account, { email })) ?? (await this.accounts.create(em, email, undefined, caller.actorId))
      );
    }
    if (!caller.accountId)
      throw badInput('ownerEmail is required when the caller is not an account (an organization token owns nothing)');
    return em.findOneOrFail(Account, caller.accountId);
  }

  /** A unique alias from the name: "Acme Corp" -> "acme-corp", then "acme-corp-2", ... */
  private async freeAlias(em: EntityManager, name: string): Promise<string> {
    const base =
      name
        .normalize('NFKD')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        // One hyphen at most at each end, after the line above.
        .replace(/^-|-$/g, '')
        .slice(0, 55)
        .replace(/-$/, '') || 'org';
    const taken = new Set(
      (await em.find(Organization, { alias: { $like: `${base}%` } }, { fields: ['alias'] })).map((o) => o.alias),
    );
    let alias = base;
    for (let n = 2; taken.has(alias); n++) alias = `${base}-${n}`;
    return alias;
  }
}

function loadKeys(em: EntityManager, orgIds: readonly string[], keyId?: string): Promise<OrganizationKey[]> {
  return findInOrganizations(em, OrganizationKey, orgIds, keyId ? { id: keyId } : {}, { createdAt: 'asc', id: 'asc' });
}

async function keysByOrganization(em: EntityManager, orgIds: readonly string[]): Promise<OrganizationKey[][]> {
  return groupBy(orgIds, await loadKeys(em, orgIds), (key) => key.organization.id);
}
