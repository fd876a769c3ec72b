import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect as netConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'graphql-ws';
import jwt from 'jsonwebtoken';
import WebSocket from 'ws';
import type { OrgRecord } from '../helpers/fixtures';
import type { AccountRecord } from '../helpers/directory';
import { type Jwks, startJwks } from '../helpers/jwks-server';
import { PageServer } from '../helpers/knowledge-files';
import { MAIN, type Running, start } from '../helpers/service-process';
import { freshDatabaseUrl, JWT_SECRET, SECRETS_KEY, signUserToken, testDatabase } from '../helpers/test-app';
import { hostileCorpus } from '../helpers/hostile-files';

// The sequence of the security review, run against one service process in production mode with
// its default limits. Every step is an attack or a careless client from the review; the test ends
// by asserting that the same process answered throughout and /health never took more than 1 s.

let running: Running;
let jwks: Jwks;
let pages: PageServer;
let dataDir: string;
let database: Awaited<ReturnType<typeof freshDatabaseUrl>>;
const healthTimes: number[] = [];
const healthFailures: string[] = [];
let probe: NodeJS.Timeout | undefined;

beforeAll(async () => {
  if (!existsSync(MAIN)) throw new Error('dist/src/main.js is missing: npm test builds it first (npm run build)');
  dataDir = mkdtempSync(join(tmpdir(), 'talent-red-team-'));
  database = await freshDatabaseUrl();
  jwks = await startJwks();
  pages = await new PageServer().start();
  running = await start({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    JWT_SECRET,
    SECRETS_KEY,
    JWT_JWKS_URL: jwks.url,
    ALLOW_PRIVATE_URLS: 'true',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
  });
  // A probe of /health every 250 ms for the whole run; its clock starts when the request is sent.
  probe = setInterval(() => {
    const sent = performance.now();
    running.api
      .get('/health')
      .then((res) => {
        healthTimes.push(performance.now() - sent);
        if (res.status !== 200) healthFailures.push(`status ${res.status}`);
      })
      .catch((error: unknown) => healthFailures.push(String(error)));
  }, 250);
}, 120_000);

