import { Entity, Index, ManyToOne, OptionalProps, Property, type Ref, type Opt } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { Idp } from './idp.entity';
import { AssigneeType } from './idp-enums';
import { IdpTask } from './idp-task.entity';
import { deletedByTrigger } from '../../events/cascades';
import { partOf } from '../../events/event-objects';
import { OrganizationOwned } from '../organization/organization-owned';
import { UpdatedAtField } from '../../graphql/rest-fields';

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
export class IdpAssignee extends OrganizationOwned {
  [OptionalProps]?: 'organizationId';

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

  @UpdatedAtField()
  declare updatedAt: Opt<Date>;
}
