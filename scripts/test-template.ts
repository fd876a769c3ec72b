import 'reflect-metadata';
/**
 * The migrated databases the test projects' apps start from, made once per run by their global
 * setups (test/helpers/pg-global-setup.ts, pglite-global-setup.ts) in a process of their own, so
 * that jest's process loads no ORM:
 *   node dist/scripts/test-template.js postgres://…/db   migrates that (empty) database
 *   node dist/scripts/test-template.js --dump <file>   migrates an in-memory PGlite and writes its dump
 */
import { writeFileSync } from 'node:fs';
import { MikroORM } from '@mikro-orm/postgresql';
import { ormOptions } from '../mikro-orm.config';
import { startEmbeddedDatabase } from '../src/db/embedded';

async function migrate(url: string, embedded: boolean): Promise<void> {
  const orm = await MikroORM.init(ormOptions(url, embedded));
  try {
    await orm.getMigrator().up();
  } finally {
    await orm.close(true);
  }
}

async function main(): Promise<void> {
  const [first, file] = process.argv.slice(2);
  if (first !== '--dump') return migrate(first, false);
  const db = await startEmbeddedDatabase(null);
  try {
    await migrate(db.url, true);
    writeFileSync(file, await db.dump());
  } finally {
    await db.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
