import { Embedded, Entity, OptionalProps, Property, Unique, Index } from '@mikro-orm/core';
import { Field, ObjectType } from 'type-graphql';
import { Created } from '../../common/record.embeddables';
import { eventObject } from '../../events/event-objects';
import { OrganizationRecord } from '../organization/organization-owned';

/** A named set of employees of one organization (teams, guilds, cohorts). */
@ObjectType({ description: 'A group of employees' })
@Entity({ tableName: 'employee_group' })
// updatedSince lists page in this order (src/common/connection.ts).
@Index({ properties: ['organization', 'updatedAt', 'id'] })
@Index({ properties: ['organization'] })
@Unique({ properties: ['organization', 'name'] })
@eventObject('group')
export class Group extends OrganizationRecord {
  [OptionalProps]?: 'active' | 'organizationId' | 'updatedAt';

  @Field(() => String)
  @Property({ type: 'text' })
  name!: string;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  description?: string | null;

  @Field(() => Boolean)
  @Property({ type: 'boolean' })
  active = true;

  @Field(() => Created)
  @Embedded(() => Created, { prefix: false })
  created!: Created;
}
