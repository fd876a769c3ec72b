import { randomUUID } from 'node:crypto';
import { Embedded, Entity, ManyToOne, OptionalProps, PrimaryKey, Property, type Ref, Unique } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { Created } from '../../common/record.embeddables';
import { Organization } from '../organization/organization.entity';
import { eventObject } from '../../events/event-objects';

/** A named set of employees of one organization (teams, guilds, cohorts). */
@ObjectType({ description: 'A group of employees' })
@Entity({ tableName: 'employee_group' })
@Unique({ properties: ['organization', 'name'] })
@eventObject('group')
export class Group {
  [OptionalProps]?: 'active' | 'organizationId' | 'updatedAt';

  @Field(() => ID)
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Organization, { ref: true, deleteRule: 'cascade', index: true })
  organization!: Ref<Organization>;

  @Field(() => ID, { name: 'organization' })
  get organizationId(): string {
    return this.organization.id;
  }

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

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
