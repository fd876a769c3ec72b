import type { EntityManager, QueryBuilder } from '@mikro-orm/postgresql';
import { readableOrganizations, requireCaller } from '../../auth/access';
import type { Context } from '../../auth/context';
import { SecretBox } from '../../common/secret-box';
import { Organization } from '../organization/organization.entity';
import { App } from './app.entity';

/**
 * Organizations found through their apps (SPEC 4.2 by-app look-ups). A platform ADMIN searches
 * every organization; anyone else only those they hold a grant in. Each look-up is one SQL
 * statement served by an index: (type, external_id), or a GIN index on app_data or on the
 * keyed hashes of the secrets, so no secret is decrypted to find a match.
 */
export class AppLookupService {
  constructor(private readonly secrets: SecretBox) {}

  byType(ctx: Context, type: string): Promise<Organization[]> {
    return this.organizations(ctx, (qb) => qb.where({ type }));
  }

  byExternalId(ctx: Context, type: string, externalId: string): Promise<Organization[]> {
    return this.organizations(ctx, (qb) => qb.where({ type, externalId }));
  }

  byData(ctx: Context, type: string, key: string, value: string): Promise<Organization[]> {
    return this.organizations(ctx, (qb) => qb.where({ type }).andWhere('a.app_data @> ?::jsonb', [JSON.stringify(single(key, value))]));
  }

  /**
   * Finds apps whose secret `key` holds `secret` by its keyed hash, and checks each candidate's
   * stored hash again in constant time before counting its organization.
   */
  async bySecret(ctx: Context, type: string, key: string, secret: string): Promise<Organization[]> {
    const caller = requireCaller(ctx);
    const hash = this.secrets.hashEntry(key, secret);
    const qb = ctx.em
      .createQueryBuilder(App, 'a')
      .select(['a.id', 'a.secretHashes'])
      .leftJoinAndSelect('a.organization', 'o')
      .where({ type })
      .andWhere('a.secret_hashes @> ?::jsonb', [JSON.stringify(single(key, hash))]);
    const scope = readableOrganizations(caller);
    if (scope !== 'all') qb.andWhere({ organization: { $in: [...scope] } });
    const apps = await qb.getResultList();
    const found = new Map<string, Organization>();
    for (const app of apps) {
      const stored = Object.hasOwn(app.secretHashes, key) ? app.secretHashes[key] : '';
      if (SecretBox.equal(stored, hash)) found.set(app.organization.id, app.organization.getEntity());
    }
    return [...found.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  }

  private organizations(ctx: Context, match: (qb: QueryBuilder<App>) => void): Promise<Organization[]> {
    const caller = requireCaller(ctx);
    const em: EntityManager = ctx.em;
    const apps = em.createQueryBuilder(App, 'a').select('a.organization');
    match(apps);
    const qb = em.createQueryBuilder(Organization, 'o').select('*').where({ id: { $in: apps.getKnexQuery() } });
    const scope = readableOrganizations(caller);
    if (scope !== 'all') qb.andWhere({ id: { $in: [...scope] } });
    return qb.orderBy({ name: 'asc', id: 'asc' }).getResultList();
  }
}

/** `{ [key]: value }` with `key` an own property whatever it is ("__proto__" included). */
function single(key: string, value: string): Record<string, string> {
  const map: Record<string, string> = {};
  Object.defineProperty(map, key, { value, enumerable: true, writable: true, configurable: true });
  return map;
}
