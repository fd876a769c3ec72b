/**
 * Why a graphql-ws connection is closed by the service: the close code and a reason naming what
 * is wrong (never the token). README.md ("Subscriptions") lists them.
 */
export class Refusal {
  constructor(
    readonly code: number,
    readonly reason: string,
  ) {}
}

/** graphql-ws's code for a malformed request: the same connectionParams would be refused again. */
const BAD_REQUEST = 4400;
/** graphql-ws's code for a connection_init its onConnect refused (graphql-ws clients retry it). */
export const FORBIDDEN = 4403;
/** The standard code for a server that could not do its part (RFC 6455, 7.4.1). */
export const INTERNAL_ERROR = 1011;
/** The standard code for a momentary failure (IANA WebSocket close codes): graphql-ws clients retry it. */
const TRY_AGAIN_LATER = 1013;
/** The standard code for a connection against the service's policy (RFC 6455, 7.4.1): clients do not retry it. */
const POLICY_VIOLATION = 1008;

/**
 * Close codes of a connection whose authentication ended (graphql-ws uses 4401/4403 the same way),
 * or whose caller could not be checked again (1013, Try Again Later: graphql-ws clients retry it).
 */
export const CLOSE_CODES: Record<string, number> = {
  UNAUTHENTICATED: 4401,
  FORBIDDEN,
  SERVICE_UNAVAILABLE: TRY_AGAIN_LATER,
};

/** A close frame's reason is at most 123 bytes of UTF-8 (RFC 6455, 5.5). */
const MAX_REASON_BYTES = 123;

export const REFUSALS = {
  ambiguous: new Refusal(
    BAD_REQUEST,
    'ambiguous connectionParams: authorization is given under more than one letter case; send it once',
  ),
  notText: new Refusal(BAD_REQUEST, 'connectionParams authorization must be a string: "Bearer <token>"'),
  missing: new Refusal(
    FORBIDDEN,
    'authentication required: connectionParams must hold authorization: "Bearer <token>"',
  ),
  unchecked: new Refusal(TRY_AGAIN_LATER, 'access could not be checked: connect again'),
} as const;

/** One connection more than WS_MAX_CONNECTIONS_PER_CALLER allows the same caller on this instance. */
export const tooManyConnections = (limit: number) =>
  new Refusal(POLICY_VIOLATION, `too many connections: at most ${limit} per caller (WS_MAX_CONNECTIONS_PER_CALLER)`);

/**
 * The authorization value of connectionParams. Its key is matched in any letter case, as HTTP
 * matches header names (`Authorization`, `authorization`, `AUTHORIZATION`). Two keys that differ
 * only by case are refused rather than one picked: which one the client meant cannot be told,
 * and they may hold different tokens.
 */
export function authorizationOf(params: Record<string, unknown> | undefined): string | Refusal {
  const keys = Object.keys(params ?? {}).filter((key) => key.toLowerCase() === 'authorization');
  if (keys.length > 1) return REFUSALS.ambiguous;
  if (keys.length === 0) return REFUSALS.missing;
  const value = params?.[keys[0]];
  return typeof value === 'string' ? value : REFUSALS.notText;
}

/** `message` cut to fit a close frame, at a character boundary. */
export function closeReason(message: string): string {
  if (Buffer.byteLength(message) <= MAX_REASON_BYTES) return message;
  let reason = '';
  for (const character of message) {
    if (Buffer.byteLength(`${reason}${character}…`) > MAX_REASON_BYTES) break;
    reason += character;
  }
  return `${reason}…`;
}
