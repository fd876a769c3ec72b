import { MikroORM, type Options } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { startEmbeddedDatabase } from './embedded';
import { ChangeCapture } from '../events/change-capture';
import { installTenantFilter } from './tenant-filter';

export interface Database {
  orm: MikroORM;
  mode: 'embedded' | 'postgres';
  /** Change capture, registered on every flush of this ORM. */
  capture: ChangeCapture;
  /** True when the server answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Opens the configured database (a PostgreSQL server, or embedded PGlite) and applies migrations.
 * `ormOptions` is mikro-orm.config.ts's, passed in by the wiring: it lists the modules' entities.
 */
export async function openDatabase(
  config: Config,
  logger: Logger,
  ormOptions: (url: string, embedded: boolean) => Options,
): Promise<Database> {
  const embedded = config.databaseUrl
    ? null
    : await startEmbeddedDatabase(config.embeddedInMemory ? null : config.dataDir, config.embeddedTemplate);
  const url = config.databaseUrl ?? embedded!.url;
  let orm: MikroORM;
  const capture = new ChangeCapture();
  try {
    orm = await MikroORM.init(ormOptions(url, embedded !== null));
    const applied = await orm.getMigrator().up();
    if (applied.length) logger.info({ migrations: applied.map((m) => m.name) }, 'applied migrations');
    installTenantFilter(orm);
    orm.em.getEventManager().registerSubscriber(capture);
  } catch (error) {
    await embedded?.close();
    throw error;
  }
  return {
    orm,
    mode: embedded ? 'embedded' : 'postgres',
    capture,
    async ping() {
      try {
        await orm.em.getConnection().execute('select 1');
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await orm.close(true);
      await embedded?.close();
    },
  };
}
