import { STATUS_CODES } from 'node:http';
import type { Request, Response } from 'express';
import { type ErrorCode, HTTP_STATUS } from '../graphql/errors';

/**
 * Writes a REST error per the REST-errors contract: the body is a JSON string, or an RFC 9457
 * problem object when the caller accepts application/problem+json.
 */
export function sendError(req: Request, res: Response, code: ErrorCode, message: string): void {
  const status = HTTP_STATUS[code];
  if ((req.get('accept') ?? '').includes('application/problem+json')) {
    res
      .status(status)
      .type('application/problem+json')
      .send(JSON.stringify({ type: 'about:blank', title: STATUS_CODES[status], status, detail: message, code }));
    return;
  }
  res.status(status).json(message);
}
