import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122111632 } from './Migration20261122111632';

/** Committed migrations in order; a new one is created with `npm run migration:create` and added here. */
export const MIGRATIONS: MigrationObject[] = [{ name: 'Migration20261122111632', class: Migration20261122111632 }];
