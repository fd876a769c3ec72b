import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122113049 } from './Migration20261122113049';
import { Migration20261122114727 } from './Migration20261122114727';
import { Migration20261122162234 } from './Migration20261122162234';
import { Migration20261122163359 } from './Migration20261122163359';
import { Migration20261122204053 } from './Migration20261122204053';
import { Migration20261122210000 } from './Migration20261122210000';
import { Migration20261122212855 } from './Migration20261122212855';
import { Migration20261122231408 } from './Migration20261122231408';
import { Migration20261123000643 } from './Migration20261123000643';
import { Migration20261123005813 } from './Migration20261123005813';
import { Migration20261123011203 } from './Migration20261123011203';
import { Migration20261123012528 } from './Migration20261123012528';
import { Migration20261123025759 } from './Migration20261123025759';
import { Migration20261124120000 } from './Migration20261124120000';
import { Migration20261124150000 } from './Migration20261124150000';
import { Migration20261125110000 } from './Migration20261125110000';
import { Migration20261125120000 } from './Migration20261125120000';
import { Migration20261125150000 } from './Migration20261125150000';

/** Committed migrations in order; a new one is created with `npm run migration:create` and added here. */
export const MIGRATIONS: MigrationObject[] = [
  { name: 'Migration20261122113049', class: Migration20261122113049 },
  { name: 'Migration20261122114727', class: Migration20261122114727 },
  { name: 'Migration20261122162234', class: Migration20261122162234 },
  { name: 'Migration20261122163359', class: Migration20261122163359 },
  { name: 'Migration20261122204053', class: Migration20261122204053 },
  { name: 'Migration20261122210000', class: Migration20261122210000 },
  { name: 'Migration20261122212855', class: Migration20261122212855 },
  { name: 'Migration20261122231408', class: Migration20261122231408 },
  { name: 'Migration20261123000643', class: Migration20261123000643 },
  { name: 'Migration20261123005813', class: Migration20261123005813 },
  { name: 'Migration20261123011203', class: Migration20261123011203 },
  { name: 'Migration20261123012528', class: Migration20261123012528 },
  { name: 'Migration20261123025759', class: Migration20261123025759 },
  { name: 'Migration20261124120000', class: Migration20261124120000 },
  { name: 'Migration20261124150000', class: Migration20261124150000 },
  { name: 'Migration20261125110000', class: Migration20261125110000 },
  { name: 'Migration20261125120000', class: Migration20261125120000 },
  { name: 'Migration20261125150000', class: Migration20261125150000 },
];
