import { randomUUID } from 'node:crypto';
import { Entity, ManyToOne, OptionalProps, PrimaryKey, Property, type Ref, Unique } from '@mikro-orm/core';
import { Field, ObjectType } from 'type-graphql';
import { type StringMap, StringMapScalar } from '../../graphql/string-map';
import { Organization } from './organization.entity';

/** Preferences of an organization in one namespace (SPEC 2.1 Preferences). */
@ObjectType('Preferences', { description: 'Settings in one namespace: string values by key' })
@Entity()
@Unique({ properties: ['organization', 'namespace'] })
export class OrganizationPreference {
  [OptionalProps]?: 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Organization, { ref: true, deleteRule: 'cascade', index: true })
  organization!: Ref<Organization>;

  @Field(() => String)
  @Property({ type: 'text' })
  namespace!: string;

  @Field(() => StringMapScalar)
  @Property({ type: 'jsonb' })
  values: StringMap = {};

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
