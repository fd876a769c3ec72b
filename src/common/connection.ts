import type { EntityManager, EntityName, FilterOptions, FilterQuery, OrderDefinition } from '@mikro-orm/core';
import type { QueryBuilder } from '@mikro-orm/postgresql';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { ArgsType, type ClassType, Field, Int, ObjectType } from 'type-graphql';
import { cursorOf, cursorValues, type ListOrder } from './cursor';

export const MAX_PAGE = 500;
export const DEFAULT_PAGE = 50;

@ObjectType({ description: 'Where a page ends' })
export class PageInfo {
  @Field(() => Boolean)
  hasNextPage!: boolean;

  @Field(() => String, { nullable: true, description: 'Pass as `after` for the next page' })
  endCursor!: string | null;
}

/** The lists whose pages held 100 before they became connections (REST's groups and apps) keep that default. */
export const LONG_PAGE = 100;

/**
 * The `first` argument: 1-MAX_PAGE, `defaultPage` when left out. The description states both, and
 * the OpenAPI document reads them from it (src/rest/openapi.ts).
 */
export function PageSize(defaultPage: number): PropertyDecorator {
  const decorators = [
    // The schema states the default too, so clients and the operation cost (src/graphql/operation-cost.ts) read it.
    Field(() => Int, {
      nullable: true,
      defaultValue: defaultPage,
      description: `Page size, 1-${MAX_PAGE} (default ${defaultPage})`,
    }),
    IsOptional(),
    IsInt({ message: 'first must be an integer' }),
    Min(1, { message: `first must be between 1 and ${MAX_PAGE}` }),
    Max(MAX_PAGE, { message: `first must be between 1 and ${MAX_PAGE}` }),
  ];
  return (prototype, key) => {
    for (const decorate of decorators) decorate(prototype, key);
  };
}

/**
 * Paging of list fields. GraphQL clients page with `first`/`after` (a keyset cursor, so a page
 * costs the same at any depth); REST keeps plain arrays with `limit`/`offset`, mapped onto
 * `first`/`offset`. Messages name `first`; the REST facade says `limit` instead (badArgument).
 */
@ArgsType()
export class PageArgs {
  @PageSize(DEFAULT_PAGE)
  first?: number;

  @Field(() => String, { nullable: true, description: 'Cursor of the last item of the previous page' })
  @IsOptional()
  after?: string;

  @Field(() => Int, { nullable: true, description: 'Items to skip (REST offset); prefer `after`' })
  @IsOptional()
  @Min(0, { message: 'offset must be 0 or more' })
  offset?: number;
}

/**
 * The lists clients keep in sync page the same way, and with `updatedSince` list only what changed
 * at or after a time, in the order it changed (updatedAt, then id): a client stores the newest
 * updatedAt it saw and asks again from there. Inclusive, so a change in the same millisecond is
 * seen twice rather than never.
 */
@ArgsType()
export class SyncPageArgs extends PageArgs {
  @Field(() => Date, {
    nullable: true,
    description: 'Only records changed at or after this time, oldest change first (REST: updatedSince)',
  })
  @IsOptional()
  updatedSince?: Date;
}

/** SyncPageArgs of a list whose pages hold LONG_PAGE unless `first` says otherwise. */
@ArgsType()
export class LongSyncPageArgs extends SyncPageArgs {
  @PageSize(LONG_PAGE)
  declare first?: number;
}

/**
 * PageArgs of a list REST answered whole before it became a connection (organizations, webhook
 * keys, conversations, workflows, a plan's tasks, an account's employees): a page holds MAX_PAGE
 * unless `first` says otherwise, so a REST client that never pages still reads every record of an
 * ordinary organization in one answer, and X-Total-Count with Link tells it when there are more.
 */
@ArgsType()
export class WholePageArgs extends PageArgs {
  @PageSize(MAX_PAGE)
  declare first?: number;
}

/** WholePageArgs of a list clients keep in sync (updatedSince). */
@ArgsType()
export class WholeSyncPageArgs extends SyncPageArgs {
  @PageSize(MAX_PAGE)
  declare first?: number;
}

/** The order records changed in: what `updatedSince` lists page by. */
const CHANGED: ListOrder<{ updatedAt: Date; id: string }> = { keys: ['updatedAt', 'id'] };

/** The order of a page: the list's own, or the order records changed in when `updatedSince` is given. */
export function pageOrder<T extends { updatedAt: Date; id: string }>(
  args: SyncPageArgs,
  order: ListOrder<T>,
): ListOrder<T> {
  return args.updatedSince ? (CHANGED as ListOrder<T>) : order;
}

/** Rows after the keyset `values` in `order`: (a > x) or (a = x and b > y) and so on (< when descending). */
function keysetAfter<T>(order: ListOrder<T>, values: (string | Date)[]): FilterQuery<T> {
  const beyond = order.descending ? '$lt' : '$gt';
  return {
    $or: order.keys.map((key, i) => ({
      ...Object.fromEntries(order.keys.slice(0, i).map((k, j) => [k, values[j]])),
      [key]: { [beyond]: values[i] },
    })),
  } as FilterQuery<T>;
}

/**
 * One page of `entity` rows matching `where` (the tenant filter adds the organization), in the
 * list's order or by change with `updatedSince`, paged by keyset (`after`) or offset.
 */
