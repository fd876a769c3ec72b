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
  if ((req.get('accept') ?? '').includes('application/problem+json')) {
    res
      .status(status)
      .type('application/problem+json')
      .send(JSON.stringify({ type: 'about:blank', title: STATUS_CODES[status], status, detail: message, code }));
    return;
  }
  res.status(status).json(message);
}
