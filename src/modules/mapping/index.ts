import { type ModuleDescriptor, resolver } from '../module';
import { Mapping } from './mapping.entity';
import { MAPPINGS_RESOLVERS, MappingRecordResolver, MappingResolver } from './mapping.resolver';
import { MAPPING_ROUTES } from './mapping.routes';
import { MappingTargetResolver } from './mapping-target.resolver';
import { MappingService } from './mapping.service';

/** Mappings of directory records to their ids in an app. */
export const mappingModule: ModuleDescriptor = {
  name: 'mapping',
  entities: [Mapping],
  resolvers: [
    resolver(MappingResolver, ({ secrets }) => new MappingResolver(new MappingService(secrets))),
    resolver(MappingRecordResolver, () => new MappingRecordResolver()),
    resolver(MappingTargetResolver, () => new MappingTargetResolver()),
    // The `mappings` field of each mapped type.
    ...MAPPINGS_RESOLVERS.map((Resolver) =>
      resolver(Resolver, ({ secrets }) => new Resolver(new MappingService(secrets))),
    ),
  ],
  routes: MAPPING_ROUTES,
};
