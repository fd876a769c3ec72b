import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/** The typed configuration of one service instance; built once by loadConfig. */
export interface Config {
  env: 'development' | 'production' | 'test';
  /** What this process runs: HTTP and websockets (`api`), job handlers (`worker`), or both (`all`). */
  role: 'api' | 'worker' | 'all';
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… or undefined for the embedded PGlite database in dataDir. */
  databaseUrl?: string;
  /** Embedded database kept in memory only (tests). */
  embeddedInMemory: boolean;
  /** A dump of an embedded database (an uncompressed tar) that the in-memory one starts from (tests). */
  embeddedTemplate?: string;
  /** Fill the demo organization at start (development): src/demo/seed-demo.ts. */
  seedDemo: boolean;
  jwtSecret: string;
  /** True when the secret was generated in development: main prints a ready token. */
  jwtSecretGenerated: boolean;
  jwtJwksUrl?: string;
  jwtIssuer?: string;
  jwtAudience?: string;
  /** Longest lifetime a token may have (exp - iat, or exp - now without iat), in seconds. */
  jwtMaxLifetimeSeconds: number;
  /** Tolerated clock difference for iat in the future and for exp, in seconds. */
  jwtClockSkewSeconds: number;
  /** Who may create organizations: any signed-in user, or platform ADMIN only. */
  orgCreation: 'anyone' | 'admin';
  secretsKey: Buffer;
  allowPrivateUrls: boolean;
  /** Private addresses (CIDR ranges) the outbound guard lets through, e.g. one internal system. */
  allowedPrivateRanges: string[];
  /** The OpenAI-compatible server of the `openai` engine; without baseUrl the local engine answers. */
  llm: {
    baseUrl?: string;
    apiKey?: string;
    model?: string;
    embeddingModel?: string;
    timeoutMs: number;
    retries: number;
    /** Most bytes read of one answer (JSON or a whole stream), of one streamed event line, and of one embeddings answer. */
    maxResponseBytes: number;
    maxEventBytes: number;
    maxEmbeddingsBytes: number;
  };
  /** SMTP server for workflow e-mails (smtp://user:pass@host:port), and the sender address. */
  smtp: { url?: string; from: string };
  /** Knowledge base: largest file or page learnt, and the time to read a URL. */
  knowledge: {
    maxBytes: number;
    fetchTimeoutMs: number;
    /** A parse running longer than this is ended (its worker terminated) and answered 400. */
    parseTimeoutMs: number;
    /** Heap of one parse worker, in MB; a parse that needs more is ended and answered 413. */
    parseMemoryMb: number;
    /** Parses running at once; more wait for a free worker. */
    parseConcurrency: number;
    /** Total inflated size of a DOCX's zip entries, and the largest inflated/compressed ratio of one entry. */
    maxInflatedBytes: number;
    maxCompressionRatio: number;
    /** PDF pages, HTML/JSON nesting depth, CSV rows, and the size of the text extracted from one document. */
    maxPdfPages: number;
    maxDepth: number;
    maxRows: number;
    maxTextBytes: number;
  };
  logLevel: string;
  bodyLimitBytes: number;
  /** graphql-ws: operations at once per connection, and connections per caller on one instance. */
  websockets: { maxSubscriptionsPerConnection: number; maxConnectionsPerCaller: number };
  shutdownGraceMs: number;
  /** Operations a minute per bearer token (per client address without one; a GraphQL request costs one per root field); 0: no limit. */
  rateLimitPerMinute: number;
  /** How long a client may take to send a whole request. */
  requestTimeoutMs: number;
  /** Browser origins allowed to call the API ('*': any); empty: same origin only. */
  corsOrigins: string[];
  /** Depth and field count an operation on /graphql may have. */
  graphqlLimits: {
    maxDepth: number;
    maxFields: number;
    /** Root mutation fields (aliases included) one request may carry. */
    maxMutations: number;
    /** Root fields that call the language model or parse a document (ask, reply, assign, uploads) one request may carry. */
    maxExpensive: number;
    /** Root fields (aliases included) one query may carry. */
    maxRootFields: number;
    /** Introspection queries answered (default: on outside production). */
    introspection: boolean;
    /** The most records a GraphQL operation may answer in the worst case, lists multiplied (refused before it runs). */
    maxCost: number;
    /** List items one query may answer in all, as it runs (REST included). */
    maxItems: number;
    /** How long one query may run before it is stopped. */
    maxMs: number;
  };
  /** Admission control of HTTP operations (src/http/admission.ts): work at once, the expensive lane, the queue. */
  admission: {
    /** Work running at once, in cost units (page size x nesting of lists; see src/graphql/operation-cost.ts). */
    maxCost: number;
    /** Operations calling the language model or reading a document at once. */
    expensiveConcurrency: number;
    /** How long an operation may wait for room before it is answered 503. */
    maxWaitMs: number;
    /** Operations waiting in each lane; one more is answered 503 at once. */
    maxQueue: number;
  };
  webhooks: {
    /** Delays before each retry of a failed delivery, in ms (jitter is added). */
    retryScheduleMs: number[];
    /** A webhook whose deliveries have failed for this long without a success is deactivated. */
    deactivateAfterMs: number;
    timeoutMs: number;
  };
  /** How often pg-boss looks for due jobs, in seconds (0.5 at least). */
  jobPollSeconds: number;
  /** How often the outbox is swept for events a crashed or busy instance left (it is also run on every commit). */
  outboxPollMs: number;
  /** Relayed events (with their deliveries and attempts) are deleted after this long, in ms. */
  eventRetentionMs: number;
  workflows: WorkflowLimits;
}

