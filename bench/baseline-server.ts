import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import jwt from 'jsonwebtoken';
import { Pool } from 'pg';
import { jsonBaseline } from './baseline-json';
import { messageWords, searchBody, type SearchBody } from './baseline-search';
import { statementsBaseline } from './baseline-statements';

/**
 * A raw baseline of the read scenarios, answered by hand with node:http and pg, with the service's
 * JSON (the benchmark checks that byte for byte before any load): BASELINE=statements sends the
 * service's statements and builds the JSON in Node (baseline-statements.ts), BASELINE=json sends
 * one statement that builds it in PostgreSQL (baseline-json.ts). Written for speed, it serves
 * what the benchmark asks: an ORG_ADMIN of the plans' organization, who may read every plan
 * there, so the service's visibility query has no counterpart here.
 */

/** Status and the JSON text of the answer. */
export type Answer = [number, string];

export interface Baseline {
  plan(subject: string, org: string, id: string): Promise<Answer>;
  plans(subject: string, org: string, limit: number): Promise<Answer>;
  search(subject: string, org: string, input: SearchBody): Promise<Answer>;
}

const PLAN_PATH = /^\/api\/v1\/idp\/([0-9a-f-]{36})$/;
const LIST_PATH = /^\/api\/v1\/idp(\?limit=(\d+))?$/;

function send(res: ServerResponse, [code, text]: Answer): void {
  res.writeHead(code, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function bodyOf(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

async function answer(baseline: Baseline, secret: string, req: IncomingMessage): Promise<Answer> {
  let claims: { sub?: string; org?: string };
  try {
    claims = jwt.verify((req.headers.authorization ?? '').replace(/^Bearer /, ''), secret, {
      algorithms: ['HS256'],
    }) as typeof claims;
  } catch {
    return [401, JSON.stringify('authentication required')];
  }
  const { sub = '', org = '' } = claims;
  const url = req.url ?? '';
  const plan = req.method === 'GET' ? PLAN_PATH.exec(url) : null;
  if (plan) return baseline.plan(sub, org, plan[1]);
  const list = req.method === 'GET' ? LIST_PATH.exec(url) : null;
  if (list) return baseline.plans(sub, org, Number(list[2] ?? 50));
  if (req.method === 'POST' && url === '/api/v1/agent/search') {
    const input = searchBody(await bodyOf(req));
    return input ? baseline.search(sub, org, input) : [400, JSON.stringify('query required')];
  }
  return [404, JSON.stringify('not found')];
}

async function main(): Promise<void> {
  const secret = process.env.JWT_SECRET ?? '';
  const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const words = await messageWords(pool);
  const kind = process.env.BASELINE;
  if (kind !== 'statements' && kind !== 'json') throw new Error('BASELINE must be statements or json');
  const baseline = kind === 'json' ? jsonBaseline(pool, words) : statementsBaseline(pool, words);
  createServer((req, res) => {
    if (req.url === '/health') return send(res, [200, JSON.stringify({ status: 'ok' })]);
    answer(baseline, secret, req).then(
      (result) => send(res, result),
      (error: unknown) => send(res, [500, JSON.stringify(error instanceof Error ? error.message : 'internal error')]),
    );
  }).listen(Number(process.env.PORT ?? 4100), '127.0.0.1');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
