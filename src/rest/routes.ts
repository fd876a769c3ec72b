import type { Context } from '../auth/context';

/** A file a route answers instead of its JSON record (docs/rest.md, "Downloads"). */
export interface RestFile {
  bytes: Buffer;
  /** Its media type, sent as Content-Type. */
  contentType: string;
  /** The name to save it as, sent in Content-Disposition (attachment). */
  filename: string;
}

/**
 * A route of the REST interface at /api/v1 (docs/rest.md), a table over the GraphQL schema: each
 * module lists its own in `<module>.routes.ts`, and ROUTES (src/modules/index.ts) gathers them.
 * Each row names the root field it runs; path parameters and query parameters become arguments of
 * the same name (or the name in `args`), and the JSON body becomes the argument named by `body`.
 */
export interface RestRoute {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Express path below /api/v1, e.g. '/organization/:organization'. */
  path: string;
  operation: 'query' | 'mutation';
  field: string;
  /** The argument that receives the JSON body. */
  body?: string;
  /** The argument that receives the text/plain body. */
  text?: string;
  /** The argument that receives the multipart/form-data file part of the same name. */
  upload?: string;
  /** Path or query parameter -> argument name, where they differ. */
  args?: Record<string, string>;
  /** Query string parameters accepted (e.g. limit, offset). */
  query?: string[];
  /** Success status; 200 unless stated. */
  status?: number;
  /** Answer with this field of the result (e.g. `nodes` of a connection: REST lists are plain arrays). */
  pick?: string;
  /** The success response has no body. */
  noContent?: boolean;
  /**
   * `?<query>=1` answers a file instead of the JSON record. `read` gets the context and the checked
   * variables of the route's document, after the same authentication and input checks, so the
   * file keeps the record's access rules, tenancy and errors; `summary` describes it (OpenAPI).
   */
  file?: { query: string; summary: string; read(ctx: Context, variables: Record<string, unknown>): Promise<RestFile> };
  tag: string;
  summary: string;
  /**
   * OpenAPI operationId where the one derived from `field` (listX/getX for reads, the mutation's
   * name) would not be unique: two routes run the same field.
   */
  operationId?: string;
  /**
   * Error statuses beyond those the route's shape implies (src/rest/openapi-responses.ts), each
   * with what causes it: 403 for a read a role check guards, 404 for an id the body names, 409 for
   * a conflict the service refuses, 502/503 for a server the route calls, 429/413 where the route
   * has its own limit.
   */
  errors?: Partial<Record<403 | 404 | 409 | 413 | 429 | 502 | 503, string>>;
}

/** The paging query parameters of a list. */
export const PAGE = ['limit', 'offset'];
/** A list clients keep in sync: paging, and `updatedSince` (records changed at or after a time, oldest change first). */
export const SYNC_PAGE = [...PAGE, 'updatedSince'];
/** A connection's page size is `first`; REST names it limit. */
export const LIMIT = { limit: 'first' };

/** Path parameter names of an Express path. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
}