const seconds = z
  .string()
  .regex(/^\d+(\.\d+)?(\s*,\s*\d+(\.\d+)?)*$/, 'must be a comma-separated list of seconds')
  .transform((v) => v.split(',').map((s) => Math.round(Number(s) * 1000)));

/** Comma-separated IP addresses or CIDR ranges, kept as CIDR strings (a bare address is a /32 or /128). */
const addressRanges = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .refine(
    (items) => items.every((item) => (item.includes('/') ? ipaddr.isValidCIDR(item) : ipaddr.isValid(item))),
    'must be a comma-separated list of IP addresses or CIDR ranges',
  )
  .transform((items) =>
    items.map((item) => (item.includes('/') ? item : `${item}/${ipaddr.parse(item).kind() === 'ipv4' ? 32 : 128}`)),
  );

const boolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * Quotas of scheduled workflows (docs/configuration.md, "Workflows"): active workflows, and runs
 * in any hour, per user and per organization. Each run asks the agent and may send an e-mail, so
 * these bound what one account, or one tenant, can make the service do unattended.
 */
export interface WorkflowLimits {
  maxPerUser: number;
  maxPerOrganization: number;
  maxRunsPerHourPerUser: number;
  maxRunsPerHourPerOrganization: number;
}
const WORKFLOW_LIMITS = z.object({
  WORKFLOW_MAX_PER_USER: z.coerce.number().int().positive().default(20),
  WORKFLOW_MAX_PER_ORGANIZATION: z.coerce.number().int().positive().default(200),
  WORKFLOW_MAX_RUNS_PER_HOUR_PER_USER: z.coerce.number().int().positive().default(60),
  WORKFLOW_MAX_RUNS_PER_HOUR_PER_ORGANIZATION: z.coerce.number().int().positive().default(600),
});
const workflowLimits = (e: z.infer<typeof WORKFLOW_LIMITS>): WorkflowLimits => ({
  maxPerUser: e.WORKFLOW_MAX_PER_USER,
  maxPerOrganization: e.WORKFLOW_MAX_PER_ORGANIZATION,
  maxRunsPerHourPerUser: e.WORKFLOW_MAX_RUNS_PER_HOUR_PER_USER,
  maxRunsPerHourPerOrganization: e.WORKFLOW_MAX_RUNS_PER_HOUR_PER_ORGANIZATION,
});

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  ROLE: z.enum(['api', 'worker', 'all']).default('all'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  EMBEDDED_IN_MEMORY: boolean.default(false),
  EMBEDDED_TEMPLATE: z.string().min(1).optional(),
  SEED_DEMO: boolean.default(false),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_JWKS_URL: z.url().optional(),
  JWT_ISSUER: z.string().min(1).optional(),
  JWT_AUDIENCE: z.string().min(1).optional(),
  JWT_MAX_LIFETIME_SECONDS: z.coerce.number().int().positive().default(86_400),
  JWT_CLOCK_SKEW_SECONDS: z.coerce.number().int().min(0).max(600).default(60),
  ORG_CREATION: z.enum(['anyone', 'admin']).default('anyone'),
  SECRETS_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes, base64-encoded')
    .optional(),
  ALLOW_PRIVATE_URLS: boolean.default(false),
  ALLOW_PRIVATE_ADDRESSES: addressRanges,
  LLM_BASE_URL: z.url().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  LLM_EMBEDDING_MODEL: z.string().optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  LLM_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  // 4 MiB, 1 MiB and 16 MiB: far above real answers, far below what hurts.
  LLM_MAX_RESPONSE_BYTES: z.coerce.number().int().min(1024).default(4_194_304),
  LLM_MAX_EVENT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  LLM_MAX_EMBEDDINGS_BYTES: z.coerce.number().int().min(1024).default(16_777_216),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  SMTP_FROM: z.string().min(3).default('Talent directory <no-reply@localhost>'),
  KNOWLEDGE_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  KNOWLEDGE_FETCH_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  KNOWLEDGE_PARSE_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  KNOWLEDGE_PARSE_MEMORY_MB: z.coerce.number().int().min(32).default(256),
  KNOWLEDGE_PARSE_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  KNOWLEDGE_MAX_INFLATED_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 * 1024),
  KNOWLEDGE_MAX_COMPRESSION_RATIO: z.coerce.number().positive().default(100),
  KNOWLEDGE_MAX_PDF_PAGES: z.coerce.number().int().positive().default(1_000),
  KNOWLEDGE_MAX_DEPTH: z.coerce.number().int().positive().default(256),
  KNOWLEDGE_MAX_ROWS: z.coerce.number().int().positive().default(100_000),
  KNOWLEDGE_MAX_TEXT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  WS_MAX_SUBSCRIPTIONS_PER_CONNECTION: z.coerce.number().int().positive().default(20),
  WS_MAX_CONNECTIONS_PER_CALLER: z.coerce.number().int().positive().default(10),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().positive().default(10_000),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(0),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  CORS_ORIGINS: z.string().default(''),
  GRAPHQL_MAX_DEPTH: z.coerce.number().int().positive().default(20),
  GRAPHQL_MAX_FIELDS: z.coerce.number().int().positive().default(2000),
  GRAPHQL_MAX_MUTATIONS: z.coerce.number().int().positive().default(20),
  GRAPHQL_MAX_EXPENSIVE: z.coerce.number().int().positive().default(1),
  GRAPHQL_MAX_ROOT_FIELDS: z.coerce.number().int().positive().default(50),
  GRAPHQL_INTROSPECTION: boolean.optional(),
  GRAPHQL_MAX_COST: z.coerce.number().int().positive().default(100_000),
  GRAPHQL_MAX_RESULT_ITEMS: z.coerce.number().int().positive().default(100_000),
  GRAPHQL_MAX_EXECUTION_MS: z.coerce.number().int().positive().default(15_000),
  ADMISSION_MAX_COST: z.coerce.number().int().positive().default(1200),
  ADMISSION_EXPENSIVE_CONCURRENCY: z.coerce.number().int().positive().default(4),
  ADMISSION_MAX_WAIT_MS: z.coerce.number().int().positive().default(2000),
  ADMISSION_MAX_QUEUE: z.coerce.number().int().min(0).default(100),
  // 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h: about a day and a half of retries.
  WEBHOOK_RETRY_SCHEDULE: seconds.default([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]),
  WEBHOOK_DEACTIVATE_AFTER_SECONDS: z.coerce
    .number()
    .positive()
    .default(5 * 24 * 3600),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).default(2),
  OUTBOX_POLL_MS: z.coerce.number().int().positive().default(5_000),
  EVENT_RETENTION_DAYS: z.coerce.number().positive().default(30),
  ...WORKFLOW_LIMITS.shape,
});

