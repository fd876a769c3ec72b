import { randomUUID } from 'node:crypto';
import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, type Ref } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { Organization } from '../organization/organization.entity';
import { Idp } from './idp.entity';
import { AssigneeType } from './idp-enums';
import { IdpTask } from './idp-task.entity';
import { deletedByTrigger } from '../../events/cascades';
import { partOf } from '../../events/event-objects';

/**
 * Someone a plan, or one of its tasks when `task` is set, is assigned to: an employee, a group or
 * an account of the organization. Each list is replaced as a whole.
 */
@ObjectType('Assignee', { description: 'An employee, group or account a plan or task is assigned to' })
@Entity()
@Index({ properties: ['organization', 'entityType', 'entityId'] })
@partOf<IdpAssignee>(() => Idp, 'assignees', (a) => a.idp)
@deletedByTrigger('Employee', (ids) => ({ entityType: 'EMPLOYEE', entityId: { $in: ids } }))
@deletedByTrigger('Group', (ids) => ({ entityType: 'GROUP', entityId: { $in: ids } }))
export class IdpAssignee {
  [OptionalProps]?: 'organizationId';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Organization, { ref: true, deleteRule: 'cascade' })
  organization!: Ref<Organization>;

  get organizationId(): string {
    return this.organization.id;
  }

  @ManyToOne(() => Idp, { ref: true, deleteRule: 'cascade', index: true })
  idp!: Ref<Idp>;

  @ManyToOne(() => IdpTask, { ref: true, nullable: true, deleteRule: 'cascade', index: true })
  task?: Ref<IdpTask> | null;

  @Field(() => ID)
  @Property({ type: 'uuid' })
  entityId!: string;

  @Field(() => AssigneeType)
  @Property({ type: 'text' })
  entityType!: AssigneeType;
}
