import { pathParams, type RestRoute } from './routes';

type JsonSchema = Record<string, unknown>;

const ERROR_CONTENT = {
  'application/json': { schema: { type: 'string' } },
  'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } },
};

const header = (name: string) => ({ $ref: `#/components/headers/${name}` });

/** Headers the answers carry, shared by the responses below. */
export const HEADERS: Record<string, JsonSchema> = {
  RetryAfter: { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 0 } },
  Allow: { description: 'The methods the path has, e.g. "GET, HEAD, PATCH"', schema: { type: 'string' } },
  WWWAuthenticate: {
    description:
      'Bearer challenge (RFC 6750): `Bearer realm="api"`, with `error="invalid_token"` and an error_description when a token was sent and refused',
    schema: { type: 'string' },
  },
  XTotalCount: { description: 'Items matching the filter, across all pages', schema: { type: 'integer', minimum: 0 } },
  Link: {
    description: 'RFC 8288 link to the next page (rel="next") while there is one',
    schema: { type: 'string' },
  },
};

/** The error answers of docs/rest.md ("Errors"), referenced by each route that can give them. */
export const RESPONSES: Record<string, JsonSchema> = {
  BadRequest: { description: 'Bad input or malformed JSON; the message names the parameter or field' },
  Unauthorized: {
    description: 'Missing, invalid or expired token',
    headers: { 'WWW-Authenticate': header('WWWAuthenticate') },
  },
  Forbidden: {
    description: 'The caller’s role does not allow it, or the token names an organization it has no grant in',
  },
  NotFound: { description: 'Unknown id, or an object of another organization' },
  MethodNotAllowed: {
    description: 'The path exists but not with this method; Allow names those it has',
    headers: { Allow: header('Allow') },
  },
  RequestTimeout: {
    description:
      'The request did not arrive whole within REQUEST_TIMEOUT_MS: the HTTP server answers without a body and closes the connection',
    noBody: true,
  },
  Conflict: { description: 'Conflict with the stored state, e.g. a unique value in use' },
  PayloadTooLarge: { description: 'The body is beyond its limit' },
  TooManyRequests: {
    description:
      'Only when RATE_LIMIT_PER_MINUTE is above 0 (0, the default, turns the limit off): the caller spent its operations of the minute',
    headers: { 'Retry-After': header('RetryAfter') },
  },
  InternalError: { description: 'Internal error; nothing internal is revealed' },
  BadGateway: { description: 'A server this route calls answered badly' },
  ServiceUnavailable: {
    description: 'The service is shutting down, the database is unreachable, or admission is full',
    headers: { 'Retry-After': header('RetryAfter') },
  },
};

/** The components.responses entries, each with the error bodies unless it has none. */
export function responseComponents(): Record<string, JsonSchema> {
  return Object.fromEntries(
    Object.entries(RESPONSES).map(([name, { noBody, ...response }]) => [
      name,
      noBody ? response : { ...response, content: ERROR_CONTENT },
    ]),
  );
}

/** The 403 of a route no role check guards: only the token's organization claim can be refused. */
export const NO_ROLE_CHECK = 'Only for a token naming an organization the caller has no grant in (no role check)';

/**
 * The error statuses a route can answer: those its shape implies (input: 400; a UUID in the path,
 * `idInPath`: 404; a body: 413) and those every route can (401, 403, 408, 429, 500, 503), plus the
 * row's own `errors`. A row's text replaces the shared description (OpenAPI 3.1 lets a reference
 * do that).
 */
export function errorResponses(route: RestRoute, idInPath: boolean): Record<string, JsonSchema> {
  const own = route.errors ?? {};
  const ref = (status: number, name: string, description?: string): [string, JsonSchema] => {
    const text = own[status as keyof typeof own] ?? description;
    return [String(status), { $ref: `#/components/responses/${name}`, ...(text ? { description: text } : {}) }];
  };
  const body = Boolean(route.body || route.text || route.upload);
  const input = pathParams(route.path).length > 0 || body || Boolean(route.query?.length);
  // The context refuses a token naming an organization its holder has no grant in on any route;
  // a role check only guards mutations and the reads whose row says 403.
  const roleChecked = route.operation === 'mutation' || own[403] !== undefined;
  const entries = [
    input && ref(400, 'BadRequest'),
    ref(401, 'Unauthorized'),
    ref(403, 'Forbidden', roleChecked ? undefined : NO_ROLE_CHECK),
    (idInPath || own[404]) && ref(404, 'NotFound'),
    ref(408, 'RequestTimeout'),
    own[409] && ref(409, 'Conflict'),
    (body || own[413]) && ref(413, 'PayloadTooLarge', bodyLimit(route)),
    ref(429, 'TooManyRequests'),
    ref(500, 'InternalError'),
    own[502] && ref(502, 'BadGateway'),
    ref(503, 'ServiceUnavailable'),
  ];
  return Object.fromEntries(entries.filter((entry) => Array.isArray(entry)));
}

/** The limit a body is held to (docs/rest.md, "Requests"). */
function bodyLimit(route: RestRoute): string | undefined {
  if (route.upload) return 'The file is beyond KNOWLEDGE_MAX_BYTES';
  if (route.text) return 'The text/plain body is beyond 16 KB';
  if (route.body) return 'The JSON body is beyond BODY_LIMIT_BYTES';
  return undefined;
}
