import { Entity, ManyToOne, OptionalProps, Property, type Ref } from '@mikro-orm/core';
import { Employee } from '../employee/employee.entity';
import { Group } from './group.entity';
import { partOf } from '../../events/event-objects';

/** Membership of an employee in a group; both belong to the same organization. */
@Entity()
@partOf<GroupMember>(() => Group, 'members', (m) => m.group)
export class GroupMember {
  [OptionalProps]?: 'addedAt';

  @ManyToOne(() => Group, { ref: true, primary: true, deleteRule: 'cascade' })
  group!: Ref<Group>;

  @ManyToOne(() => Employee, { ref: true, primary: true, deleteRule: 'cascade', index: true })
  employee!: Ref<Employee>;

  @Property({ type: 'timestamptz' })
  addedAt: Date = new Date();
}
