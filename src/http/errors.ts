import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { type ErrorCode, HTTP_STATUS } from '../graphql/errors';
import { maskError } from '../graphql/mask-error';
import { sendError } from '../rest/errors';

/** Unknown paths answer 404 in JSON, like every other error. */
export const notFoundHandler: RequestHandler = (req, res) => {
  sendError(req, res, 'NOT_FOUND', `no route for ${req.method} ${req.path}`);
};

interface BodyParserError {
  type?: string;
  status?: number;
}

/**
 * A request to /graphql is answered in GraphQL's shape (errors[] with extensions.code) even when
 * it fails before Apollo reads it (malformed JSON, a body too large); others per docs/rest.md ("Errors").
 */
function sendRequestError(req: Request, res: Response, code: ErrorCode, message: string): void {
  if (req.path === '/graphql') res.status(HTTP_STATUS[code]).json({ errors: [{ message, extensions: { code } }] });
  else sendError(req, res, code, message);
}

/** Errors raised before a route runs: body parsing and size, then anything unexpected (masked). */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const parserError = error as BodyParserError;
    if (parserError?.type === 'entity.too.large' || parserError?.status === 413) {
      sendRequestError(req, res, 'PAYLOAD_TOO_LARGE', 'request body is too large');
    } else if (parserError?.type === 'entity.parse.failed') {
      sendRequestError(req, res, 'BAD_USER_INPUT', 'request body is not valid JSON');
    } else if (error instanceof URIError) {
      // Express could not decode a path parameter (a percent escape that is not UTF-8).
      sendRequestError(req, res, 'BAD_USER_INPUT', 'a path parameter is not valid percent-encoded UTF-8');
    } else if (parserError?.status && parserError.status >= 400 && parserError.status < 500) {
      sendRequestError(req, res, 'BAD_USER_INPUT', 'request body could not be read');
    } else {
      const { code, message } = maskError(error, logger);
      sendRequestError(req, res, code, message);
    }
  };
}
