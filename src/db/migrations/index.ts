import { readdirSync } from 'node:fs';
import type { MigrationObject } from '@mikro-orm/core';

/** A migration's file: `Migration<yyyymmddhhmmss>.ts` (or .js once built), exporting the class of that name. */
const FILE = /^(Migration\d{14})\.(?:ts|js)$/;

/**
 * Every migration of this folder, oldest first (their names are timestamps). Read from the folder,
 * so a new migration (`npm run migration:create`) needs no list; the service runs this file from
 * src under ts-jest and from dist when built, each beside its migrations.
 */
export const MIGRATIONS: MigrationObject[] = [
  ...new Set(readdirSync(__dirname).flatMap((file) => FILE.exec(file)?.[1] ?? [])),
]
  .sort()
  .map((name) => ({ name, class: (require(`./${name}`) as Record<string, MigrationObject['class']>)[name] }));
