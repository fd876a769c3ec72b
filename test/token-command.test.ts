import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import jwt from 'jsonwebtoken';
import { lifetime, readOptions } from '../scripts/token';
import { orgWithAdmin } from './helpers/fixtures';
import { JWT_SECRET, startTestApp, type TestApp } from './helpers/test-app';

// `npm run token` (scripts/token.ts): a user token for the configured secret, in the organization
// named by id or alias, accepted by the service.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/**
 * Runs the command as `npm run token` does, with the service's secret. Asynchronously: the service
 * it asks about an alias answers from this very process.
 */
function token(...args: string[]): Promise<{ status: number; out: string; err: string }> {
  const data = mkdtempSync(join(tmpdir(), 'talent-token-'));
  const env = { ...process.env, NODE_ENV: 'development', JWT_SECRET, DATA_DIR: data };
  return new Promise((done) => {
    // The compiled command (the test command builds first).
    execFile(
      process.execPath,
      ['dist/scripts/token.js', ...args],
      { cwd: resolve(__dirname, '..'), env, timeout: 20_000 },
      (error, stdout, stderr) => {
        rmSync(data, { recursive: true, force: true });
        done({ status: error ? Number(error.code ?? 1) : 0, out: stdout.trim(), err: stderr.trim() });
      },
    );
  });
}

it('reads lifetimes and options, naming what is wrong', () => {
  expect([lifetime('90'), lifetime('30m'), lifetime('1h'), lifetime('2d'), lifetime('1w')]).toEqual([
    90,
    1800,
    3600,
    172800,
    null,
  ]);
  expect(readOptions(['--email', 'ana@example.com', '--org', 'acme', '--admin', '--ttl', '8h'])).toEqual({
    email: 'ana@example.com',
    org: 'acme',
    admin: true,
    ttlSeconds: 28800,
  });
  expect(readOptions([])).toBe('--email is required');
  expect(readOptions(['--email', 'ana'])).toBe('--email: "ana" is not an e-mail address');
  expect(readOptions(['--email', 'ana@example.com', '--ttl', 'soon'])).toBe(
    '--ttl: "soon" is not a lifetime such as 30m, 1h or 2d',
  );
  expect(readOptions(['--email', 'ana@example.com', '--org'])).toBe('--org needs a value');
  expect(readOptions(['--email', 'ana@example.com', '--team', 'x'])).toBe('unknown option --team');
});

it('prints a token the service accepts, in the organization named by alias or id', async () => {
  const { org, admin } = await orgWithAdmin(t, 'Token Org');
  const invited = await t.api.post('/api/v1/account', { email: 'tia@example.com', name: 'Tia' }, admin.token);
  expect(invited.status).toBe(201);
  for (const named of [org.alias, org.id]) {
    const run = await token('--email', 'tia@example.com', '--org', named, '--ttl', '30m', '--url', t.app.url);
    expect(run).toMatchObject({ status: 0, err: '' });
    const claims = jwt.verify(run.out, JWT_SECRET) as jwt.JwtPayload;
    expect(claims).toMatchObject({ sub: 'dev:tia@example.com', email: 'tia@example.com', org: org.id });
    expect(claims.exp! - claims.iat!).toBe(1800);
    expect(claims.roles).toBeUndefined();
    const me = await t.api.get<{ email: string }[]>('/api/v1/employee', run.out);
    expect(me.status).toBe(200);
  }
});

it('refuses an unknown alias, an unreachable service and a lifetime above the maximum, saying why', async () => {
  expect(await token('--email', 'tia@example.com', '--org', 'no-such-alias', '--url', t.app.url)).toMatchObject({
    status: 1,
    out: '',
    err: expect.stringContaining('--org:'),
  });
  expect(await token('--email', 'tia@example.com', '--org', 'acme', '--url', 'http://127.0.0.1:9')).toMatchObject({
    status: 1,
    err: expect.stringContaining('could not reach the service at http://127.0.0.1:9'),
  });
  expect(await token('--email', 'tia@example.com', '--ttl', '400d')).toMatchObject({
    status: 2,
    err: expect.stringMatching(/^--ttl: at most \d+ seconds/),
  });
  expect(await token('--email', 'tia')).toMatchObject({
    status: 2,
    err: expect.stringContaining('usage: npm run token'),
  });
  const root = await token('--email', 'root@example.com', '--admin');
  expect(jwt.verify(root.out, JWT_SECRET)).toMatchObject({ roles: ['ADMIN'] });
});
