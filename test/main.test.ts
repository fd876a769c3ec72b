import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAIN, start } from './helpers/service-process';
import { freshDatabaseUrl, JWT_SECRET, SECRETS_KEY, signUserToken, testDatabase } from './helpers/test-app';

let dataDir: string;
let database: Awaited<ReturnType<typeof freshDatabaseUrl>>;
let env: Record<string, string>;

beforeAll(async () => {
  if (!existsSync(MAIN)) throw new Error('dist/src/main.js is missing: npm test builds it first (npm run build)');
  dataDir = mkdtempSync(join(tmpdir(), 'talent-main-'));
  database = await freshDatabaseUrl();
  env = { DATA_DIR: dataDir, JWT_SECRET, SECRETS_KEY, NODE_ENV: 'production', ...(database.url ? { DATABASE_URL: database.url } : {}) };
});

afterAll(async () => {
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the service process', () => {
  it(`keeps its data across a restart (${testDatabase()})`, async () => {
    const token = signUserToken({ sub: 'restart-user', email: 'restart@example.com' });
    const first = await start(env);
    expect(first.output()).toContain('/graphql');
    const created = await first.api.post<{ id: string }>('/api/v1/organization', { name: 'Survives Restarts' }, token);
    expect(created.status).toBe(201);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = await start(env);
    try {
      const list = await second.api.get<{ id: string; name: string }[]>('/api/v1/organization', token);
      expect(list.status).toBe(200);
      expect(list.body).toEqual([expect.objectContaining({ id: created.body.id, name: 'Survives Restarts' })]);
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }
  });

  it('finishes an in-flight request on SIGTERM, refuses new ones, and exits 0', async () => {
    const running = await start(env);
    const token = signUserToken({ sub: 'drain-user', email: 'drain@example.com' });
    const url = new URL('/api/v1/organization', running.api.baseUrl);
    const body = JSON.stringify({ name: 'Created While Draining' });
    // Send the headers and half of the body, signal, then send the rest: the request is in flight.
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        running.child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(10)), 500);
      }, 300);
    });
    const answered = await response;
    expect(answered.status).toBe(201);
    expect(JSON.parse(answered.body)).toMatchObject({ name: 'Created While Draining' });
    expect(await running.exited).toBe(0);
    await expect(fetch(url)).rejects.toThrow();
  });

  it('stops with a message naming the variable when the configuration is bad', async () => {
    const child = spawn(process.execPath, [MAIN], { env: { PATH: process.env.PATH ?? '', PORT: 'eighty' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toMatch(/Invalid environment variable PORT/);
  });
});
