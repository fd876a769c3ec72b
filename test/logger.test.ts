import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import jwt from 'jsonwebtoken';
import { freePort } from '../scripts/pg-cluster';
import { type OrgRecord, orgWithAdmin } from './helpers/fixtures';
import { signOrgToken } from './helpers/org-token';
import { JWT_SECRET, SECRETS_KEY, startTestApp, type TestApp } from './helpers/test-app';
import { createKey, createWebhook, eventually } from './helpers/webhooks';

// The logs of a run that touches every kind of secret the service holds, at debug level, searched
// for each secret and token it used: none may appear (src/logger.ts redacts, services log ids).
let t: TestApp;
let lines = '';
const LLM_KEY = `sk-test-${randomBytes(12).toString('hex')}`;

beforeAll(async () => {
  const capture = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines += chunk.toString();
      done();
    },
  });
  const closedPort = await freePort();
  t = await startTestApp(
    {
      LOG_LEVEL: 'debug',
      ALLOW_PRIVATE_URLS: 'true',
      LLM_BASE_URL: `http://127.0.0.1:${closedPort}/v1`,
      LLM_MODEL: 'test-model',
      LLM_API_KEY: LLM_KEY,
      LLM_RETRIES: '0',
      LLM_TIMEOUT_MS: '2000',
    },
    capture,
  );
});

afterAll(() => t.close());

describe('logs', () => {
  it('log each request in one short line: id, method, path, status and duration, no headers', async () => {
    const res = await t.api.request('GET', '/api/v1/employee?limit=1', { headers: { 'x-request-id': 'trace-me-42' } });
    expect(res.status).toBe(401);
    const line = await eventually(async () => lines.split('\n').find((l) => l.includes('"trace-me-42"')), Boolean);
    const logged = JSON.parse(line!) as Record<string, unknown>;
    expect(logged).toMatchObject({
      req: { id: 'trace-me-42', method: 'GET', url: '/api/v1/employee?limit=1' },
      res: { statusCode: 401 },
      responseTime: expect.any(Number),
    });
    expect(Object.keys(logged.req as object).sort()).toEqual(['id', 'method', 'url']);
    expect(Object.keys(logged.res as object)).toEqual(['statusCode']);
    expect(line!.length).toBeLessThan(400);
  });

  it('never hold a secret, a key or a token of a full run', async () => {
    const { org, admin } = await orgWithAdmin(t);
    const secrets: Record<string, string> = {
      JWT_SECRET,
      SECRETS_KEY,
      LLM_API_KEY: LLM_KEY,
      'admin token': admin.token,
    };

    const keyed = await t.api.post<OrgRecord>('/api/v1/organization/keys', { name: 'integration' }, admin.token);
    const orgKey = keyed.body.keys.find((k) => k.secretBase64)!;
    secrets['organization key secret'] = orgKey.secretBase64!;
    secrets['organization token'] = signOrgToken(orgKey.id, orgKey.secretBase64!);
    expect((await t.api.get('/api/v1/employee', secrets['organization token'])).status).toBe(200);

    secrets['app secretData'] = `crm-${randomBytes(12).toString('hex')}`;
    const app = await t.api.post(
      '/api/v1/app',
      {
        type: 'CRM',
        externalId: 'ext-1',
        internal: false,
        name: 'CRM',
        secretData: { apiKey: secrets['app secretData'] },
      },
      admin.token,
    );
    expect(app.status).toBe(201);
    // A refused write that carries a secret: the message names the field, not the value.
    secrets['refused secretData'] = `bad-${randomBytes(12).toString('hex')}`;
    expect(
      (
        await t.api.post(
          '/api/v1/app',
          { type: 'CRM', externalId: 7, name: 'CRM', secretData: { apiKey: secrets['refused secretData'] } },
          admin.token,
        )
      ).status,
    ).toBe(400);

    // Tokens that fail: forged, expired, and garbage.
    secrets['forged token'] = jwt.sign({ sub: admin.sub, org: org.id }, 'not-the-secret-but-long-enough-to-sign', {
      algorithm: 'HS256',
    });
    secrets['expired token'] = t.token({ sub: admin.sub, email: admin.email, org: org.id }, { expiresIn: -600 });
    secrets['garbage token'] = `garbage-${randomBytes(12).toString('hex')}`;
    for (const token of [secrets['forged token'], secrets['expired token'], secrets['garbage token']])
      expect((await t.api.get('/api/v1/organization', token)).status).toBe(401);

    // A webhook whose receiver is down: its attempts fail and are logged.
    const key = await createKey(t, { email: admin.email, sub: admin.sub, token: admin.token });
    secrets['webhook key secret'] = key.secretBase64!;
    const downPort = await freePort();
    await createWebhook(
      t,
      { email: admin.email, sub: admin.sub, token: admin.token },
      { url: `http://127.0.0.1:${downPort}/hook`, eventType: '*.*' },
    );
    expect((await t.api.post('/api/v1/employee', { name: 'Logged' }, admin.token)).status).toBe(201);
    await eventually(
      async () => lines,
      (text) => text.includes('webhook delivery attempt failed'),
    );

    // The language-model server is down: the ask fails with 503 and the failure is logged.
    expect((await t.api.post('/api/v1/agent/ask', { question: 'What is our leave policy?' }, admin.token)).status).toBe(
      503,
    );

    expect(lines).toContain('"msg":"request completed"');
    const leaked = Object.entries(secrets).filter(
      ([, value]) => lines.includes(value) || lines.includes(value.slice(-24)),
    );
    expect(leaked.map(([name]) => name)).toEqual([]);
  });
});
