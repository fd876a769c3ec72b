import type { Config } from '../../../config';
/** The bounds one document parse must stay within (config.knowledge, passed to the parse worker). */
export type ParseLimits = Pick<
  Config['knowledge'],
  'maxInflatedBytes' | 'maxCompressionRatio' | 'maxPdfPages' | 'maxDepth' | 'maxRows' | 'maxTextBytes'
>;

/**
 * A document refused for passing one of the limits: 413 for sizes and counts, 400 for nesting.
 * The message names the limit and the environment variable that sets it, so the caller knows
 * what to change (or the operator what to raise).
 */
export class LimitExceededError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413,
  ) {
    super(message);
  }
}

/** "<what> is more than <limit> <unit> (the limit, <ENV>)" as a 413. */
export function tooLarge(what: string, limit: number, unit: string, env: string): LimitExceededError {
  return new LimitExceededError(`${what} more than ${limit} ${unit} (the limit, ${env})`, 413);
}

/** Nesting beyond the depth limit, as a 400: the document is malformed for this service, not large. */
export function tooDeep(what: string, limit: number): LimitExceededError {
  return new LimitExceededError(
    `${what} is nested more than ${limit} levels deep (the limit, KNOWLEDGE_MAX_DEPTH)`,
    400,
  );
}
