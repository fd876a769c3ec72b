import { randomBytes, randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { Client } from 'pg';
import type { DestinationStream } from 'pino';
import { type App, createApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import { Api } from './api';
import { PG_TEMPLATE } from './test-template';

export const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
export const SECRETS_KEY = randomBytes(32).toString('base64');

/** Which database this jest project runs on (jest.config.js globals). */
export function testDatabase(): 'pglite' | 'postgres' {
  const db = (globalThis as { TEST_DB?: string }).TEST_DB;
  if (db === 'none')
    throw new Error('the unit tier (*.unit.test.ts) has no database: a test that needs the service is named *.test.ts');
  return db === 'postgres' ? 'postgres' : 'pglite';
}

/**
 * A fresh database for one test file: a new database on the cluster, or in-memory PGlite. Empty,
 * or with `migrated` a copy of the migrated template (pg-global-setup.ts).
 */
export async function freshDatabaseUrl(migrated = false): Promise<{ url?: string; drop(): Promise<void> }> {
  if (testDatabase() === 'pglite') return { url: undefined, drop: async () => {} };
  const admin = process.env.TEST_PG_URL;
  if (!admin) throw new Error('TEST_PG_URL is not set: the postgres project global setup did not run');
  const name = `t_${randomUUID().replace(/-/g, '')}`;
  const client = new Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}${migrated ? ` template ${PG_TEMPLATE}` : ''}`);
  await client.end();
  return {
    url: admin.replace(/\/postgres$/, `/${name}`),
    async drop() {
      const c = new Client({ connectionString: admin });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: App;
  api: Api;
  /** Signs a user token with the service's HS256 secret. */
  token(
    claims: Partial<{ sub: string; email: string; name: string; org: string; roles: string[] }>,
    options?: jwt.SignOptions,
  ): string;
  close(): Promise<void>;
}

/**
 * What the fixtures need of a running service: a client of its API and its token signing. A
 * TestApp is one; so is a service started as a process of its own (service-process.ts) with
 * signUserToken, as the multi-instance test starts them.
 */
export type ServiceClient = Pick<TestApp, 'api' | 'token'>;

/**
 * Starts the real service on a loopback port against a fresh database of this project's kind; `logs`
 * receives its log lines. A variable given as undefined is left unset (JWT_SECRET: a generated one).
 * A DATABASE_URL given shares that database with other instances (its owner drops it).
 */
export async function startTestApp(
  env: Record<string, string | undefined> = {},
  logs?: DestinationStream,
): Promise<TestApp> {
  const database = env.DATABASE_URL ? { url: env.DATABASE_URL, drop: async () => {} } : await freshDatabaseUrl(true);
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    JWT_SECRET,
    SECRETS_KEY,
    EMBEDDED_IN_MEMORY: 'true',
    DATA_DIR: '/tmp/talent-test-unused',
    LOG_LEVEL: 'silent',
    // The relay runs after every commit that wrote events; its timer is only a safety net, kept
    // out of the way of tests that count queries.
    OUTBOX_POLL_MS: '600000',
    // Both projects' global setups migrated a database for all to start from (pg- and pglite-global-setup.ts).
    ...(database.url
      ? { DATABASE_URL: database.url }
      : process.env.TEST_PGLITE_TEMPLATE
        ? { EMBEDDED_TEMPLATE: process.env.TEST_PGLITE_TEMPLATE }
        : {}),
    ...env,
  });
  const app = await createApp(config, createLogger(config, logs));
  return {
    app,
    api: new Api(app.url),
    token: (claims, options) => signUserToken(claims, options),
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

export function signUserToken(
  claims: Partial<{ sub: string; email: string; name: string; org: string; roles: string[] }>,
  options: jwt.SignOptions = {},
): string {
  const sub = claims.sub ?? claims.email ?? randomUUID();
  return jwt.sign({ ...claims, sub }, JWT_SECRET, { algorithm: 'HS256', expiresIn: '1h', ...options });
}
