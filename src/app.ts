import 'reflect-metadata';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApolloServer } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import express, { Router } from 'express';
import type { Logger } from 'pino';
import { WebSocketServer } from 'ws';
import { ContextFactory } from './auth/context';
import { TokenVerifier } from './auth/tokens';
import { OutboundGuard } from './common/outbound-guard';
import { SecretBox } from './common/secret-box';
import type { Config } from './config';
import { type Database, openDatabase } from './db/orm';
import { formatError } from './graphql/mask-error';
import { ChangeFeed } from './events/change-feed';
import { OutboxRelay } from './events/outbox-relay';
import { createBus } from './graphql/pubsub';
import { buildApiSchema } from './graphql/schema';
import { operationLimits } from './graphql/limits';
import { checkExpensiveFields, checkListBounds, operationCostLimits } from './graphql/operation-cost';
import { guardFields } from './graphql/operation-budget';
import { type HttpContext, httpOperationPlugin, noSubscriptionsOverHttp } from './graphql/http-operation-plugin';
import { serveSubscriptions } from './graphql/subscriptions';
import { consoleRouter } from './http/console';
import { docsRouter } from './http/docs';
import { errorHandler, notFoundHandler } from './http/errors';
import { Drain } from './http/drain';
import { Admission, clientGone } from './http/admission';
import { CompiledExecution, compiledGateway } from './graphql/compiled-execution';
import { graphqlUploads } from './http/graphql-uploads';
import { PgBucketStore } from './http/pg-buckets';
import { type BucketStore, chargeOf, MemoryBucketStore, rateLimiter } from './http/rate-limit';
import { corsPolicy, securityHeaders } from './http/security';
import { healthRouter } from './http/health';
import { methodNotAllowed } from './rest/methods';
import { requestLogger } from './http/request-logger';
import { createLogger } from './logger';
import { ConversationRelay } from './modules/agent/conversation-relay';
import { ConversationUpdates } from './modules/agent/conversation-updates';
import { agentEmbedder, agentEngine, coordinator, planReader } from './modules/agent/agent-setup';
import { RESOLVERS, ROUTES } from './modules';
import type { Services } from './modules/services';
import { ormOptions } from '../mikro-orm.config';
import { Mailer } from './modules/agent/planner/mailer';
import { WorkflowRunner } from './modules/agent/planner/workflow.runner';
import { warmPlanner } from './modules/agent/planner/request-intent';
import { WorkflowService } from './modules/agent/planner/workflow.service';
import { WorkflowQuotas } from './modules/agent/planner/workflow-quotas';
import { ParsePool } from './modules/agent/knowledge/parse-pool';
import { UrlReader } from './modules/agent/knowledge/url-reader';
import { AccountService } from './modules/account/account.service';
import { OrganizationService } from './modules/organization/organization.service';
import { DeliveryWorker } from './modules/webhook/delivery.worker';
import { WebhookService } from './modules/webhook/webhook.service';
import { WebhookSender } from './modules/webhook/webhook-sender';
import { JobQueue } from './jobs/job-queue';
import { restRouter } from './rest/facade';
import { openApiDocument } from './rest/openapi';

export interface App {
  server: Server;
  /** http://host:port the service answers on. */
  url: string;
  config: Config;
  db: Database;
  logger: Logger;
  /** Resolves when every committed event has been relayed to webhooks and subscribers. */
  eventsRelayed(): Promise<void>;
  /** Stops taking requests, lets in-flight ones finish (up to the grace period), then closes everything. */
  close(): Promise<void>;
}

const VERSION = '1.0.0';

