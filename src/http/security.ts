import cors from 'cors';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * The usual security headers (helmet): nosniff, frame and referrer policies, HSTS, and a content
 * security policy that lets pages load only this service's own scripts, in every environment: the
 * console, GraphiQL and /docs are built from npm packages and need nothing else.
 */
export function securityHeaders(): RequestHandler {
  return helmet();
}

/**
 * Cross-origin access for the browser apps named in CORS_ORIGINS ('*': any); none by default, so
 * only same-origin pages can call the API from a browser. Tokens travel in the authorization
 * header, never in cookies, so no credentials mode is needed.
 */
export function corsPolicy(origins: string[]): RequestHandler {
  if (!origins.length) return (_req, _res, next) => next();
  return cors({
    origin: origins.includes('*') ? '*' : origins,
    allowedHeaders: ['authorization', 'content-type', 'accept', 'apollo-require-preflight', 'x-request-id'],
    exposedHeaders: ['retry-after', 'x-request-id', 'x-total-count', 'link', 'content-disposition'],
    maxAge: 600,
  });
}
