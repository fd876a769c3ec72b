import type {
  EntityClass,
  EntityDictionary,
  EntityManager,
  EntityName,
  FilterQuery,
  MikroORM,
  QueryOrderMap,
} from '@mikro-orm/core';

export const TENANT_FILTER = 'tenant';
/** The entity whose rows are the tenants (src/modules/organization/organization.entity.ts; test/db.test.ts checks the name). */
export const TENANT_ENTITY = 'Organization';

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
    .filter((meta) => !meta.embeddable && meta.properties.organization?.type === TENANT_ENTITY)
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
  const scoped = inOrganizations(orgIds, where);
  return em.find(entity, scoped, { filters: { [TENANT_FILTER]: false }, orderBy }) as Promise<T[]>;
}

/**
 * `where` limited to the organizations `orgIds`, checked for the caller as findInOrganizations
 * says: the condition of findInOrganizations, and of a paged list across the caller's
 * organizations (findPage with the tenant filter off), which draws the same wall.
 */
export function inOrganizations<T extends { organization: { id: string } }>(
  orgIds: readonly string[] | 'all',
  where: FilterQuery<T>,
): FilterQuery<T> {
  return (orgIds === 'all' ? where : { $and: [{ organization: { $in: [...orgIds] } }, where] }) as FilterQuery<T>;
}

/**
 * Rows of the current organization whose `column` is one of `ids`, as the driver returns them
 * (column names, timestamps as text): the read models of hot reads build plain objects from them
 * without the unit of work. The organization comes from the tenant filter's parameter, so the
 * wall is still drawn here and nowhere else; `columns`, `orderBy` and `where` are SQL of ours,
 * never input.
 */
export async function rowsByIds<R extends object>(
  em: EntityManager,
  table: string,
  columns: string,
  column: string,
  ids: readonly string[],
  orderBy: string,
  where = 'true',
): Promise<R[]> {
  const organization = (em.getFilterParams<TenantParams>(TENANT_FILTER) as TenantParams | undefined)?.organization;
  if (!organization || !ids.length) return [];
  return em
    .getConnection()
    .execute<R[]>(
      `select ${columns} from "${table}" where organization_id = ? and "${column}" in (?) and ${where} order by ${orderBy}`,
      [organization, [...ids]],
    );
}

/** One part of rowsTogether: what rowsByIds would read, with the same arguments. */
export interface RowsPart {
  table: string;
  columns: string;
  column: string;
  ids: readonly string[];
  orderBy: string;
  where?: string;
}

/**
 * Several rowsByIds in one statement, so that the parts of a record (a plan's tasks, notes and
 * assignees) cost one round trip: each part arrives as a JSON array of its rows in its order, with
 * timestamps as ISO text. Same wall: every part is limited to the tenant filter's organization.
 */
export async function rowsTogether(em: EntityManager, parts: readonly RowsPart[]): Promise<object[][]> {
  const organization = (em.getFilterParams<TenantParams>(TENANT_FILTER) as TenantParams | undefined)?.organization;
  if (!organization) return parts.map(() => []);
  const params: unknown[] = [];
  const columns = parts.map((part, i) => {
    // `in ()` is no SQL: a part without ids matches nothing.
    const match = part.ids.length ? `"${part.column}" in (?)` : 'false';
    params.push(organization, ...(part.ids.length ? [[...part.ids]] : []));
    const rows = `select ${part.columns} from "${part.table}" where organization_id = ? and ${match} and ${part.where ?? 'true'}`;
    return `(select coalesce(json_agg(x order by ${part.orderBy}), '[]') from (${rows}) x) as p${i}`;
  });
  const [row] = await em.getConnection().execute<Record<string, object[]>[]>(`select ${columns.join(', ')}`, params);
  return parts.map((_, i) => row[`p${i}`]);
}

/**
 * The same rows as managed entities, for code that changes them. Plain SQL hydrated by the entity
 * factory: building the same query through the ORM cost more CPU than PostgreSQL took to run it
 * (bench/RESULTS.md).
 */
export async function findByIds<T extends object>(
  em: EntityManager,
  entity: EntityClass<T>,
  column: string,
  ids: readonly string[],
  orderBy: string,
  where = 'true',
): Promise<T[]> {
  const meta = em.getMetadata().get<T>(entity.name);
  const rows = await rowsByIds<EntityDictionary<T>>(em, meta.tableName, '*', column, ids, orderBy, where);
  // Hydrated as em.find does (em.map merges and validates each row again: 3x slower on a list).
  const factory = em.getEntityFactory();
  const driver = em.getDriver();
  return rows.map((row) =>
    factory.create(entity, driver.mapResult(row, meta) ?? row, { merge: true, convertCustomTypes: true }),
  );
}
