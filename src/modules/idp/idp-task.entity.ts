import { Embeddable, Embedded, Entity, Index, ManyToOne, OptionalProps, Property, type Ref } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { OrganizationRecord } from '../organization/organization-owned';
import { Created, Status } from '../../common/record.embeddables';
import { GetterField } from '../../graphql/getter-field';
import { LocalDateScalar } from '../../graphql/scalars';
import { Idp } from './idp.entity';
import { TaskState } from './idp-enums';
import { searchIndex } from '../../common/search-expressions';
import { eventObject } from '../../events/event-objects';

/** A link from a task to another entity, here or in a partner system. */
@ObjectType({ description: 'The entity a task is connected to, e.g. a goal in a partner system' })
@Embeddable()
export class ConnectedTo {
  @Field(() => ID)
  @Property({ type: 'text' })
  entityId!: string;

  @Field(() => String)
  @Property({ type: 'text' })
  type!: string;

  @Field(() => ID)
  @Property({ type: 'uuid' })
  organization!: string;
}

/**
 * A task's status as GraphQL shows it: the stored Status columns, with the state typed as the
 * TaskState enum that addIdpTask and updateIdpTask take (the same text in REST answers).
 */
@ObjectType({ description: 'The state of a task, and who set it when' })
export class TaskStatus {
  @Field(() => TaskState)
  current!: TaskState;

  @Field(() => Date)
  changedAt!: Date;

  @Field(() => ID, { nullable: true })
  changedBy?: string | null;
}

/** An action item of a plan, kept in `order` (from 1) within its plan. */
@ObjectType({ description: 'A task of an individual development plan' })
@Entity()
@Index({ properties: ['idp', 'order'] })
@Index({ properties: ['organization', 'dueDate'] })
// The agent's retrieval matches idp tasks with this expression (common/search-expressions.ts).
@Index(searchIndex('idpTask', 'idp_task'))
@eventObject('idpTask')
export class IdpTask extends OrganizationRecord {
  [OptionalProps]?: 'active' | 'updatedAt' | 'organizationId' | 'idpId';

  /** OrganizationRecord's field, as a property field that read models carry too (GetterField). */
  @GetterField(() => ID, { name: 'organization', description: 'The organization (uuid)' })
  override get organizationId(): string {
    return this.organization.id;
  }

  /** Deleting the plan deletes its tasks. */
  @ManyToOne(() => Idp, { ref: true, deleteRule: 'cascade' })
  idp!: Ref<Idp>;

  @GetterField(() => ID, { name: 'idp', description: 'The plan (uuid)' })
  get idpId(): string {
    return this.idp.id;
  }

  @Field(() => String)
  @Property({ type: 'text' })
  name!: string;

  @Field(() => Boolean)
  @Property({ type: 'boolean' })
  active = true;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  description?: string | null;

  @Field(() => LocalDateScalar, { nullable: true })
  @Property({ type: 'string', columnType: 'date', nullable: true })
  dueDate?: string | null;

  @Field(() => ConnectedTo, { nullable: true })
  @Embedded(() => ConnectedTo, { prefix: 'connected_', nullable: true })
  connectedTo?: ConnectedTo | null;

  @Field(() => Int, { description: 'Position in the plan, from 1' })
  @Property({ type: 'integer' })
  order!: number;

  @Field(() => TaskStatus)
  @Embedded(() => Status, { prefix: 'status_' })
  status!: Status;

  @Field(() => Created)
  @Embedded(() => Created, { prefix: false })
  created!: Created;
}
