import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';

/** How much of a request's URL its log line keeps. */
const MAX_LOGGED_URL = 1000;

/**
 * One log line per request: its id (taken from x-request-id or made, and echoed back), method,
 * path, status and duration; no headers (they were 850 bytes of each line).
 */
export function requestLogger(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    genReqId(req, res) {
      const given = req.headers['x-request-id'];
      const id = typeof given === 'string' && /^[\w.-]{1,128}$/.test(given) ? given : randomUUID();
      res.setHeader('x-request-id', id);
      return id;
    },
    autoLogging: { ignore: (req) => req.url === '/health' },
    serializers: {
      // A URL is the caller's text, up to the 16 KiB Node reads of a request head: a line keeps its start.
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        url: req.url.length > MAX_LOGGED_URL ? `${req.url.slice(0, MAX_LOGGED_URL)}…` : req.url,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
}
