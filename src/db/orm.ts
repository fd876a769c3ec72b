import { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { ormOptions } from '../../mikro-orm.config';
import type { Config } from '../config';
import { startEmbeddedDatabase } from './embedded';
import { installTenantFilter } from './tenant-filter';

export interface Database {
  orm: MikroORM;
  mode: 'embedded' | 'postgres';
  /** True when the server answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** Opens the configured database (a PostgreSQL server, or embedded PGlite) and applies migrations. */
export async function openDatabase(config: Config, logger: Logger): Promise<Database> {
  const embedded = config.databaseUrl
    ? null
    : await startEmbeddedDatabase(config.embeddedInMemory ? null : config.dataDir);
  const url = config.databaseUrl ?? embedded!.url;
  let orm: MikroORM;
  try {
    orm = await MikroORM.init(ormOptions(url, embedded !== null));
    const applied = await orm.getMigrator().up();
    if (applied.length) logger.info({ migrations: applied.map((m) => m.name) }, 'applied migrations');
    installTenantFilter(orm);
  } catch (error) {
    await embedded?.close();
    throw error;
  }
  return {
    orm,
    mode: embedded ? 'embedded' : 'postgres',
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
