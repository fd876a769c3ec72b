import 'reflect-metadata';
/**
 * Writes a new migration with the difference between the entities and a scratch database that has
 * every committed migration applied. Usage: npm run migration:create [-- --initial]
 * With --check it writes nothing and fails when the entities need a migration (CI).
 * Uses a throwaway in-memory PGlite, so it needs no server.
 */
import { MikroORM } from '@mikro-orm/postgresql';
import { ormOptions } from '../mikro-orm.config';
import { startEmbeddedDatabase } from '../src/db/embedded';

async function main(): Promise<void> {
  const db = await startEmbeddedDatabase(null);
  const orm = await MikroORM.init(ormOptions(db.url, true));
  try {
    const migrator = orm.getMigrator();
    await migrator.up();
    if (process.argv.includes('--check')) {
      const pending = await migrator.checkMigrationNeeded();
      console.log(
        pending ? 'The entities need a migration: run `npm run migration:create`.' : 'Migrations match the entities.',
      );
      process.exitCode = pending ? 1 : 0;
      return;
    }
    const result = await migrator.createMigration('src/db/migrations', false, process.argv.includes('--initial'));
    if (!result.fileName) console.log('No changes: entities match the migrations.');
    else console.log(`Created src/db/migrations/${result.fileName}; the service applies it at its next start.`);
  } finally {
    await orm.close(true);
    await db.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
