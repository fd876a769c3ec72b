import type { EntityManager } from '@mikro-orm/postgresql';
import { canRead, currentOrganization, requireCaller, requireRoleIn } from '../../auth/access';
import type { Context } from '../../auth/context';
import { Role } from '../../auth/roles';
import { groupBy } from '../../common/loaders';
import { findInOrganizations } from '../../db/tenant-filter';
import { notFound } from '../../graphql/errors';
import { checkNamespace, emptyPreferences, type Preferences } from '../../common/preferences';
import type { StringMap } from '../../graphql/string-map';
import type { Organization } from './organization.entity';
import { OrganizationPreference } from './organization-preference.entity';

/** Organization preferences: string maps per namespace, read by members, written by ORG_ADMIN. */
export class OrganizationPreferenceService {
  async list(ctx: Context, org: Organization): Promise<OrganizationPreference[]> {
    const caller = requireCaller(ctx);
    if (!canRead(caller, org.id)) return [];
    return ctx.loaders.get(preferencesByOrganization).load(org.id);
  }

  /** One namespace; an unset namespace reads as empty values. */
  async get(ctx: Context, id: string | null | undefined, namespace: string): Promise<Preferences> {
    const caller = requireCaller(ctx);
    const orgId = id ?? currentOrganization(caller);
    if (!canRead(caller, orgId)) throw notFound('organization');
    checkNamespace(namespace);
    const [found] = await loadPreferences(ctx.em, [orgId], namespace);
    return found ?? emptyPreferences(namespace);
  }

  /** Replaces the values of one namespace. */
  async set(
    ctx: Context,
    id: string | null | undefined,
    namespace: string,
    values: StringMap,
  ): Promise<OrganizationPreference> {
    const caller = requireCaller(ctx);
    const orgId = id ?? currentOrganization(caller);
    requireRoleIn(caller, orgId, [Role.ORG_ADMIN]);
    checkNamespace(namespace);
    const [found] = await loadPreferences(ctx.em, [orgId], namespace);
    const preference = found ?? ctx.em.create(OrganizationPreference, { organization: orgId, namespace, values });
    preference.values = values;
    await ctx.em.flush();
    return preference;
  }
}

function loadPreferences(
  em: EntityManager,
  orgIds: readonly string[],
  namespace?: string,
): Promise<OrganizationPreference[]> {
  return findInOrganizations(em, OrganizationPreference, orgIds, namespace ? { namespace } : {}, { namespace: 'asc' });
}

async function preferencesByOrganization(
  em: EntityManager,
  orgIds: readonly string[],
): Promise<OrganizationPreference[][]> {
  return groupBy(orgIds, await loadPreferences(em, orgIds), (p) => p.organization.id);
}
