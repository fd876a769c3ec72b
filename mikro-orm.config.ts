import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { ENTITIES } from './src/db/entities';
import { MIGRATIONS } from './src/db/migrations';

/**
 * The ORM options of the service, shared by the running service (src/db/orm.ts) and the migration
 * script. `embedded` pins the pool to the single connection PGlite allows.
 */
export function ormOptions(clientUrl: string, embedded: boolean): Options {
  return defineConfig({
    clientUrl,
    entities: ENTITIES,
    extensions: [Migrator],
    pool: embedded ? { min: 1, max: 1 } : { min: 0, max: 10 },
    discovery: { disableDynamicFileAccess: true },
    migrations: {
      migrationsList: MIGRATIONS,
      path: 'src/db/migrations',
      pathTs: 'src/db/migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      emit: 'ts',
      silent: true,
    },
    forceUtcTimezone: true,
    ignoreUndefinedInQuery: true,
    allowGlobalContext: false,
    debug: false,
  });
}

export default ormOptions(process.env.DATABASE_URL ?? 'postgres://localhost/talent', false);
