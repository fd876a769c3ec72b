import {
  execute,
  type ExecutionArgs,
  type ExecutionResult,
  getOperationAST,
  GraphQLError,
  type GraphQLSchema,
  NoSchemaIntrospectionCustomRule,
  specifiedRules,
  subscribe,
  validate,
  type ValidationRule,
} from 'graphql';
import type { Context as SocketContext } from 'graphql-ws';
import { useServer, type Extra } from 'graphql-ws/use/ws';
import type { Logger } from 'pino';
import type { PubSub } from 'type-graphql';
import type { WebSocketServer } from 'ws';
import type { Context, ContextFactory } from '../auth/context';
import type { ChangeEvent } from '../events/change-event.entity';
import { type Charge, type RateLimiter, tokenKey } from '../http/rate-limit';
import { errorCode } from './errors';
import { guardStream, LiveOperation, LiveSession } from './live-session';
import { type BudgetLimits, OperationBudget, runWithin } from './operation-budget';
import { checkWorstCase, operationCostOf } from './operation-cost';
import { TOPICS } from './pubsub';

export interface SubscriptionOptions {
  /** The bus whose change events tell which connections to re-check at once. */
  bus: PubSub;
  /** JWT_CLOCK_SKEW_SECONDS: a connection ends this long after its token's exp, as HTTP refuses it then. */
  clockSkewSeconds: number;
  /** false: __schema and __type are refused, as on HTTP (GRAPHQL_INTROSPECTION). */
  introspection: boolean;
  /** The buckets of HTTP requests: an operation on a socket costs its caller the same (one per root field). */
  rateLimiter: RateLimiter;
  /** GRAPHQL_MAX_COST and a query's budget (operation-budget.ts), as on HTTP. */
  costLimits: BudgetLimits & { maxCost: number };
}

/**
 * Close codes of a connection whose authentication ended (graphql-ws uses 4401/4403 the same way),
 * or whose caller could not be checked again (1013, Try Again Later: graphql-ws clients retry it).
 */
const CLOSE_CODES: Record<string, number> = { UNAUTHENTICATED: 4401, FORBIDDEN: 4403, SERVICE_UNAVAILABLE: 1013 };
/** After its operations were told why, a connection whose authentication ended is closed within this. */
const CLOSE_GRACE_MS = 1_000;
/** A close frame's reason is at most 123 bytes of UTF-8 (RFC 6455, 5.5). */
const MAX_REASON_BYTES = 123;

type Socket = SocketContext<Record<string, unknown> | undefined, Extra>;

/**
 * Why a connection is refused at connection_init, before it is acknowledged: the close code and a
 * reason naming what is wrong (never the token). README.md ("Subscriptions") lists them.
 */
class Refusal {
  constructor(
    readonly code: number,
    readonly reason: string,
  ) {}
}

/** graphql-ws's code for a malformed request: the same connectionParams would be refused again. */
const BAD_REQUEST = 4400;
/** graphql-ws's code for a connection_init its onConnect refused (graphql-ws clients retry it). */
const FORBIDDEN = 4403;
/** The standard code for a server that could not do its part (RFC 6455, 7.4.1). */
const INTERNAL_ERROR = 1011;
/** The standard code for a momentary failure (IANA WebSocket close codes): graphql-ws clients retry it. */
const TRY_AGAIN_LATER = 1013;

