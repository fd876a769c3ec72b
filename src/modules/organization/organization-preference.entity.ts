import { Entity, OptionalProps, Property, Unique, Index } from '@mikro-orm/core';
import type { StringMap } from '../../graphql/string-map';
import { Organization } from './organization.entity';
import { partOf } from '../../events/event-objects';
import { OrganizationOwned } from './organization-owned';

/** Preferences of an organization in one namespace; served as the GraphQL type Preferences. */
@Entity()
@Index({ properties: ['organization'] })
@Unique({ properties: ['organization', 'namespace'] })
@partOf<OrganizationPreference>(() => Organization, 'preferences', (p) => p.organization)
export class OrganizationPreference extends OrganizationOwned {
  [OptionalProps]?: 'updatedAt' | 'organizationId';

  @Property({ type: 'text' })
  namespace!: string;

  @Property({ type: 'jsonb' })
  values: StringMap = {};
}
