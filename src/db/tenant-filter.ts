import type { EntityClass, EntityDictionary, EntityManager, EntityName, FilterQuery, MikroORM, QueryOrderMap } from '@mikro-orm/core';
import { Organization } from '../modules/organization/organization.entity';

export const TENANT_FILTER = 'tenant';

export interface TenantParams {
  organization?: string | null;
}

/**
 * The tenancy wall, in one place: every entity with an `organization` relation is filtered to the
 * caller's current organization on every query of a request's EntityManager. Without a current
 * organization such queries match nothing. Code that must look across tenants (token verification,
 * the caller's own memberships) turns the filter off by name, visibly.
 */
export function installTenantFilter(orm: MikroORM): string[] {
  const scoped = Object.values(orm.getMetadata().getAll())
    .filter((meta) => !meta.embeddable && meta.properties.organization?.type === Organization.name)
    .map((meta) => meta.className);
  orm.em.addFilter(
    TENANT_FILTER,
    (args: TenantParams) => (args.organization ? { organization: args.organization } : { organization: { $in: [] } }),
    scoped,
    true,
  );
  return scoped;
}

export function scopeToTenant(em: EntityManager, organization: string | null): void {
  em.setFilterParams(TENANT_FILTER, { organization } satisfies TenantParams);
}

/**
 * Rows of several organizations in one query, for views that span the organizations a caller
 * belongs to (the organization list shows each one's keys and preferences). The caller must have
 * been checked for every id passed ('all' for a platform administrator); this is the one place the
 * tenant filter is lifted for that.
 */
export function findInOrganizations<T extends { organization: { id: string } }>(
  em: EntityManager,
  entity: EntityName<T>,
  orgIds: readonly string[] | 'all',
  where: FilterQuery<T> = {} as FilterQuery<T>,
  orderBy: QueryOrderMap<T> = {} as QueryOrderMap<T>,
): Promise<T[]> {
  const scoped = (orgIds === 'all' ? where : { $and: [{ organization: { $in: [...orgIds] } }, where] }) as FilterQuery<T>;
  return em.find(entity, scoped, { filters: { [TENANT_FILTER]: false }, orderBy }) as Promise<T[]>;
}

/**
 * Rows of the current organization whose `column` is one of `ids`, as managed entities, for the
 * batch loads of hot reads. Plain SQL mapped with em.map: building the same query through the ORM
 * cost more CPU than PostgreSQL took to run it (bench/RESULTS.md). The organization comes from the
 * tenant filter's parameter, so the wall is still drawn here and nowhere else.
 */
export async function findByIds<T extends object>(
  em: EntityManager,
  entity: EntityClass<T>,
  column: string,
  ids: readonly string[],
  orderBy: string,
  where = 'true',
): Promise<T[]> {
  const organization = (em.getFilterParams<TenantParams>(TENANT_FILTER) as TenantParams | undefined)?.organization;
  if (!organization || !ids.length) return [];
  const meta = em.getMetadata().get<T>(entity.name);
  const table = meta.tableName;
  const rows: EntityDictionary<T>[] = await em.getConnection().execute(
    `select * from "${table}" where organization_id = ? and "${column}" in (?) and ${where} order by ${orderBy}`,
    [organization, [...ids]],
  );
  // Hydrated as em.find does (em.map merges and validates each row again: 3x slower on a list).
  const factory = em.getEntityFactory();
  const driver = em.getDriver();
  return rows.map((row) => factory.create(entity, driver.mapResult(row, meta) ?? row, { merge: true, convertCustomTypes: true }));
}