/** Wires the service once: database, services, schema, HTTP (GraphQL, REST, docs, health) and websockets. */
export async function createApp(config: Config, logger: Logger = createLogger(config)): Promise<App> {
  const db = await openDatabase(config, logger, ormOptions);
  const secrets = new SecretBox(config.secretsKey);
  const bus = createBus();
  const guard = new OutboundGuard(config.allowPrivateUrls, config.allowedPrivateRanges);

  // Events: captured on every flush, relayed from the outbox to webhooks (pg-boss jobs) and to
  // live subscribers of every instance. ROLE decides whether this process runs the jobs' handlers
  // (deliveries, workflow runs) and whether it serves the API; every role relays.
  const queue = new JobQueue(db.orm, logger, {
    handlers: config.role !== 'api',
    databaseUrl: config.databaseUrl,
    listen: config.role === 'worker',
  });
  await queue.start();
  const sender = new WebhookSender(guard, config.webhooks.timeoutMs);
  const worker = new DeliveryWorker(db.orm, queue, sender, secrets, config.webhooks, config.jobPollSeconds, logger);
  const feed = new ChangeFeed(db.orm, bus, config.databaseUrl, logger);
  const relay = new OutboxRelay(
    db.orm,
    worker,
    feed,
    { pollMs: config.outboxPollMs, retentionMs: config.eventRetentionMs },
    logger,
  );
  db.capture.onCommit(() => relay.kick());
  // A worker serves no subscribers: it announces what it relays, and needs not listen.
  if (config.role !== 'worker') await feed.start();
  await worker.start();
  relay.start();
  const webhooks = new WebhookService(guard, worker);
  const pages = new UrlReader(guard, config.knowledge.fetchTimeoutMs, config.knowledge.maxBytes);
  // Documents are read into text in worker threads, bounded in time, memory and concurrency.
  const parsePool = new ParsePool(config.knowledge);

  // The agent: workflows run with their own coordinator (no planner: a run answers, it does not plan).
  const engine = agentEngine(config.llm);
  const embedder = agentEmbedder(config.llm, (reason) =>
    logger.warn({ reason }, 'embeddings unavailable; retrieval uses words alone'),
  );
  // Conversation updates reach the subscribers of every instance too (NOTIFY on a PostgreSQL
  // server); a worker answers workflow runs into conversations, so it sends, but needs not listen.
  const conversations = new ConversationRelay(db.orm, bus, config.databaseUrl, logger);
  if (config.role !== 'worker') await conversations.start();
  const updates = new ConversationUpdates(bus, conversations);
  const mailer = new Mailer(config.smtp.url, config.smtp.from);
  // Sign-in's accounts: workflow runs resolve their owner through them as requests do.
  const accounts = new AccountService();
  const quotas = new WorkflowQuotas(config.workflows);
  const runner = new WorkflowRunner(
    db.orm,
    queue,
    bus,
    coordinator(embedder),
    engine,
    updates,
    mailer,
    accounts,
    quotas,
    config.jobPollSeconds,
    logger,
  );
  await runner.start();
  warmPlanner();
  const workflows = new WorkflowService(
    runner,
    quotas,
    accounts,
    planReader(config.llm, (reason) =>
      logger.warn({ reason }, 'the language model could not check a plan; the rules’ reading stands'),
    ),
  );

  /** Stops the relay and the jobs, then closes what they use; the last step of close(). */
  const stopBackground = async () => {
    await relay.stop();
    // Running jobs finish, their jobs kept alive meanwhile (a kill then costs what any crash
    // does), and are awaited, so that none writes into a closed pool.
    await queue.stop();
    await sender.close();
    await pages.close();
    await parsePool.close();
    mailer.close();
    await feed.close();
    await conversations.close();
    await db.close();
  };
  if (config.role === 'worker') return healthOnly(config, db, logger, relay, stopBackground);

  // Rate-limit buckets hold across instances on a PostgreSQL server, which every instance shares;
  // the embedded database belongs to this process alone, and so do its buckets.
  const rateLimits: BucketStore = config.databaseUrl
    ? new PgBucketStore(config.databaseUrl, logger)
    : new MemoryBucketStore();
  const organizations = new OrganizationService(secrets, accounts, config.orgCreation);
  const verifier = new TokenVerifier(config, (keyId) => organizations.keySecret(db.orm.em.fork(), keyId));
  const contexts = new ContextFactory(db.orm, verifier, accounts, bus);
  const services: Services = {
    config,
    secrets,
    rateLimits,
    accounts,
    organizations,
    webhooks,
    workflows,
    agent: { engine, embedder, updates, pages, parsePool },
  };
  // One instance of each resolver of every module (src/modules/index.ts).
  const resolvers = RESOLVERS.map((entry) => entry.make(services));
  const schema = await buildApiSchema(
    RESOLVERS.map((entry) => entry.type),
    resolvers,
    bus,
  );

  const app = express();
  // A client must send its whole request within REQUEST_TIMEOUT_MS (408 otherwise), so slow or
  // stalled uploads cannot hold sockets open; checked every second rather than Node's 30 s.
  const server = createServer(
    {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: Math.min(config.requestTimeoutMs, 60_000),
      connectionsCheckingInterval: 1_000,
    },
    app,
  );
  const drain = new Drain(server, config.shutdownGraceMs);
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  app.use(requestLogger(logger));
  app.use(securityHeaders());
  app.use(corsPolicy(config.corsOrigins));
  app.use(drain.middleware());
  app.use(healthRouter(db));
  // One bucket per caller counts operations: a request is one here, and /graphql takes one more
  // per further root field (httpOperationPlugin).
  // graphql-ws operations are charged from the same buckets (serveSubscriptions).
  const requests = rateLimiter(rateLimits, 'requests', config.rateLimitPerMinute);
  app.use(['/graphql', '/api/v1'], requests.middleware());
  app.use(express.json({ limit: config.bodyLimitBytes, type: ['application/json', 'application/*+json'] }));

  checkExpensiveFields(schema);
  checkListBounds(schema);
  guardFields(schema);
  const limits = [operationLimits(config.graphqlLimits), operationCostLimits(config.graphqlLimits)];
  // One admission for /graphql and the REST facade: work at once bounded by cost (ADMISSION_*).
  const admission = new Admission(config.admission);
  // Queries run compiled by graphql-jit, on /graphql (through Apollo's gateway interface) and REST alike.
  const execution = new CompiledExecution(schema, config.graphqlLimits);
  const apollo = new ApolloServer<HttpContext>({
    gateway: compiledGateway(schema, execution),
    validationRules: [...limits, noSubscriptionsOverHttp],
    // Off in production unless GRAPHQL_INTROSPECTION=true; REST documents and /docs do not need it.
    introspection: config.graphqlLimits.introspection,
    // Cache control is off: no field carries a cache hint, and the plugin's per-field hook made
    // Apollo wrap every resolver, thousands per list (bench/RESULTS.md).
    // Apollo's landing page loads its IDE from a CDN; development serves GraphiQL from our build (consoleRouter).
    plugins: [
      httpOperationPlugin(admission, config.graphqlLimits.maxCost),
      ApolloServerPluginCacheControlDisabled(),
      ApolloServerPluginLandingPageDisabled(),
    ],
    // The one seam every transport's errors pass through (graphql-ws's too): nothing internal leaves.
    formatError: (_formatted, error) => formatError(error, logger),
    // What Apollo reports itself (an unexpected failure of a request, which it answers as an
    // internal error) goes to the service's log, not to the console.
    logger,
  });
  await apollo.start();
  app.use(consoleRouter(config));
  // GraphQL multipart requests (file uploads); Apollo's CSRF guard asks them for an Apollo-Require-Preflight header.
  app.use('/graphql', graphqlUploads(config.knowledge.maxBytes));
  app.use(
    '/graphql',
    expressMiddleware(apollo, {
      context: async ({ req, res }): Promise<HttpContext> =>
        Object.assign(await contexts.create(req.get('authorization')), {
          charge: chargeOf(res),
          gone: clientGone(res),
        }),
    }),
  );

  const openapi = openApiDocument(schema, ROUTES, VERSION);
  const openapiRoute = Router();
  openapiRoute.get('/api/v1/openapi.json', (_req, res) => {
    res.json(openapi);
  });
  methodNotAllowed(openapiRoute, [{ method: 'get', path: '/api/v1/openapi.json' }]);
  app.use(openapiRoute);
  app.use('/api/v1', restRouter(schema, ROUTES, execution, contexts, logger, config.knowledge.maxBytes, admission));
  app.use('/docs', docsRouter());
  app.use(notFoundHandler);
  app.use(errorHandler(logger));

  // A websocket message is bounded as a request body is: `ws` closes a connection whose frame
  // (or fragmented message) announces more with 1009, before reading it.
  const sockets = new WebSocketServer({ server, path: '/graphql', maxPayload: config.bodyLimitBytes });
  const stopSubscriptions = serveSubscriptions(sockets, schema, contexts, logger, limits, {
    bus,
    clockSkewSeconds: config.jwtClockSkewSeconds,
    introspection: config.graphqlLimits.introspection,
    rateLimiter: requests,
    costLimits: config.graphqlLimits,
    ...config.websockets,
  });

  const url = await listen(server, config);

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      await drain.close();
      await stopSubscriptions();
      await apollo.stop();
      await rateLimits.close();
      await stopBackground();
    })();
    return closing;
  };
  const eventsRelayed = async () => {
    await relay.idle();
    await feed.idle();
  };
  return { server, url, config, db, logger, eventsRelayed, close };
}

/** Listens on PORT and HOST; returns the URL the service answers on. */
async function listen(server: Server, config: Config): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return `http://${config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host}:${port}`;
}

/**
 * A ROLE=worker process: deliveries, workflow runs and the relay, and over HTTP only GET /health
 * (for orchestrators' probes); everything else answers 404.
 */
async function healthOnly(
  config: Config,
  db: Database,
  logger: Logger,
  relay: OutboxRelay,
  stopBackground: () => Promise<void>,
): Promise<App> {
  const app = express();
  app.disable('x-powered-by');
  app.use(healthRouter(db));
  app.use(notFoundHandler);
  app.use(errorHandler(logger));
  const server = createServer(app);
  const url = await listen(server, config);
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await stopBackground();
    })();
    return closing;
  };
  return { server, url, config, db, logger, eventsRelayed: () => relay.idle(), close };
}
