import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { ENTITIES } from './src/modules';
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
    // The tenant filter would otherwise join every to-one relation of a filtered entity (an
    // employee's manager) into each list and count query. Relations never cross organizations,
    // so the join could only ever repeat what the filter on the root already guarantees.
    autoJoinRefsForFilters: false,
    allowGlobalContext: false,
    debug: false,
  });
}

export default ormOptions(process.env.DATABASE_URL ?? 'postgres://localhost/talent', false);
