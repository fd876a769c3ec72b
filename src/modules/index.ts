import { Created, Status } from '../common/record.embeddables';
import { ChangeEvent } from '../events/change-event.entity';
import { ChangeResolver } from '../events/change.resolver';
import { RateBucket } from '../http/rate-bucket.entity';
import type { RestRoute } from '../rest/routes';
import { accountModule } from './account';
import { agentModule } from './agent';
import { appModule } from './app';
import { employeeModule } from './employee';
import { groupModule } from './group';
import { idpModule } from './idp';
import { mappingModule } from './mapping';
import { type EntityClass, type ModuleDescriptor, type ResolverEntry, resolver } from './module';
import { organizationModule } from './organization';
import { webhookModule } from './webhook';

/**
 * Every module, the one list a new module is added to (test/modules.test.ts fails for a folder
 * left out). The order is the REST table's: Express tries routes in it.
 */
export const MODULES: readonly ModuleDescriptor[] = [
  organizationModule,
  accountModule,
  employeeModule,
  groupModule,
  idpModule,
  appModule,
  mappingModule,
  webhookModule,
  agentModule,
];

/** Every entity and embeddable the ORM knows: the shared ones, then the modules'. */
export const ENTITIES: EntityClass[] = [
  Status,
  Created,
  ChangeEvent,
  RateBucket,
  ...MODULES.flatMap((m) => m.entities),
];

/** The REST interface at /api/v1, module by module. */
export const ROUTES: RestRoute[] = MODULES.flatMap((m) => m.routes);

/** Every resolver of the schema: the change feed's, then the modules'. */
export const RESOLVERS: ResolverEntry[] = [
  resolver(ChangeResolver, () => new ChangeResolver()),
  ...MODULES.flatMap((m) => m.resolvers),
];
