import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema, print } from 'graphql';
import { prepareRoute } from '../src/rest/documents';
import { ROUTES } from '../src/modules';
import type { Request } from './load';
import type { Seeded } from './seed';
import { QUESTIONS, SEARCHES } from './vocabulary';

/** Who answers a scenario: the service, or one of the raw baselines (baseline-server.ts). */
export type ServerKind = 'service' | 'statements' | 'json';

export interface Scenario {
  name: string;
  server: ServerKind;
  /**
   * The raw baseline scenarios this one is compared with: its ratio is to the best of them, and
   * before any load their answers must be the service's, byte for byte.
   */
  versus?: string[];
  /** A baseline's short name, for the ratio column: how many statements it sends. */
  short?: string;
  /** Connections, when not the run's (fewer show a path's latency with less queueing). */
  connections?: number;
  request(n: number): Request;
}

/**
 * The document the REST facade runs for a route, to send the same query to /graphql: both paths
 * then differ only in what sits in front of graphql's execute().
 */
function facadeDocument(method: string, path: string): string {
  const route = ROUTES.find((r) => r.method === method && r.path === path);
  if (!route) throw new Error(`no REST route ${method} ${path}`);
  const schema = buildSchema(readFileSync(join(__dirname, '..', '..', 'schema.graphql'), 'utf8'));
  return print(prepareRoute(schema, route).document);
}

const graphql = (query: string, variables: Record<string, unknown>): Request => ({
  method: 'POST',
  path: '/graphql',
  body: JSON.stringify({ query, variables }),
});
const pick = <T>(list: T[], n: number): T => list[n % list.length];

const GET = 'GET /api/v1/idp/{id}';
const LIST = 'GET /api/v1/idp?limit=100';
const SEARCH = 'POST /api/v1/agent/search';
const short = (kind: 'statements' | 'json', statements: number) =>
  kind === 'json' ? '1 statement building the JSON' : `${statements} statements`;
/** Baseline names: the route, and how many statements each answer takes. */
const raw = (route: string, kind: 'statements' | 'json', statements: number, suffix = '') =>
  `raw ${route}, ${short(kind, statements)}${suffix}`;
/** A baseline scenario of `route`. */
const baseline = (
  route: string,
  kind: 'statements' | 'json',
  statements: number,
  request: (n: number) => Request,
  connections?: number,
): Scenario => ({
  name: raw(route, kind, statements, connections === 1 ? ', 1 connection' : ''),
  server: kind,
  short: short(kind, statements),
  connections,
  request,
});

export function scenarios(seeded: Seeded): Scenario[] {
  const getPlan = facadeDocument('get', '/idp/:id');
  const listPlans = facadeDocument('get', '/idp');
  const get = (n: number): Request => ({ method: 'GET', path: `/api/v1/idp/${pick(seeded.planIds, n)}` });
  const list = (): Request => ({ method: 'GET', path: '/api/v1/idp?limit=100' });
  const ask = (n: number): Request => ({
    method: 'POST',
    path: '/api/v1/agent/ask',
    body: JSON.stringify({ question: pick(QUESTIONS, n) }),
  });
  const search = (n: number): Request => ({
    method: 'POST',
    path: '/api/v1/agent/search',
    body: JSON.stringify({ query: pick(SEARCHES, n) }),
  });
  return [
    { name: `REST ${GET}`, server: 'service', versus: [raw(GET, 'statements', 9), raw(GET, 'json', 1)], request: get },
    baseline(GET, 'statements', 9, get),
    baseline(GET, 'json', 1, get),
    { name: 'GraphQL idp(id)', server: 'service', request: (n) => graphql(getPlan, { id: pick(seeded.planIds, n) }) },
    { name: `REST ${GET}, 10 connections`, server: 'service', connections: 10, request: get },
    {
      name: `REST ${LIST}`,
      server: 'service',
      versus: [raw(LIST, 'statements', 9), raw(LIST, 'json', 1)],
      request: list,
    },
    baseline(LIST, 'statements', 9, list),
    baseline(LIST, 'json', 1, list),
    { name: 'GraphQL idps(first: 100)', server: 'service', request: () => graphql(listPlans, { first: 100 }) },
    {
      name: `REST ${LIST}, 1 connection`,
      server: 'service',
      connections: 1,
      versus: [raw(LIST, 'json', 1, ', 1 connection')],
      request: list,
    },
    baseline(LIST, 'json', 1, list, 1),
    {
      name: 'REST POST /api/v1/idp',
      server: 'service',
      request: (n) => ({
        method: 'POST',
        path: '/api/v1/idp',
        body: JSON.stringify({ name: `Bench plan ${n}`, startDate: '2026-01-01', type: 'CAREER' }),
      }),
    },
    {
      name: 'REST GET /api/v1/account/{email}',
      server: 'service',
      request: (n) => ({ method: 'GET', path: `/api/v1/account/${encodeURIComponent(pick(seeded.emails, n * 7919))}` }),
    },
    {
      name: `REST ${SEARCH}`,
      server: 'service',
      connections: 10,
      versus: [raw(SEARCH, 'statements', 2), raw(SEARCH, 'json', 1)],
      request: search,
    },
    baseline(SEARCH, 'statements', 2, search, 10),
    baseline(SEARCH, 'json', 1, search, 10),
    { name: 'REST POST /api/v1/agent/ask (local)', server: 'service', connections: 10, request: ask },
    // One user asking after another: the latency a person waits for an answer.
    { name: 'REST POST /api/v1/agent/ask (local), 1 connection', server: 'service', connections: 1, request: ask },
  ];
}

/** Scenario names the targets refer to. */
export const NAMES = {
  get: `REST ${GET}`,
  getGraphql: 'GraphQL idp(id)',
  get10: `REST ${GET}, 10 connections`,
  list: `REST ${LIST}`,
  list1: `REST ${LIST}, 1 connection`,
  search: `REST ${SEARCH}`,
  ask: 'REST POST /api/v1/agent/ask (local)',
  ask1: 'REST POST /api/v1/agent/ask (local), 1 connection',
};
