import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema, print } from 'graphql';
import { prepareRoute } from '../src/rest/documents';
import { ROUTES } from '../src/rest/routes';
import type { Request } from './load';
import type { Seeded } from './seed';
import { QUESTIONS, SEARCHES } from './vocabulary';

export interface Scenario {
  name: string;
  /** Which server it drives. */
  server: 'service' | 'baseline';
  /** The raw baseline scenario this one is compared with (ours / baseline), when there is one. */
  versus?: string;
  /** Connections, when not the run's (one shows a path's latency without queueing). */
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

const graphql = (query: string, variables: Record<string, unknown>): Request => ({ method: 'POST', path: '/graphql', body: JSON.stringify({ query, variables }) });
const pick = <T>(list: T[], n: number): T => list[n % list.length];

export function scenarios(seeded: Seeded): Scenario[] {
  const getPlan = facadeDocument('get', '/idp/:id');
  const listPlans = facadeDocument('get', '/idp');
  return [
    { name: 'REST GET /api/v1/idp/{id}', server: 'service', versus: 'raw GET /api/v1/idp/{id}', request: (n) => ({ method: 'GET', path: `/api/v1/idp/${pick(seeded.planIds, n)}` }) },
    { name: 'raw GET /api/v1/idp/{id}', server: 'baseline', request: (n) => ({ method: 'GET', path: `/api/v1/idp/${pick(seeded.planIds, n)}` }) },
    { name: 'GraphQL idp(id)', server: 'service', request: (n) => graphql(getPlan, { id: pick(seeded.planIds, n) }) },
    { name: 'REST GET /api/v1/idp?limit=100', server: 'service', request: () => ({ method: 'GET', path: '/api/v1/idp?limit=100' }) },
    { name: 'GraphQL idps(first: 100)', server: 'service', request: () => graphql(listPlans, { first: 100 }) },
    { name: 'REST GET /api/v1/idp?limit=100, 1 connection', server: 'service', connections: 1, request: () => ({ method: 'GET', path: '/api/v1/idp?limit=100' }) },
    {
      name: 'REST POST /api/v1/idp',
      server: 'service',
      request: (n) => ({ method: 'POST', path: '/api/v1/idp', body: JSON.stringify({ name: `Bench plan ${n}`, startDate: '2026-01-01', type: 'CAREER' }) }),
    },
    { name: 'REST GET /api/v1/account/{email}', server: 'service', request: (n) => ({ method: 'GET', path: `/api/v1/account/${encodeURIComponent(pick(seeded.emails, n * 7919))}` }) },
    { name: 'REST POST /api/v1/agent/search', server: 'service', request: (n) => ({ method: 'POST', path: '/api/v1/agent/search', body: JSON.stringify({ query: pick(SEARCHES, n) }) }) },
    { name: 'REST POST /api/v1/agent/ask (local)', server: 'service', request: (n) => ({ method: 'POST', path: '/api/v1/agent/ask', body: JSON.stringify({ question: pick(QUESTIONS, n) }) }) },
  ];
}
