import {
  type ExecutionArgs,
  type ExecutionResult,
  execute,
  getOperationAST,
  GraphQLError,
  type GraphQLSchema,
  NoSchemaIntrospectionCustomRule,
  specifiedRules,
  subscribe,
  type ValidationRule,
} from 'graphql';
import type { Context as SocketContext } from 'graphql-ws';
import type { Logger } from 'pino';
import type { PubSub } from 'type-graphql';
import type { WebSocketServer } from 'ws';
import type { Context, ContextFactory } from '../auth/context';
import type { ChangeEvent } from '../events/change-event.entity';
import { type Charge, type RateLimiter, tokenKey } from '../http/rate-limit';
import { apiError, errorCode } from './errors';
import { guardStream, LiveOperation, LiveSession } from './live-session';
import { formatError, formatResult, maskError } from './mask-error';
import { type BudgetLimits, OperationBudget, runWithin } from './operation-budget';
import { checkWorstCase, operationCostOf } from './operation-cost';
import { TOPICS } from './pubsub';
import { prepareOperation } from './ws-operation';
import {
  authorizationOf,
  CLOSE_CODES,
  closeReason,
  FORBIDDEN,
  INTERNAL_ERROR,
  Refusal,
  REFUSALS,
  tooManyConnections,
} from './ws-refusals';
import { type Extra, serveGraphqlWs } from './ws-transport';

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
  /** WS_MAX_SUBSCRIPTIONS_PER_CONNECTION: operations (subscriptions, queries in flight) one connection runs at once. */
  maxSubscriptionsPerConnection: number;
  /** WS_MAX_CONNECTIONS_PER_CALLER: connections one caller (account or organization key) holds open on this instance. */
  maxConnectionsPerCaller: number;
}

/** After its operations were told why, a connection whose authentication ended is closed within this. */
const CLOSE_GRACE_MS = 1_000;

type Socket = SocketContext<Record<string, unknown> | undefined, Extra>;

/** Anything thrown, as graphql-ws takes errors; maskError decides what of it the caller sees. */
function asGraphQLError(error: unknown): GraphQLError {
  if (error instanceof GraphQLError) return error;
  return new GraphQLError('internal error', { originalError: error instanceof Error ? error : undefined });
}

/**
 * graphql-ws on the /graphql path. A connection must authenticate in its connectionParams
 * (`authorization: "Bearer <JWT>"`, the key in any letter case); otherwise it is closed (a
 * Refusal: 4400, 4403 or 1013, each with its reason) before any operation runs.
 * Each operation gets its own context, like an HTTP request. A connection stays authorized
 * against current rights (live-session.ts): subscriptions end with an error carrying
 * extensions.code when a right they need is lost, and the socket closes (4401/4403 with the
 * reason) when the token expires or its caller can no longer be resolved.
 * Every result and error goes out through formatError (mask-error.ts), as on /graphql: an
 * internal error is logged and answered "internal server error", whether it arose in a query, a
 * mutation, a subscription's start or one of its events.
 */
