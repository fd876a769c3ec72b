import { Router } from 'express';
import type { Database } from '../db/orm';
import { methodNotAllowed } from '../rest/methods';

/** GET /health: 200 once the database answers, 503 while it does not; another method 405. */
export function healthRouter(db: Database): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    const up = await db.ping();
    res.status(up ? 200 : 503).json({ status: up ? 'ok' : 'unavailable', database: up ? 'up' : 'down', mode: db.mode });
  });
  methodNotAllowed(router, [{ method: 'get', path: '/health' }]);
  return router;
}