export class ConfigError extends Error {}

/**
 * Reads a development secret from dataDir, creating it on first use, so that tokens and encrypted
 * values stay valid across restarts of a development instance.
 */
function persistedSecret(dataDir: string, file: string, make: () => string): string {
  const path = join(dataDir, file);
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const value = make();
  writeFileSync(path, value, { mode: 0o600 });
  return value;
}

/** Validates the environment once; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid environment variable ${String(issue.path[0])}: ${issue.message}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const production = e.NODE_ENV === 'production';
  if (production && !e.JWT_SECRET && !e.JWT_JWKS_URL) {
    throw new ConfigError('Invalid environment variable JWT_SECRET: required in production');
  }
  if (production && !e.SECRETS_KEY) {
    throw new ConfigError('Invalid environment variable SECRETS_KEY: required in production');
  }
  if (e.ROLE !== 'all' && !e.DATABASE_URL) {
    // api and worker processes share the database; the embedded one belongs to a single process.
    throw new ConfigError(
      `Invalid environment variable ROLE: ${e.ROLE} needs DATABASE_URL (a PostgreSQL server that the api and worker processes share); the embedded database runs only with ROLE=all`,
    );
  }
  if (e.ROLE !== 'all' && !e.SECRETS_KEY) {
    // A secret generated into DATA_DIR would differ between processes: workers could not sign deliveries.
    throw new ConfigError(
      `Invalid environment variable SECRETS_KEY: required with ROLE=${e.ROLE}, the same in every api and worker process`,
    );
  }
  if (e.LLM_BASE_URL && !e.LLM_MODEL) {
    throw new ConfigError('Invalid environment variable LLM_MODEL: required when LLM_BASE_URL is set');
  }
  const jwtSecret = e.JWT_SECRET ?? persistedSecret(dataDir, 'jwt-secret', () => randomBytes(48).toString('base64url'));
  const secretsKey = e.SECRETS_KEY ?? persistedSecret(dataDir, 'secrets-key', () => randomBytes(32).toString('base64'));
  return {
    env: e.NODE_ENV,
    role: e.ROLE,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    embeddedInMemory: e.EMBEDDED_IN_MEMORY,
    embeddedTemplate: e.EMBEDDED_TEMPLATE,
    seedDemo: e.SEED_DEMO,
    jwtSecret,
    jwtSecretGenerated: !e.JWT_SECRET,
    jwtJwksUrl: e.JWT_JWKS_URL,
    jwtIssuer: e.JWT_ISSUER,
    jwtAudience: e.JWT_AUDIENCE,
    jwtMaxLifetimeSeconds: e.JWT_MAX_LIFETIME_SECONDS,
    jwtClockSkewSeconds: e.JWT_CLOCK_SKEW_SECONDS,
    orgCreation: e.ORG_CREATION,
    secretsKey: Buffer.from(secretsKey, 'base64'),
    allowPrivateUrls: e.ALLOW_PRIVATE_URLS,
    allowedPrivateRanges: e.ALLOW_PRIVATE_ADDRESSES,
    llm: {
      baseUrl: e.LLM_BASE_URL,
      apiKey: e.LLM_API_KEY,
      model: e.LLM_MODEL,
      embeddingModel: e.LLM_EMBEDDING_MODEL,
      timeoutMs: e.LLM_TIMEOUT_MS,
      retries: e.LLM_RETRIES,
      maxResponseBytes: e.LLM_MAX_RESPONSE_BYTES,
      maxEventBytes: e.LLM_MAX_EVENT_BYTES,
      maxEmbeddingsBytes: e.LLM_MAX_EMBEDDINGS_BYTES,
    },
    smtp: { url: e.SMTP_URL, from: e.SMTP_FROM },
    knowledge: {
      maxBytes: e.KNOWLEDGE_MAX_BYTES,
      fetchTimeoutMs: e.KNOWLEDGE_FETCH_TIMEOUT_MS,
      parseTimeoutMs: e.KNOWLEDGE_PARSE_TIMEOUT_MS,
      parseMemoryMb: e.KNOWLEDGE_PARSE_MEMORY_MB,
      parseConcurrency: e.KNOWLEDGE_PARSE_CONCURRENCY,
      maxInflatedBytes: e.KNOWLEDGE_MAX_INFLATED_BYTES,
      maxCompressionRatio: e.KNOWLEDGE_MAX_COMPRESSION_RATIO,
      maxPdfPages: e.KNOWLEDGE_MAX_PDF_PAGES,
      maxDepth: e.KNOWLEDGE_MAX_DEPTH,
      maxRows: e.KNOWLEDGE_MAX_ROWS,
      maxTextBytes: e.KNOWLEDGE_MAX_TEXT_BYTES,
    },
    logLevel: e.LOG_LEVEL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    websockets: {
      maxSubscriptionsPerConnection: e.WS_MAX_SUBSCRIPTIONS_PER_CONNECTION,
      maxConnectionsPerCaller: e.WS_MAX_CONNECTIONS_PER_CALLER,
    },
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    graphqlLimits: {
      maxDepth: e.GRAPHQL_MAX_DEPTH,
      maxFields: e.GRAPHQL_MAX_FIELDS,
      maxMutations: e.GRAPHQL_MAX_MUTATIONS,
      maxExpensive: e.GRAPHQL_MAX_EXPENSIVE,
      maxRootFields: e.GRAPHQL_MAX_ROOT_FIELDS,
      introspection: e.GRAPHQL_INTROSPECTION ?? !production,
      maxCost: e.GRAPHQL_MAX_COST,
      maxItems: e.GRAPHQL_MAX_RESULT_ITEMS,
      maxMs: e.GRAPHQL_MAX_EXECUTION_MS,
    },
    admission: {
      maxCost: e.ADMISSION_MAX_COST,
      expensiveConcurrency: e.ADMISSION_EXPENSIVE_CONCURRENCY,
      maxWaitMs: e.ADMISSION_MAX_WAIT_MS,
      maxQueue: e.ADMISSION_MAX_QUEUE,
    },
    webhooks: {
      retryScheduleMs: e.WEBHOOK_RETRY_SCHEDULE,
      deactivateAfterMs: Math.round(e.WEBHOOK_DEACTIVATE_AFTER_SECONDS * 1000),
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
    },
    jobPollSeconds: e.JOB_POLL_SECONDS,
    outboxPollMs: e.OUTBOX_POLL_MS,
    eventRetentionMs: Math.round(e.EVENT_RETENTION_DAYS * 24 * 3600 * 1000),
    workflows: workflowLimits(e),
  };
}
