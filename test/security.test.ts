import { connect as connectSocket } from 'node:net';
import { startTestApp, type TestApp } from './helpers/test-app';

let open: TestApp;
let closed: TestApp;
const ALLOWED = 'https://app.example.com';

beforeAll(async () => {
  open = await startTestApp({ CORS_ORIGINS: `${ALLOWED}, https://admin.example.com` });
  closed = await startTestApp({ REQUEST_TIMEOUT_MS: '1000' });
});

afterAll(async () => {
  await open.close();
  await closed.close();
});

const preflight = (t: TestApp, origin: string) =>
  fetch(`${t.app.url}/graphql`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, content-type',
    },
  });

describe('security headers and CORS', () => {
  it('sends the security headers on API answers and errors', async () => {
    for (const path of ['/health', '/api/v1/organization', '/no-such-path']) {
      const res = await fetch(`${closed.app.url}${path}`);
      const headers = Object.fromEntries(
        [
          'x-content-type-options',
          'x-frame-options',
          'strict-transport-security',
          'referrer-policy',
          'x-powered-by',
        ].map((h) => [h, res.headers.get(h)]),
      );
      expect([path, headers]).toEqual([
        path,
        {
          'x-content-type-options': 'nosniff',
          'x-frame-options': 'SAMEORIGIN',
          'strict-transport-security': expect.stringContaining('max-age='),
          'referrer-policy': 'no-referrer',
          'x-powered-by': null,
        },
      ]);
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    }
  });

  it('serves the docs page under its content security policy: every script is its own', async () => {
    const page = await fetch(`${closed.app.url}/docs/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toMatch(/<script>(?!<)/);
    for (const src of [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]))
      expect((await fetch(`${closed.app.url}${src}`)).status).toBe(200);
  });

  it('answers a preflight from an allowed origin, and not from another', async () => {
    const allowed = await preflight(open, ALLOWED);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(allowed.headers.get('access-control-allow-headers')).toContain('authorization');
    const other = await preflight(open, 'https://evil.example.net');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const res = await fetch(`${open.app.url}/api/v1/organization`, { headers: { origin: ALLOWED } });
    expect([
      res.status,
      res.headers.get('access-control-allow-origin'),
      res.headers.get('access-control-expose-headers'),
    ]).toEqual([401, ALLOWED, 'retry-after,x-request-id,x-total-count,link,content-disposition']);
  });

  it('allows no cross-origin caller unless CORS_ORIGINS names it', async () => {
    const res = await preflight(closed, ALLOWED);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const get = await fetch(`${closed.app.url}/api/v1/organization`, { headers: { origin: ALLOWED } });
    expect(get.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers 408 and closes the connection of a client that stalls mid-request (REQUEST_TIMEOUT_MS)', async () => {
    const { port } = new URL(closed.app.url);
    const socket = connectSocket(Number(port), '127.0.0.1');
    const started = Date.now();
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.write(
      'POST /api/v1/idp HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"na',
    );
    await new Promise((resolve) => socket.on('close', resolve));
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(Date.now() - started).toBeLessThan(5_000);
    // The service goes on serving others.
    expect((await fetch(`${closed.app.url}/health`)).status).toBe(200);
  });
});