const REFUSALS = {
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

/**
 * The authorization value of connectionParams. Its key is matched in any letter case, as HTTP
 * matches header names (`Authorization`, `authorization`, `AUTHORIZATION`). Two keys that differ
 * only by case are refused rather than one picked: which one the client meant cannot be told,
 * and they may hold different tokens.
 */
function authorizationOf(params: Record<string, unknown> | undefined): string | Refusal {
  const keys = Object.keys(params ?? {}).filter((key) => key.toLowerCase() === 'authorization');
  if (keys.length > 1) return REFUSALS.ambiguous;
  if (keys.length === 0) return REFUSALS.missing;
  const value = params?.[keys[0]];
  return typeof value === 'string' ? value : REFUSALS.notText;
}

/** `message` cut to fit a close frame, at a character boundary. */
function closeReason(message: string): string {
  if (Buffer.byteLength(message) <= MAX_REASON_BYTES) return message;
  let reason = '';
  for (const character of message) {
    if (Buffer.byteLength(`${reason}${character}…`) > MAX_REASON_BYTES) break;
    reason += character;
  }
  return `${reason}…`;
}

/**
 * graphql-ws on the /graphql path. A connection must authenticate in its connectionParams
 * (`authorization: "Bearer <JWT>"`, the key in any letter case); otherwise it is closed (a
 * Refusal: 4400, 4403 or 1013, each with its reason) before any operation runs.
 * Each operation gets its own context, like an HTTP request. A connection stays authorized
 * against current rights (live-session.ts): subscriptions end with an error carrying
 * extensions.code when a right they need is lost, and the socket closes (4401/4403 with the
 * reason) when the token expires or its caller can no longer be resolved.
 */
export function serveSubscriptions(
  sockets: WebSocketServer,
  schema: GraphQLSchema,
  contexts: ContextFactory,
  logger: Logger,
  rules: ValidationRule[],
  options: SubscriptionOptions,
): () => Promise<void> {
  const authorization = (params: Record<string, unknown> | undefined) => {
    const found = authorizationOf(params);
    return typeof found === 'string' ? found : undefined;
  };
  const checks = [...specifiedRules, ...rules, ...(options.introspection ? [] : [NoSchemaIntrospectionCustomRule])];
  const sessions = new Map<Socket, LiveSession>();
  const charges = new WeakMap<object, Charge>();
  /** Aborts when the connection closes: a query still running for it is stopped (its budget). */
  const closed = new Map<Socket, AbortController>();
  const signals = new WeakMap<object, AbortSignal>();
  /**
   * Refuses an operation whose worst case passes GRAPHQL_MAX_COST, as HTTP does, and takes its cost
   * from its caller's bucket; a refusal is the operation's result (400 or 429 code), the socket stays.
   */
  const charged = async (args: ExecutionArgs): Promise<ExecutionResult | null> => {
    const operation = getOperationAST(args.document, args.operationName);
    if (!operation) return null;
    try {
      const cost = operationCostOf(schema, operation, args.document, args.variableValues ?? {});
      checkWorstCase(cost, options.costLimits.maxCost);
      await charges.get(args.contextValue as object)?.(cost.operations);
      return null;
    } catch (error) {
      if (error instanceof GraphQLError) return { errors: [error] };
      throw error;
    }
  };

  /** Closes a connection refused at connection_init (onConnect then answers false: graphql-ws finds it closing). */
  const refuse = (ctx: Socket, refusal: Refusal): false => {
    const socket = ctx.extra.socket;
    if (socket.readyState === socket.OPEN) socket.close(refusal.code, closeReason(refusal.reason));
    return false;
  };
  const close = (ctx: Socket, error: GraphQLError) =>
    refuse(ctx, new Refusal(CLOSE_CODES[errorCode(error)] ?? INTERNAL_ERROR, error.message));
  /** A token that does not resolve to a caller: 4403 with the reason HTTP would give with its 401 or 403. */
  const refusalOf = (error: unknown): Refusal => {
    if (error instanceof GraphQLError && ['UNAUTHENTICATED', 'FORBIDDEN'].includes(errorCode(error)))
      return new Refusal(FORBIDDEN, error.message);
    logger.warn({ err: error }, 'a subscription connection could not be authenticated');
    return REFUSALS.unchecked;
  };
  /** Once its operations have sent their errors (onComplete), or at the latest after a grace period. */
  const ended = (ctx: Socket, error: GraphQLError) => {
    if (Object.keys(ctx.subscriptions).length === 0) close(ctx, error);
    else setTimeout(() => close(ctx, error), CLOSE_GRACE_MS).unref();
  };

  const server = useServer(
    {
      schema,
      validate: (checked, document) => validate(checked, document, checks),
      async onConnect(ctx) {
        closed.set(ctx, new AbortController());
        const header = authorizationOf(ctx.connectionParams);
        if (header instanceof Refusal) return refuse(ctx, header);
        try {
          const { caller } = await contexts.create(header);
          if (!caller) return refuse(ctx, REFUSALS.missing);
          const resolve = async () => {
            const fresh = (await contexts.create(header)).caller;
            if (!fresh) throw new Error('no caller');
            return fresh;
          };
          sessions.set(ctx, new LiveSession(resolve, caller, options.clockSkewSeconds, (error) => ended(ctx, error)));
          return true;
        } catch (error) {
          return refuse(ctx, refusalOf(error));
        }
      },
      async onSubscribe(ctx) {
        // A connection whose authentication ended takes no new operation while it closes.
        const session = sessions.get(ctx);
        if (!session) return;
        try {
          await session.current();
        } catch (error) {
          return [error as GraphQLError];
        }
      },
      async context(ctx) {
        const header = authorization(ctx.connectionParams);
        const context: Context = await contexts.create(header);
        const session = sessions.get(ctx);
        if (session && context.caller) context.live = session.operation(context.caller);
        if (header) charges.set(context, options.rateLimiter.charger(tokenKey(header)));
        const signal = closed.get(ctx)?.signal;
        if (signal) signals.set(context, signal);
        return context;
      },
      async execute(args) {
        const refused = await charged(args);
        if (refused) return refused;
        if (getOperationAST(args.document, args.operationName)?.operation !== 'query') return execute(args);
        const budget = new OperationBudget(options.costLimits, signals.get(args.contextValue as object));
        return runWithin(args.contextValue, budget, () => execute(args));
      },
      async subscribe(args) {
        const refused = await charged(args);
        if (refused) return refused;
        const result = await subscribe(args);
        const live = (args.contextValue as Context | undefined)?.live;
        return live instanceof LiveOperation && Symbol.asyncIterator in result ? guardStream(result, live) : result;
      },
      onComplete(ctx) {
        const error = sessions.get(ctx)?.ended;
        // graphql-ws forgets the operation right after this hook.
        if (error) setImmediate(() => Object.keys(ctx.subscriptions).length === 0 && close(ctx, error));
      },
      onClose(ctx) {
        closed.get(ctx)?.abort();
        closed.delete(ctx);
        sessions.get(ctx)?.close();
        sessions.delete(ctx);
      },
      onError(_ctx, _id, _payload, errors) {
        logger.debug({ errors: errors.map((e) => e.message) }, 'subscription error');
      },
    },
    sockets,
  );

  // Changes to an account or an organization (grants, keys, deactivation) re-check its connections at once.
  const changes = options.bus.subscribe(TOPICS.changes)[Symbol.asyncIterator]();
  void (async () => {
    for (let next = await changes.next(); !next.done; next = await changes.next()) {
      const event = next.value as ChangeEvent;
      if (event.object !== 'account' && event.object !== 'organization') continue;
      for (const session of sessions.values()) session.announced(event);
    }
  })().catch((error: unknown) => logger.error({ err: error }, 'live re-checks stopped'));

  return async () => {
    await changes.return?.();
    for (const client of sockets.clients) client.close(1001, 'server shutting down');
    await server.dispose();
    await new Promise<void>((resolve) => sockets.close(() => resolve()));
  };
}