afterAll(async () => {
  clearInterval(probe);
  running?.child.kill('SIGTERM');
  await running?.exited;
  await jwks?.close();
  await pages?.close();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const api = () => running.api;
const bearer = (claims: Parameters<typeof signUserToken>[0], options?: Parameters<typeof signUserToken>[1]) =>
  signUserToken(claims, options);

interface Org {
  org: OrgRecord;
  adminToken: string;
}

async function newOrg(): Promise<Org> {
  const email = `owner-${randomUUID().slice(0, 8)}@example.com`;
  const created = await api().post<OrgRecord>(
    '/api/v1/organization',
    { name: `Red ${randomUUID().slice(0, 6)}` },
    bearer({ sub: email, email }),
  );
  expect(created.status).toBe(201);
  return { org: created.body, adminToken: bearer({ sub: email, email, org: created.body.id }) };
}

async function newMember(
  o: Org,
  subject: string = randomUUID(),
): Promise<{ id: string; email: string; token: string; sub: string }> {
  const email = `m-${randomUUID().slice(0, 8)}@example.com`;
  const created = await api().post<AccountRecord>('/api/v1/account', { email }, o.adminToken);
  expect(created.status).toBe(201);
  return { id: created.body.id, email, sub: subject, token: bearer({ sub: subject, email, org: o.org.id }) };
}

/** Sends raw bytes on a socket of its own and reads what comes back until the server closes or `ms` pass. */
function rawExchange(bytes: string, ms = 3_000): Promise<string> {
  const { port } = new URL(api().baseUrl);
  return new Promise((resolve) => {
    let answer = '';
    const socket = netConnect(Number(port), '127.0.0.1', () => socket.write(bytes));
    const done = () => {
      socket.destroy();
      resolve(answer);
    };
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('close', done);
    socket.on('error', done);
    setTimeout(done, ms);
  });
}

function multipartHead(path: string, token: string, extra = ''): string {
  return (
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n${extra}` +
    'Content-Type: multipart/form-data; boundary=XX\r\nTransfer-Encoding: chunked\r\n\r\n'
  );
}

function chunked(body: string): string {
  return `${Buffer.byteLength(body).toString(16)}\r\n${body}\r\n0\r\n\r\n`;
}

describe(`the review's sequence against one production process (${testDatabase()})`, () => {
  let a: Org;

  beforeAll(async () => {
    a = await newOrg();
  });

  it('1. a truncated multipart body or an aborted upload answers 4xx or closes, and stores nothing', async () => {
    const employee = await newMember(a);
    const part =
      '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello';
    for (const token of [employee.token, a.adminToken]) {
      const answer = await rawExchange(multipartHead('/api/v1/agent/add-file-knowledge', token) + chunked(part));
      expect(answer === '' || /^HTTP\/1\.1 4\d\d/.test(answer)).toBe(true);
      // The same part on GraphQL multipart, the operations and map fields first.
      const operations = JSON.stringify({
        query: 'mutation ($file: Upload!) { addFileKnowledge(file: $file) { id } }',
        variables: { file: null },
      });
      const graphqlBody =
        `--XX\r\nContent-Disposition: form-data; name="operations"\r\n\r\n${operations}\r\n` +
        `--XX\r\nContent-Disposition: form-data; name="map"\r\n\r\n{"0":["variables.file"]}\r\n${part}`;
      const gql = await rawExchange(
        multipartHead('/graphql', token, 'Apollo-Require-Preflight: true\r\n') + chunked(graphqlBody),
      );
      expect(gql === '' || /^HTTP\/1\.1 4\d\d/.test(gql)).toBe(true);
      // A client that goes away in the middle of the body.
      const aborted = await rawExchange(
        multipartHead('/api/v1/agent/add-file-knowledge', token) + `${(part.length + 1000).toString(16)}\r\n${part}`,
        300,
      );
      expect(aborted === '' || /^HTTP\/1\.1 4\d\d/.test(aborted)).toBe(true);
    }
    const knowledge = await api().get<unknown[]>('/api/v1/agent/knowledge', a.adminToken);
    expect(knowledge.status).toBe(200);
    expect(knowledge.body).toEqual([]);
  });

  it('2. hostile documents are answered within the deadline with 200, 400 or 413, never 5xx', async () => {
    const corpus = await hostileCorpus();
    for (const file of corpus) {
      const form = new FormData();
      form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
      const began = Date.now();
      const res = await api().request('POST', '/api/v1/agent/add-file-knowledge', { form, token: a.adminToken });
      expect({ file: file.name, status: res.status }).toEqual({ file: file.name, status: file.expect });
      // The default parse deadline is 20 s; reading and storing come on top.
      expect(Date.now() - began).toBeLessThan(30_000);
    }
    // The same HTML through a page.
    const html = corpus.find((f) => f.type === 'text/html')!;
    pages.pages.set('/deep.html', { type: 'text/html', body: Buffer.from(html.bytes) });
    const fetched = await api().post(
      '/api/v1/agent/add-url-knowledge',
      { url: `${pages.url}/deep.html` },
      a.adminToken,
    );
    expect([200, 201, 400, 413]).toContain(fetched.status);
  }, 600_000);

  it("3. another subject with an account's e-mail does not reach that account", async () => {
    const bob = await newMember(a, 'bob-subject');
    const started = await api().post<{ id: string }>(
      '/api/v1/agent/conversations/start',
      { name: 'private' },
      bob.token,
    );
    expect(started.status).toBe(200);
    const mallory = bearer({ sub: 'mallory-subject', email: bob.email.toUpperCase(), org: a.org.id });
    const took = await api().get('/api/v1/agent/conversations', mallory);
    expect(took.status).toBe(401);
    expect(took.text).toMatch(/subject/i);
    // The chain: an organization admin changes the member's e-mail, then signs in with it.
    const changed = await api().patch(`/api/v1/account/${bob.id}`, { email: `taken-${bob.email}` }, a.adminToken);
    expect(changed.status).toBe(403);
    const viaIdp = jwks.sign({ sub: 'idp-mallory', email: bob.email, email_verified: true, org: a.org.id });
    expect((await api().get('/api/v1/agent/conversations', viaIdp)).status).toBe(401);
  });

  it('4. a forged roles claim does not lift an EMPLOYEE', async () => {
    const employee = await newMember(a);
    const forged = bearer({
      sub: employee.sub,
      email: employee.email,
      org: a.org.id,
      roles: ['ORG_ADMIN', 'MANAGER', 'org_admin'],
    });
    expect((await api().get('/api/v1/webhook-key', forged)).status).toBe(403);
    expect((await api().post(`/api/v1/account/${employee.id}/grant`, { role: 'ORG_ADMIN' }, forged)).status).toBe(403);
    const account = await api().get<AccountRecord>(`/api/v1/account/${employee.id}`, a.adminToken);
    expect(account.body.grants.filter((g) => g.orgId === a.org.id).map((g) => g.role)).toEqual(['EMPLOYEE']);
  });

  it('5. a live subscription ends when the grant it needs is revoked', async () => {
    const second = await newMember(a);
    expect((await api().post(`/api/v1/account/${second.id}/grant`, { role: 'ORG_ADMIN' }, a.adminToken)).status).toBe(
      200,
    );
    const client = createClient({
      url: `${api().baseUrl.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${second.token}` },
      retryAttempts: 0,
      lazy: true,
    });
    const received: unknown[] = [];
    const ended = new Promise<string>((resolve) => {
      client.subscribe(
        { query: 'subscription { changes { type } }' },
        {
          next: (value) => (value.errors ? resolve(`error ${value.errors[0].message}`) : received.push(value.data)),
          error: (error: unknown) => resolve(`error ${String((error as { reason?: string }).reason ?? error)}`),
          complete: () => resolve('complete'),
        },
      );
    });
    await new Promise((r) => setTimeout(r, 500));
    const revoked = await api().request('DELETE', `/api/v1/account/${second.id}/grant`, {
      body: { role: 'ORG_ADMIN', orgId: a.org.id },
      token: a.adminToken,
    });
    expect(revoked.status).toBe(200);
    await api().post(
      '/api/v1/app',
      { type: 'CRM', externalId: randomUUID(), internal: false, name: 'after revoke', secretData: { key: 'hidden' } },
      a.adminToken,
    );
    const outcome = await Promise.race([
      ended,
      new Promise<string>((r) => setTimeout(() => r('still streaming'), 10_000)),
    ]);
    await client.dispose();
    expect(outcome).not.toBe('still streaming');
    expect(JSON.stringify(received)).not.toContain('after revoke');
  });

  it("6. adding another organization's member reveals nothing of them, and preferences stay their own", async () => {
    const b = await newOrg();
    const other = await newMember(b, 'other-subject');
    expect(
      (
        await api().request('PUT', `/api/v1/account/${other.id}/preferences/ui`, {
          body: { values: { theme: 'dark' } },
          token: other.token,
        })
      ).status,
    ).toBe(200);
    const added = await api().post<AccountRecord>('/api/v1/account', { email: other.email }, a.adminToken);
    expect(added.status).toBe(201);
    expect(JSON.stringify(added.body)).not.toContain(b.org.id);
    expect(added.body.created.createdBy).not.toBe(b.org.owners[0]);
    const prefs = await api().get(`/api/v1/account/${other.id}/preferences/ui`, a.adminToken);
    expect([403, 404]).toContain(prefs.status);
    expect(prefs.text).not.toContain('dark');
  });

  it('7. nobody but a platform ADMIN names another owner', async () => {
    const victim = await newMember(a);
    const res = await api().post(
      '/api/v1/organization',
      { name: 'Forced', ownerEmail: victim.email },
      bearer({ sub: 'someone', email: 'someone@example.com' }),
    );
    expect(res.status).toBe(403);
  });

  it('8. secret look-ups are for platform ADMIN', async () => {
    const employee = await newMember(a);
    const res = await api().post('/api/v1/organization/by-app-secret/CRM/pin', { secret: '1234' }, employee.token);
    expect(res.status).toBe(403);
    expect(
      (await api().post('/api/v1/organization/by-app-secret/CRM/pin', { secret: '1234' }, a.adminToken)).status,
    ).toBe(403);
  });

  it('9. aliases do not multiply work', async () => {
    const employee = await newMember(a);
    const many = Array.from({ length: 999 }, (_, i) => `c${i}: startConversation { id }`).join(' ');
    const res = await api().graphql(`mutation { ${many} }`, {}, employee.token);
    expect(res.status).toBe(400);
    const asks = Array.from({ length: 600 }, (_, i) => `a${i}: ask(question: "hello") { conversationId }`).join(' ');
    expect((await api().graphql(`mutation { ${asks} }`, {}, employee.token)).status).toBe(400);
    const list = await api().get<unknown[]>('/api/v1/agent/conversations', employee.token);
    expect(list.body).toEqual([]);
  });

  it('10. a subscription over HTTP is a clean 400', async () => {
    const res = await api().graphql('subscription { changes { type } }', {}, a.adminToken);
    expect(res.status).toBe(400);
    expect(res.errors?.[0].message).toMatch(/graphql-ws/);
  });

  it('11. token edges: no exp, iat in the future, anonymous introspection, unknown kids', async () => {
    const withoutExp = jwt.sign({ sub: 'no-exp', email: 'no-exp@example.com' }, JWT_SECRET, { algorithm: 'HS256' });
    expect((await api().get('/api/v1/organization', withoutExp)).status).toBe(401);
    const future = jwt.sign(
      { sub: 'future', email: 'future@example.com', iat: Math.floor(Date.now() / 1000) + 3600 },
      JWT_SECRET,
      { algorithm: 'HS256', expiresIn: '2h' },
    );
    expect((await api().get('/api/v1/organization', future)).status).toBe(401);
    const introspection = await api().graphql('{ __schema { types { name } } }');
    expect(introspection.data).toBeUndefined();
    expect(introspection.status).toBe(400);
    const before = jwks.fetches();
    for (let i = 0; i < 50; i++) {
      const forged = jwks.sign({ sub: `kid-${i}` }, { keyid: `unknown-${i}` });
      expect((await api().get('/api/v1/organization', forged)).status).toBe(401);
    }
    expect(jwks.fetches() - before).toBeLessThanOrEqual(5);
  });

  it('ends with the same process answering, and /health never slower than 1 s', async () => {
    expect(running.child.exitCode).toBeNull();
    expect((await api().get('/health')).status).toBe(200);
    expect(healthFailures).toEqual([]);
    expect(healthTimes.length).toBeGreaterThan(10);
    expect(Math.max(...healthTimes)).toBeLessThan(1_000);
  });
});
