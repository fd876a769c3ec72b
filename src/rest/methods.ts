import type { Router } from 'express';
import { sendError } from './errors';
import type { RestRoute } from './routes';
import { escapeRegExp } from '../common/escape-reg-exp';

/** What methodNotAllowed needs of a route: REST's table, or a plain path served beside it (/health). */
type Served = Pick<RestRoute, 'method' | 'path'>;

/** The order Allow names methods in. */
const ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Answers 405 with `Allow` for a known path called with a method none of its routes has (RFC 9110
 * §15.5.6); a path no route has stays a 404. Called after every route is registered: Express
 * matches each path pattern here as it matched the routes, so only requests no route took arrive.
 * OPTIONS is left to what answered it before (CORS preflights, Express's own answer).
 */
export function methodNotAllowed(router: Router, routes: readonly Served[]): void {
  const patterns = [...new Set(routes.map((route) => route.path))].map((path) => ({
    path,
    test: patternRegExp(path),
    methods: routes.filter((route) => route.path === path).map((route) => route.method.toUpperCase()),
  }));
  for (const { path } of patterns) {
    router.all(path, (req, res, next) => {
      if (req.method === 'OPTIONS') {
        next();
        return;
      }
      // Another pattern may match the same URL (/organization/profile, /organization/:organization):
      // Allow names every method some route would take it with.
      const allowed = new Set(patterns.filter((p) => p.test.test(req.path)).flatMap((p) => p.methods));
      // Express answers HEAD with a GET route.
      if (allowed.has('GET')) allowed.add('HEAD');
      const allow = ORDER.filter((method) => allowed.has(method)).join(', ');
      res.set('allow', allow);
      sendError(
        req,
        res,
        'METHOD_NOT_ALLOWED',
        `${req.method} is not allowed on ${req.baseUrl}${req.path}; allowed: ${allow}`,
      );
    });
  }
}

/** An Express path of this table (literal segments and `:name` parameters) as Express matches it. */
function patternRegExp(path: string): RegExp {
  const source = path
    .split(/(:\w+)/)
    .map((part) => (part.startsWith(':') ? '[^/]+' : escapeRegExp(part)))
    .join('');
  // Express routes ignore case and a trailing slash by default.
  return new RegExp(`^${source}/?$`, 'i');
}
