import { randomUUID } from 'node:crypto';
import { Entity, ManyToOne, OptionalProps, PrimaryKey, Property, type Ref, Unique } from '@mikro-orm/core';
import type { StringMap } from '../../graphql/string-map';
import { Organization } from './organization.entity';
import { partOf } from '../../events/event-objects';

/** Preferences of an organization in one namespace; served as the GraphQL type Preferences. */
@Entity()
@Unique({ properties: ['organization', 'namespace'] })
@partOf<OrganizationPreference>(() => Organization, 'preferences', (p) => p.organization)
export class OrganizationPreference {
  [OptionalProps]?: 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Organization, { ref: true, deleteRule: 'cascade', index: true })
  organization!: Ref<Organization>;

  @Property({ type: 'text' })
  namespace!: string;

  @Property({ type: 'jsonb' })
  values: StringMap = {};

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
