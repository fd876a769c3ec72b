import { DriverException } from '@mikro-orm/core';
import { type ExecutionResult, type FormattedExecutionResult, type GraphQLFormattedError, GraphQLError } from 'graphql';
import type { Logger } from 'pino';
import { type ErrorCode, errorCode } from './errors';

/** What a caller is told of an error that is not theirs to know: the one spelling, on every transport. */
export const INTERNAL_MESSAGE = 'internal server error';

export interface PublicError {
  code: ErrorCode;
  message: string;
}

/** Node's codes for a database server that cannot be reached. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P03',
  '08006',
  '08001',
]);

/**
 * What the PostgreSQL driver says, with no code, when a pooled connection's server went away
 * between two statements ("Connection terminated unexpectedly") or a client is used after that
 * ("… is not queryable"): the server is down as surely as when a new connection is refused.
 */
const LOST_CONNECTION =
  /\bconnection terminated\b|\bnot queryable\b|\bterminating connection\b|\bserver closed the connection\b/i;

function isDatabaseDown(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    (typeof code === 'string' && CONNECTION_CODES.has(code)) ||
    (error instanceof DriverException && CONNECTION_CODES.has(String(error.code))) ||
    (error instanceof Error && code == null && LOST_CONNECTION.test(error.message))
  );
}

/** The first error under `error` that is not a GraphQLError; undefined when there is none. */
function rootCause(error: GraphQLError): unknown {
  let cause: unknown = error;
  while (cause instanceof GraphQLError) cause = cause.originalError;
  return cause;
}

/**
 * The longest message answered. graphql-js repeats a refused variable's whole value in the middle
 * of its message (`Variable "$x" got invalid value "…"; <what is wrong>`), which may be as long as
 * the request: its middle is cut, so the answer still names the variable and says what is wrong
 * without echoing the caller's text at length.
 */
export const MAX_MESSAGE_LENGTH = 300;

function bounded(message: string): string {
  if (message.length <= MAX_MESSAGE_LENGTH) return message;
  const half = (MAX_MESSAGE_LENGTH - 1) / 2;
  return `${message.slice(0, Math.floor(half))}…${message.slice(-Math.ceil(half))}`;
}

/**
 * What a caller may see of an error: our GraphQLErrors as they are, a lost database as 503, and
 * anything else as a bare internal error, logged with its stack but never returned. This is the
 * one seam every transport passes an error through: REST and the Express error handler write
 * its code and message, /graphql and graphql-ws its GraphQL shape (formatError below).
 */
export function maskError(error: unknown, logger: Logger): PublicError {
  const { code, message } = publicError(error, logger);
  return { code, message: bounded(message) };
}

function publicError(error: unknown, logger: Logger): PublicError {
  // Apollo wraps graphql-js's errors about the request itself (a syntax error, no operation of the
  // name given) in errors with a client code, whose originals have none: when nothing but GraphQL
  // errors lies underneath, the wrapper's code and message stand. A parser that ran out of stack
  // on a document nested thousands deep has a RangeError underneath, and is said so.
  if (error instanceof GraphQLError && errorCode(error) === 'BAD_USER_INPUT') {
    const cause = rootCause(error);
    if (cause === undefined) return { code: 'BAD_USER_INPUT', message: error.message };
    if ((cause as Error).name === 'RangeError' && error.extensions.code === 'GRAPHQL_PARSE_FAILED')
      return { code: 'BAD_USER_INPUT', message: 'query is nested too deeply to parse' };
  }
  // Errors that point into the document but not at a result path come from validating or
  // coercing the operation: they are about the caller's request (a literal that is not a UUID, a
  // variable the built-in Int scalar refuses) and safe to show with graphql-js's message, which
  // names the variable. Failures outside the document (say, context creation) are not let through.
  if (error instanceof GraphQLError && !error.path && error.nodes?.length) {
    const code = errorCode(error.originalError instanceof GraphQLError ? error.originalError : error);
    return { code: code === 'INTERNAL_SERVER_ERROR' ? 'BAD_USER_INPUT' : code, message: error.message };
  }
  const original = error instanceof GraphQLError && error.originalError ? error.originalError : error;
  if (original instanceof GraphQLError || (error instanceof GraphQLError && !error.originalError)) {
    const graphQLError = (original instanceof GraphQLError ? original : error) as GraphQLError;
    const code = errorCode(graphQLError);
    if (code !== 'INTERNAL_SERVER_ERROR') return { code, message: graphQLError.message };
  }
  if (isDatabaseDown(original)) {
    logger.warn({ err: original }, 'database unavailable');
    return { code: 'SERVICE_UNAVAILABLE', message: 'the database is unavailable; try again shortly' };
  }
  logger.error({ err: original }, 'internal error');
  return { code: 'INTERNAL_SERVER_ERROR', message: INTERNAL_MESSAGE };
}

/**
 * An error in GraphQL's shape, as /graphql (Apollo's formatError) and graphql-ws (onNext, onError)
 * answer it: maskError's code and message, with where in the document and the result it arose.
 * A refused request keeps its finer client code (GRAPHQL_PARSE_FAILED, GRAPHQL_VALIDATION_FAILED,
 * ...): a code of its own, not the default INTERNAL_SERVER_ERROR of an error without one.
 */
export function formatError(error: unknown, logger: Logger): GraphQLFormattedError {
  const { code, message } = maskError(error, logger);
  const graphQLError = error instanceof GraphQLError ? error : undefined;
  const own = graphQLError?.extensions?.code;
  const finer = code === 'BAD_USER_INPUT' && typeof own === 'string' && own !== 'INTERNAL_SERVER_ERROR';
  return {
    message,
    ...(graphQLError?.locations ? { locations: graphQLError.locations } : {}),
    ...(graphQLError?.path ? { path: graphQLError.path } : {}),
    extensions: { code: finer ? own : code },
  };
}

/** `result` with its errors, if any, as formatError gives them: what graphql-ws sends. */
export function formatResult(result: ExecutionResult, logger: Logger): FormattedExecutionResult {
  if (!result.errors) return result as FormattedExecutionResult;
  return { ...result, errors: result.errors.map((error) => formatError(error, logger)) };
}
