import { GraphQLError } from 'graphql';

/**
 * The error codes of the API. Every error a caller may see carries one of them in
 * `extensions.code`; the REST facade maps them to HTTP statuses in one table (rest/errors.ts).
 */
export type ErrorCode =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'TOO_MANY_REQUESTS'
  | 'BAD_GATEWAY'
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL_SERVER_ERROR';

export const HTTP_STATUS: Record<ErrorCode, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  // REST only: a known path called with a method it does not have (the answer names them in Allow).
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_SERVER_ERROR: 500,
};

export function apiError(code: ErrorCode, message: string): GraphQLError {
  const http: { status: number; headers?: Map<string, string> } = { status: HTTP_STATUS[code] };
  // A 401 names the scheme that would be accepted (RFC 9110 §11.6.1); Apollo sends these headers
  // on /graphql, and the REST facade writes its own, more detailed challenge (src/rest/errors.ts).
  if (code === 'UNAUTHENTICATED') http.headers = new Map([['www-authenticate', 'Bearer realm="api"']]);
  return new GraphQLError(message, { extensions: { code, http } });
}

export const badInput = (message: string) => apiError('BAD_USER_INPUT', message);
/**
 * Bad input about one argument, whose message starts with its name: `extensions.argument` lets the
 * REST facade say the parameter's own name instead (`first` is REST's `limit`). GraphQL clients
 * see only the code (formatError).
 */
export function badArgument(argument: string, message: string): GraphQLError {
  const error = badInput(message);
  error.extensions.argument = argument;
  return error;
}
export const unauthenticated = (message = 'authentication required') => apiError('UNAUTHENTICATED', message);
export const forbidden = (message = 'not allowed') => apiError('FORBIDDEN', message);
/** Another tenant's object answers the same as a missing one: existence is never revealed. */
export const notFound = (what: string) => apiError('NOT_FOUND', `${what} not found`);
export const conflict = (message: string) => apiError('CONFLICT', message);

/** Codes graphql-js and Apollo give to malformed operations; they are the caller's fault. */
const CLIENT_CODES: Record<string, ErrorCode> = {
  GRAPHQL_PARSE_FAILED: 'BAD_USER_INPUT',
  GRAPHQL_VALIDATION_FAILED: 'BAD_USER_INPUT',
  BAD_REQUEST: 'BAD_USER_INPUT',
  PERSISTED_QUERY_NOT_FOUND: 'BAD_USER_INPUT',
  OPERATION_RESOLUTION_FAILURE: 'BAD_USER_INPUT',
};

export function errorCode(error: { extensions?: Record<string, unknown> }): ErrorCode {
  const code = String(error.extensions?.code ?? 'INTERNAL_SERVER_ERROR');
  if (code in HTTP_STATUS) return code as ErrorCode;
  return CLIENT_CODES[code] ?? 'INTERNAL_SERVER_ERROR';
}
