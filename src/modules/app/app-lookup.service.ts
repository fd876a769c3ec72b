import type { EntityManager, QueryBuilder } from '@mikro-orm/postgresql';
import { readableOrganizations, requireCaller } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import type { Context } from '../../auth/context';
import { type Connection, MAX_PAGE, type PageArgs, pageOfList, queryPage } from '../../common/connection';
import { cursorValues, type ListOrder } from '../../common/cursor';
import { SecretBox } from '../../common/secret-box';
import { forbidden } from '../../graphql/errors';
import {
  type BucketStore,
  MemoryBucketStore,
  type RateLimiter,
  rateLimiter,
  tooManyRequests,
} from '../../http/rate-limit';
import { Organization } from '../organization/organization.entity';
import { App } from './app.entity';

/**
 * Failed secret look-ups a caller may make a minute, whatever RATE_LIMIT_PER_MINUTE says: guessing
 * a short secret takes thousands of them, an integration finding its organization needs few.
 */
export const FAILED_SECRET_LOOKUPS_PER_MINUTE = 10;

/** Every look-up lists organizations by name, the id breaking ties. */
const BY_NAME: ListOrder<Organization> = { keys: ['name', 'id'] };

/** A page's size unless `first` says otherwise: REST answered these lists whole until they became connections. */
const LOOKUP_PAGE = MAX_PAGE;

/**
 * Organizations found through their apps: by type, by type and external id, by an appData value or
 * by a secretData value (docs/rules.md, "Organizations by app"). A platform ADMIN searches every
 * organization; anyone else only those they hold a grant in. Each look-up is one SQL
 * statement served by an index: (type, external_id), or a GIN index on app_data or on the
 * keyed hashes of the secrets, so no secret is decrypted to find a match. Each answers a page in
 * BY_NAME order; its total is one more statement, run only when asked for.
 */
export class AppLookupService {
  /** Per caller, in `buckets`: shared by every instance on a PostgreSQL server (src/app.ts). */
  private readonly failedSecretLookups: RateLimiter;

  constructor(
    private readonly secrets: SecretBox,
    buckets: BucketStore = new MemoryBucketStore(),
  ) {
    this.failedSecretLookups = rateLimiter(buckets, 'failed-secret-lookups', FAILED_SECRET_LOOKUPS_PER_MINUTE);
  }

  byType(ctx: Context, type: string, page: PageArgs): Promise<Connection<Organization>> {
    return this.organizations(ctx, page, (qb) => qb.where({ type }));
  }

  byExternalId(ctx: Context, type: string, externalId: string, page: PageArgs): Promise<Connection<Organization>> {
    return this.organizations(ctx, page, (qb) => qb.where({ type, externalId }));
  }

  byData(ctx: Context, type: string, key: string, value: string, page: PageArgs): Promise<Connection<Organization>> {
    return this.organizations(ctx, page, (qb) =>
      qb.where({ type }).andWhere('a.app_data @> ?::jsonb', [JSON.stringify(single(key, value))]),
    );
  }

  /**
   * Finds apps whose secret `key` holds `secret` by its keyed hash, and checks each candidate's
   * stored hash again in constant time before counting its organization.
   *
   * A look-up by secret is an oracle for the secret, so it is for platform ADMIN only (an
   * integration that must find an organization by what it was sent); anyone else gets 403 whatever
   * they send. Each look-up takes one from the caller's budget of failed look-ups before it runs
   * (so aliases running at once cannot each pass the check), and gets it back when it finds
   * something; an empty budget answers 429. What it found is paged in memory.
   */
  async bySecret(
    ctx: Context,
    type: string,
    key: string,
    secret: string,
    page: PageArgs,
  ): Promise<Connection<Organization>> {
    const caller = requireCaller(ctx);
    if (!caller.platformAdmin) throw forbidden('only a platform ADMIN may find organizations by an app secret');
    // A malformed cursor is bad input before it can cost the caller a guess from the budget.
    if (page.after) cursorValues(page.after, BY_NAME);
    const budget = `${caller.kind}:${caller.actorId}`;
    const wait = await this.failedSecretLookups.take(budget);
    if (wait > 0) {
      throw tooManyRequests(
        `too many failed look-ups by secret: at most ${FAILED_SECRET_LOOKUPS_PER_MINUTE} a minute; retry after ${wait} s`,
        wait,
      );
    }
    const found = await this.findBySecret(ctx, caller, type, key, secret);
    // Found is found whatever page was asked for: an offset past the end is no failed guess.
    if (found.length > 0) await this.failedSecretLookups.refund(budget);
    // What it found is few (the apps holding one secret) and read whole: paged in memory.
    return pageOfList(found, page, BY_NAME, LOOKUP_PAGE);
  }

  private async findBySecret(
    ctx: Context,
    caller: Caller,
    type: string,
    key: string,
    secret: string,
  ): Promise<Organization[]> {
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
    return [...found.values()].sort(byName);
  }

  /** Organizations with an app `match` selects, among those the caller may see. */
  private organizations(
    ctx: Context,
    page: PageArgs,
    match: (qb: QueryBuilder<App>) => void,
  ): Promise<Connection<Organization>> {
    const caller = requireCaller(ctx);
    const em: EntityManager = ctx.em;
    const scope = readableOrganizations(caller);
    const matching = () => {
      const apps = em.createQueryBuilder(App, 'a').select('a.organization');
      match(apps);
      const qb = em
        .createQueryBuilder(Organization, 'o')
        .select('*')
        .where({ id: { $in: apps.getKnexQuery() } });
      if (scope !== 'all') qb.andWhere({ id: { $in: [...scope] } });
      return qb;
    };
    return queryPage(matching, page, BY_NAME, LOOKUP_PAGE);
  }
}

/**
 * BY_NAME order as the secret look-up sorts what it found in memory: by code unit, as pageOfList
 * compares a cursor's keys, so that a page's keyset and the sort agree.
 */
function byName(a: Pick<Organization, 'name' | 'id'>, b: Pick<Organization, 'name' | 'id'>): number {
  const order = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return order(a.name, b.name) || order(a.id, b.id);
}

/** `{ [key]: value }` with `key` an own property whatever it is ("__proto__" included). */
function single(key: string, value: string): Record<string, string> {
  const map: Record<string, string> = {};
  Object.defineProperty(map, key, { value, enumerable: true, writable: true, configurable: true });
  return map;
}
