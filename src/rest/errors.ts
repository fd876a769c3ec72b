import { STATUS_CODES } from 'node:http';
import type { Request, Response } from 'express';
import { type ErrorCode, HTTP_STATUS } from '../graphql/errors';

/**
 * Writes a REST error per docs/rest.md ("Errors"): the body is a JSON string, or an RFC 9457
 * problem object when the caller accepts application/problem+json.
 */
export function sendError(req: Request, res: Response, code: ErrorCode, message: string): void {
  const status = HTTP_STATUS[code];
  // Every 503 is momentary (shutting down, database away, parse queue full): say when to retry.
  if (status === 503 && !res.get('retry-after')) res.set('retry-after', '5');
  if (status === 401) res.set('www-authenticate', bearerChallenge(req, message));
  if ((req.get('accept') ?? '').includes('application/problem+json')) {
    res
      .status(status)
      .type('application/problem+json')
      .send(JSON.stringify({ type: 'about:blank', title: STATUS_CODES[status], status, detail: message, code }));
    return;
  }
  res.status(status).json(message);
}

/**
 * The WWW-Authenticate challenge of a 401 (RFC 6750 §3): a request without credentials is only
 * told the scheme; one whose token was refused learns why (invalid_token), and one whose header
 * is not a bearer token that the request was malformed (invalid_request).
 */
export function bearerChallenge(req: Request, message: string): string {
  const authorization = req.get('authorization');
  if (!authorization) return 'Bearer realm="api"';
  const error = /^Bearer\s/i.test(authorization) ? 'invalid_token' : 'invalid_request';
  // error_description allows printable ASCII without " and \ (RFC 6750 §3).
  const description = message.replace(/["\\]/g, "'").replace(/[^\x20-\x7e]/g, '?');
  return `Bearer realm="api", error="${error}", error_description="${description}"`;
}
