import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Request, type RequestHandler, type Router } from 'express';
import { isIP } from 'node:net';
import { adminToken } from '../auth/dev-tokens';
import type { Config } from '../config';
import { sendError } from '../rest/errors';

/**
 * Where `npm run build` leaves the console (console/vite.config.mjs): dist/console, seen from the
 * compiled dist/src/http or from the sources under ts-jest.
 */
function builtConsole(): string | undefined {
  return [join(__dirname, '../../dist/console'), join(__dirname, '../../console')].find(
    (dir) => existsSync(join(dir, 'index.html')) && existsSync(join(dir, 'assets')),
  );
}

/** The project's guides (docs/*.md), from the compiled dist/src/http or the sources. */
function guidesFolder(): string | undefined {
  return [join(__dirname, '../../../docs'), join(__dirname, '../../docs')].find((dir) => existsSync(dir));
}

/** An HTML index of the guides, each titled by its first heading. */
function guidesIndex(dir: string): string {
  const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const items = readdirSync(dir)
    .filter((file) => GUIDE.test(file))
    .sort()
    .map((file) => {
      const title = /^#[^\S\n\r\u2028\u2029]+(\S.*)$/m.exec(readFileSync(join(dir, file), 'utf8'))?.[1] ?? file;
      return `<li><a href="/console/guides/${file}">${escape(title)}</a> <small>(${file})</small></li>`;
    });
  return `<!doctype html><meta charset="utf-8"><title>Guides · Talent directory</title>
<body style="font-family: system-ui, sans-serif; max-width: 46rem; margin: 2rem auto"><h1>Guides</h1><ul>${items.join('')}</ul>
<p><a href="/">Console</a> · <a href="/docs">REST API</a></p></body>`;
}

const GUIDE = /^[a-z0-9-]+\.md$/;

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Talent directory</title>
<p>The console is not built. Run <code>npm run build</code> (or <code>npm start</code>, which builds what changed).</p>
<p><a href="/docs">REST API reference</a> · <a href="/health">Health</a></p>`;

/** True for a request whose peer is this machine: the socket's address, never a forwarded header. */
function fromThisMachine(req: Request): boolean {
  const address = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  return isIP(address) !== 0 && (address === '::1' || address.startsWith('127.'));
}

/**
 * Development sign-in is offered exactly where the start banner prints a development token: a
 * development start with a generated secret. Only callers on this machine get a token, so a
 * service listening on every interface does not hand an administrator's token to the network.
 */
function devSignInOffered(config: Config): boolean {
  return config.env === 'development' && config.jwtSecretGenerated && !config.jwtJwksUrl;
}

/**
 * The console at `/` and its assets under `/console/`, plus the development sign-in the console
 * and the IDE use: `GET /console/session` says whether it is offered, `POST /console/dev-token`
 * (body `{ "org": "<uuid>" }`, optional) mints the development administrator's token.
 */
export function consoleRouter(config: Config): Router {
  const router = express.Router();
  const dir = builtConsole();
  const page =
    (file: string): RequestHandler =>
    (_req, res) => {
      if (dir) res.sendFile(join(dir, file), { headers: { 'cache-control': 'no-cache' } });
      else res.status(503).type('html').send(NOT_BUILT);
    };
  router.get('/', page('index.html'));
  router.get('/console/session', (req, res) => {
    res.json({ devSignIn: devSignInOffered(config) && fromThisMachine(req), environment: config.env });
  });
  router.post('/console/dev-token', express.json({ limit: '1kb' }), (req, res) => {
    if (!devSignInOffered(config) || !fromThisMachine(req)) {
      sendError(req, res, 'NOT_FOUND', `no route for ${req.method} ${req.path}`);
      return;
    }
    const org: unknown = (req.body as { org?: unknown } | undefined)?.org;
    if (org !== undefined && (typeof org !== 'string' || !/^[0-9a-f-]{36}$/i.test(org))) {
      sendError(req, res, 'BAD_USER_INPUT', 'org: must be an organization id (uuid)');
      return;
    }
    const lifetime = Math.min(config.jwtMaxLifetimeSeconds, 12 * 3600);
    res.json({
      token: adminToken(config, lifetime, org),
      expiresAt: new Date(Date.now() + lifetime * 1000).toISOString(),
    });
  });
  const guides = guidesFolder();
  router.get('/console/guides', (req, res, next) => (guides ? res.type('html').send(guidesIndex(guides)) : next()));
  router.get('/console/guides/:file', (req, res, next) => {
    // Markdown shown as plain text: readable as written, with nothing to render or sanitize.
    if (guides && GUIDE.test(req.params.file) && existsSync(join(guides, req.params.file)))
      res.type('text/plain; charset=utf-8').sendFile(join(guides, req.params.file));
    else next();
  });
  if (dir) router.use('/console', express.static(dir, { index: false, maxAge: '1h' }));
  // The GraphQL IDE: a browser asking /graphql for a page, in development only; GraphQL requests
  // (POST, or GET with a query) go on to Apollo.
  router.get('/graphql', (req, res, next) => {
    const browser = req.accepts(['application/json', 'text/html']) === 'text/html';
    if (config.env !== 'development' || req.query.query !== undefined || !browser) next();
    else page('graphiql.html')(req, res, next);
  });
  return router;
}
