import type { RequestHandler } from 'express';
import { processRequest } from 'graphql-upload-minimal';

/**
 * GraphQL multipart requests (file uploads) on /graphql, read by graphql-upload-minimal, in place
 * of its own Express middleware, which mishandles malformed bodies twice over: its parser may emit
 * a second 'error' after the request was given up, when nothing listens any more (an uncaught
 * exception, which stops the process), so the parser gets a listener of ours for those; and it
 * answers some malformed bodies (no operations at all) with 500, where every failure but a body
 * too large is the caller's: 400.
 */
export function graphqlUploads(maxFileSize: number): RequestHandler {
  return (req, res, next) => {
    if (!req.is('multipart/form-data')) {
      next();
      return;
    }
    const pipe = req.pipe.bind(req);
    req.pipe = (destination, options) => {
      // The first error reaches processRequest's own listener; later ones end here.
      destination.on('error', () => {});
      return pipe(destination, options);
    };
    processRequest(req, res, { maxFileSize, maxFiles: 1 }).then(
      (body) => {
        req.body = body;
        next();
      },
      (error: unknown) => {
        const status = (error as { status?: unknown } | null)?.status;
        next(status === 413 ? error : Object.assign(new Error('multipart request could not be read'), { status: 400 }));
      },
    );
  };
}