export async function findPage<T extends { updatedAt: Date; id: string }>(
  em: EntityManager,
  entity: EntityName<T>,
  where: FilterQuery<T>,
  args: SyncPageArgs,
  listOrder: ListOrder<T>,
  defaultPage = DEFAULT_PAGE,
  /** Filters to switch off, for lists that span organizations by their own rule (accounts). */
  filters: FilterOptions = {},
): Promise<Connection<T>> {
  const order = pageOrder(args, listOrder);
  const first = args.first ?? defaultPage;
  const matching = (
    args.updatedSince ? { $and: [where, { updatedAt: { $gte: args.updatedSince } }] } : where
  ) as FilterQuery<T>;
  const keyset = args.after ? [keysetAfter(order, cursorValues(args.after, order))] : [];
  const rows = await em.find(entity, { $and: [matching, ...keyset] } as FilterQuery<T>, {
    orderBy: orderByOf(order),
    limit: first + 1,
    offset: args.offset,
    filters,
  });
  return connectionOf(rows.slice(0, first) as T[], rows.length > first, order, () =>
    em.count(entity, matching, { filters }),
  );
}

/**
 * One page of the rows `query` selects, for a list a plain find cannot express (a subquery, a
 * join), paged as findPage pages: in the list's order, by keyset (`after`) or offset. `query`
 * builds a fresh query each call: the page and its count are two statements, and the count runs
 * only when totalCount is asked for.
 */
export async function queryPage<T extends object>(
  query: () => QueryBuilder<T>,
  args: PageArgs,
  order: ListOrder<T>,
  defaultPage = DEFAULT_PAGE,
): Promise<Connection<T>> {
  const first = args.first ?? defaultPage;
  const qb = query();
  if (args.after) qb.andWhere(keysetAfter(order, cursorValues(args.after, order)));
  const rows: T[] = await qb
    .orderBy(orderByOf(order))
    .limit(first + 1)
    .offset(args.offset)
    .getResultList();
  return connectionOf(rows.slice(0, first), rows.length > first, order, () => query().getCount());
}

/** Every sort key of `order` in its direction, as find and the query builder take it. */
function orderByOf<T>(order: ListOrder<T>): OrderDefinition<T> {
  const direction = order.descending ? 'desc' : 'asc';
  return Object.fromEntries(order.keys.map((key) => [key, direction])) as OrderDefinition<T>;
}

/**
 * One page of a list read whole in `order` (a plan's tasks come with the plan), paged as findPage
 * pages rows: past the keyset `after`, then `offset`, then `first`; the total is the whole list.
 */
export function pageOfList<T>(
  items: readonly T[],
  args: PageArgs,
  order: ListOrder<T>,
  defaultPage = DEFAULT_PAGE,
): Connection<T> {
  const first = args.first ?? defaultPage;
  const values = args.after ? cursorValues(args.after, order) : undefined;
  // What keysetAfter selects in SQL: items beyond the cursor's keys in the list's direction.
  const sign = order.descending ? -1 : 1;
  const beyond = values ? items.filter((item) => compareKeys(item, order, values) === sign) : items;
  const rest = beyond.slice(args.offset ?? 0);
  return connectionOf(rest.slice(0, first), rest.length > first, order, () => Promise.resolve(items.length));
}

/** How an item's sort keys compare with a cursor's values (-1, 0 or 1), as PostgreSQL orders them. */
function compareKeys<T>(item: T, order: ListOrder<T>, values: (string | Date)[]): number {
  for (const [i, key] of order.keys.entries()) {
    const diff = compareKey(item[key], values[i]);
    if (diff) return diff;
  }
  return 0;
}

function compareKey(mine: unknown, theirs: string | Date): number {
  // cursorValues gives a Date for time keys only, whose values are Dates.
  if (theirs instanceof Date) return Math.sign((mine as Date).getTime() - theirs.getTime());
  // A number travels in the cursor as its text, checked to be an integer (cursorValues).
  if (typeof mine === 'number') return Math.sign(mine - Number(theirs));
  // Code unit order: PostgreSQL's for uuids, which are lowercase hex here.
  const text = String(mine);
  return text < theirs ? -1 : text > theirs ? 1 : 0;
}

/** A connection of a page read in `order`: its end cursor and every node's cursor in that order. */
export function connectionOf<T>(
  nodes: T[],
  hasNextPage: boolean,
  order: ListOrder<T>,
  count: () => Promise<number>,
): Connection<T> {
  return {
    nodes,
    pageInfo: { hasNextPage, endCursor: nodes.length ? cursorOf(nodes[nodes.length - 1], order) : null },
    count,
    cursorOf: (row) => cursorOf(row, order),
  };
}

export interface Connection<T> {
  nodes: T[];
  pageInfo: PageInfo;
  count: () => Promise<number>;
  /** The cursor of a node, in the order the page was read in. */
  cursorOf: (item: T) => string;
}

/** The GraphQL type of a connection of `node`: nodes, edges, pageInfo and totalCount. */
export function ConnectionType<T extends object>(node: ClassType<T>): ClassType<Connection<T>> {
  @ObjectType(`${node.name}Edge`)
  class Edge {
    @Field(() => String)
    cursor!: string;

    @Field(() => node)
    node!: T;
  }

  @ObjectType(`${node.name}Connection`, { description: `A page of ${node.name} records` })
  class ConnectionClass implements Connection<T> {
    @Field(() => [node])
    nodes!: T[];

    @Field(() => PageInfo)
    pageInfo!: PageInfo;

    count!: () => Promise<number>;

    cursorOf!: (item: T) => string;

    @Field(() => [Edge])
    edges(): Edge[] {
      return this.nodes.map((item) => Object.assign(new Edge(), { cursor: this.cursorOf(item), node: item }));
    }

    @Field(() => Int, { description: 'Items matching the filter, across all pages' })
    totalCount(): Promise<number> {
      return this.count();
    }
  }
  return ConnectionClass;
}
