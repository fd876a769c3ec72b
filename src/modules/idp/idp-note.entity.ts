import { randomUUID } from 'node:crypto';
import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, type Ref } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { Organization } from '../organization/organization.entity';
import { Idp } from './idp.entity';
import { IdpTask } from './idp-task.entity';
import { partOf } from '../../events/event-objects';

/** A note on a plan, or on one of its tasks when `task` is set; only its author edits it. */
@ObjectType('Note', { description: 'A note on a plan or a task' })
@Entity()
@Index({ properties: ['idp', 'createdAt'] })
@partOf<IdpNote>(() => Idp, 'notes', (n) => n.idp)
export class IdpNote {
  [OptionalProps]?: 'createdAt' | 'updatedAt' | 'organizationId';

  @Field(() => ID)
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Organization, { ref: true, deleteRule: 'cascade' })
  organization!: Ref<Organization>;

  get organizationId(): string {
    return this.organization.id;
  }

  @ManyToOne(() => Idp, { ref: true, deleteRule: 'cascade' })
  idp!: Ref<Idp>;

  @ManyToOne(() => IdpTask, { ref: true, nullable: true, deleteRule: 'cascade', index: true })
  task?: Ref<IdpTask> | null;

  @Field(() => String)
  @Property({ type: 'text' })
  note!: string;

  /** The account that wrote the note (or the organization key, for organization tokens). */
  @Field(() => ID)
  @Property({ type: 'uuid' })
  author!: string;

  @Field(() => Date)
  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