export function serveSubscriptions(
  sockets: WebSocketServer,
  schema: GraphQLSchema,
  contexts: ContextFactory,
  logger: Logger,
  rules: ValidationRule[],
  options: SubscriptionOptions,
): () => Promise<void> {
  const checks = [...specifiedRules, ...rules, ...(options.introspection ? [] : [NoSchemaIntrospectionCustomRule])];
  const sessions = new Map<Socket, LiveSession>();
  const charges = new WeakMap<object, Charge>();
  /** Aborts when the connection closes: a query still running for it is stopped (its budget). */
  const closed = new Map<Socket, AbortController>();
  const signals = new WeakMap<object, AbortSignal>();
  /** Open connections per caller (actorId), and whose each connection is. */
  const connections = new Map<string, number>();
  const actors = new Map<Socket, string>();
  const tooManyOperations = apiError(
    'TOO_MANY_REQUESTS',
    `too many operations on this connection: at most ${options.maxSubscriptionsPerConnection} at once ` +
      '(WS_MAX_SUBSCRIPTIONS_PER_CONNECTION); complete one first',
  );

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
  const close = (ctx: Socket, error: GraphQLError) => {
    const { code, message } = maskError(error, logger);
    refuse(ctx, new Refusal(CLOSE_CODES[code] ?? INTERNAL_ERROR, message));
  };
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
  /** Counts the connection to its caller; false when the caller holds as many as allowed. */
  const admit = (ctx: Socket, actorId: string): boolean => {
    const open = connections.get(actorId) ?? 0;
    if (open >= options.maxConnectionsPerCaller) return false;
    connections.set(actorId, open + 1);
    actors.set(ctx, actorId);
    return true;
  };
  const forget = (ctx: Socket) => {
    const actorId = actors.get(ctx);
    actors.delete(ctx);
    if (actorId === undefined) return;
    const open = (connections.get(actorId) ?? 1) - 1;
    if (open > 0) connections.set(actorId, open);
    else connections.delete(actorId);
  };

  /** The operation's context; its rights kept live by the connection's session, its cost charged to the token. */
  const contextOf = async (ctx: Socket, header: string | undefined): Promise<Context> => {
    const context = await contexts.create(header);
    const session = sessions.get(ctx);
    if (session && context.caller) context.live = session.operation(context.caller);
    if (header) charges.set(context, options.rateLimiter.charger(tokenKey(header)));
    const signal = closed.get(ctx)?.signal;
    if (signal) signals.set(context, signal);
    return context;
  };

  const server = serveGraphqlWs(
    sockets,
    {
      schema,
      async onConnect(ctx) {
        closed.set(ctx, new AbortController());
        const header = authorizationOf(ctx.connectionParams);
        if (header instanceof Refusal) return refuse(ctx, header);
        try {
          const { caller } = await contexts.create(header);
          if (!caller) return refuse(ctx, REFUSALS.missing);
          // The client may have gone while its caller was resolved: nothing to keep for it then.
          if (ctx.extra.socket.readyState !== ctx.extra.socket.OPEN) return false;
          if (!admit(ctx, caller.actorId)) return refuse(ctx, tooManyConnections(options.maxConnectionsPerCaller));
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
      // Everything an operation needs before it runs is built here, so that whatever fails is
      // that operation's error (graphql-ws would close the connection on a throw).
      async onSubscribe(ctx, _id, payload) {
        // graphql-ws has entered this operation among the connection's before asking.
        if (Object.keys(ctx.subscriptions).length > options.maxSubscriptionsPerConnection) return [tooManyOperations];
        try {
          // A connection whose authentication ended takes no new operation while it closes.
          await sessions.get(ctx)?.current();
          const prepared = prepareOperation(schema, payload, checks);
          if (Array.isArray(prepared)) return prepared;
          const header = authorizationOf(ctx.connectionParams);
          return { ...prepared, contextValue: await contextOf(ctx, typeof header === 'string' ? header : undefined) };
        } catch (error) {
          return [asGraphQLError(error)];
        }
      },
      async execute(args) {
        try {
          const refused = await charged(args);
          if (refused) return refused;
          if (getOperationAST(args.document, args.operationName)?.operation !== 'query') return await execute(args);
          const budget = new OperationBudget(options.costLimits, signals.get(args.contextValue as object));
          return await runWithin(args.contextValue, budget, () => execute(args));
        } catch (error) {
          return { errors: [asGraphQLError(error)] };
        }
      },
      async subscribe(args) {
        try {
          const refused = await charged(args);
          if (refused) return refused;
          const result = await subscribe(args);
          const live = (args.contextValue as Context | undefined)?.live;
          return live instanceof LiveOperation && Symbol.asyncIterator in result ? guardStream(result, live) : result;
        } catch (error) {
          return { errors: [asGraphQLError(error)] };
        }
      },
      // Every result (a query's, a subscription's start, each of its events) and every error
      // message (refused requests, a stream that failed) leaves through the one seam.
      onNext: (_ctx, _id, _payload, _args, result) => formatResult(result, logger),
      onError: (_ctx, _id, _payload, errors) => errors.map((error) => formatError(error, logger)),
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
        forget(ctx);
      },
    },
    logger,
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
    await server.dispose();
  };
}
