import type { Server } from 'node:http';
import type { RequestHandler } from 'express';
import { sendError } from '../rest/errors';

/**
 * Graceful shutdown of the HTTP server: once closing, new requests are refused (503) and the
 * listener stops; requests already running finish, up to the grace period, before connections
 * are cut.
 */
export class Drain {
  private inFlight = 0;
  private closing = false;
  private idle?: () => void;

  constructor(
    private readonly server: Server,
    private readonly graceMs: number,
  ) {}

  middleware(): RequestHandler {
    return (req, res, next) => {
      if (this.closing) {
        res.set('connection', 'close');
        sendError(req, res, 'SERVICE_UNAVAILABLE', 'the service is shutting down');
        return;
      }
      this.inFlight++;
      res.once('close', () => {
        this.inFlight--;
        if (this.inFlight === 0) this.idle?.();
      });
      next();
    };
  }

  async close(): Promise<void> {
    this.closing = true;
    const stopped = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeIdleConnections();
    if (this.inFlight > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.graceMs);
        this.idle = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    this.server.closeAllConnections();
    await stopped;
  }
}
