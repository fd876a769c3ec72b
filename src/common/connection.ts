import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { ArgsType, type ClassType, Field, Int, ObjectType } from 'type-graphql';
import { badInput } from '../graphql/errors';

export const MAX_PAGE = 500;
export const DEFAULT_PAGE = 50;

@ObjectType({ description: 'Where a page ends' })
export class PageInfo {
  @Field(() => Boolean)
  hasNextPage!: boolean;

  @Field(() => String, { nullable: true, description: 'Pass as `after` for the next page' })
  endCursor!: string | null;
}

/**
 * Paging of list fields. GraphQL clients page with `first`/`after` (a keyset cursor, so a page
 * costs the same at any depth); REST keeps plain arrays with `limit`/`offset`, mapped onto
 * `first`/`offset`.
 */
@ArgsType()
export class PageArgs {
  @Field(() => Int, { nullable: true, description: `Page size, 1-${MAX_PAGE} (default ${DEFAULT_PAGE})` })
  @IsOptional()
  @IsInt({ message: 'first (REST: limit) must be an integer' })
  @Min(1, { message: `first (REST: limit) must be between 1 and ${MAX_PAGE}` })
  @Max(MAX_PAGE, { message: `first (REST: limit) must be between 1 and ${MAX_PAGE}` })
  first?: number;

  @Field(() => String, { nullable: true, description: 'Cursor of the last item of the previous page' })
  @IsOptional()
  after?: string;

  @Field(() => Int, { nullable: true, description: 'Items to skip (REST offset); prefer `after`' })
  @IsOptional()
  @Min(0, { message: 'offset must be 0 or more' })
  offset?: number;
}

/** A keyset cursor: the sort key values of the last row, opaque to clients. */
export function encodeCursor(values: (string | number)[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

export function decodeCursor(cursor: string, length: number): (string | number)[] {
  try {
    const values: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(values) &&
      values.length === length &&
      values.every((v) => typeof v === 'string' || typeof v === 'number')
    ) {
      return values;
    }
  } catch {}
  throw badInput('after is not a cursor of this list');
}

export interface Connection<T> {
  nodes: T[];
  pageInfo: PageInfo;
  count: () => Promise<number>;
}

/** The GraphQL type of a connection of `node`: nodes, edges, pageInfo and totalCount. */
export function ConnectionType<T extends object>(
  node: ClassType<T>,
  cursorOf: (item: T) => string,
): ClassType<Connection<T>> {
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

    @Field(() => [Edge])
    edges(): Edge[] {
      return this.nodes.map((item) => Object.assign(new Edge(), { cursor: cursorOf(item), node: item }));
    }

    @Field(() => Int, { description: 'Items matching the filter, across all pages' })
    totalCount(): Promise<number> {
      return this.count();
    }
  }
  return ConnectionClass;
}
