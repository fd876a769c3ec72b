import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface EmbeddedDatabase {
  url: string;
  /** The data directory as an uncompressed tar archive, which `template` can start another from. */
  dump(): Promise<Buffer>;
  close(): Promise<void>;
}

/**
 * Starts PGlite (PostgreSQL in WASM) and serves it on a loopback socket so that the same `pg`
 * driver serves both modes. PGlite has a single backend session and the socket server interleaves
 * the statements of concurrent connections, so it accepts one connection only and every database
 * user in the process must share it (see db/orm.ts: pool size 1).
 *
 * In memory (no `dataDir`) it starts from `template` when given: a dump() of another one, read in
 * well under a second where creating an empty cluster takes seconds (the tests start from a
 * migrated one).
 */
export async function startEmbeddedDatabase(dataDir: string | null, template?: string): Promise<EmbeddedDatabase> {
  let path: string | undefined;
  if (dataDir) {
    path = join(dataDir, 'pglite');
    mkdirSync(path, { recursive: true });
  }
  const db = path
    ? await PGlite.create(path)
    : await PGlite.create(template ? { loadDataDir: new Blob([readFileSync(template)]) } : {});
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 1 });
  await server.start();
  return {
    url: `postgres://postgres:postgres@${server.getServerConn()}/postgres`,
    async dump() {
      return Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer());
    },
    async close() {
      await server.stop();
      await db.close();
    },
  };
}
