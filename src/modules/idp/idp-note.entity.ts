import { Entity, Index, ManyToOne, OptionalProps, Property, type Ref, type Opt } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { Idp } from './idp.entity';
import { IdpTask } from './idp-task.entity';
import { partOf } from '../../events/event-objects';
import { OrganizationOwned } from '../organization/organization-owned';
import { RestName, UpdatedAtField } from '../../graphql/rest-fields';

/** A note on a plan, or on one of its tasks when `task` is set; only its author edits it. */
@ObjectType('Note', { description: 'A note on a plan or a task' })
@Entity()
@Index({ properties: ['idp', 'createdAt'] })
@partOf<IdpNote>(() => Idp, 'notes', (n) => n.idp)
export class IdpNote extends OrganizationOwned {
  [OptionalProps]?: 'createdAt' | 'updatedAt' | 'organizationId';

  @Field(() => ID)
  declare id: string;

  @ManyToOne(() => Idp, { ref: true, deleteRule: 'cascade' })
  idp!: Ref<Idp>;

  @ManyToOne(() => IdpTask, { ref: true, nullable: true, deleteRule: 'cascade', index: true })
  task?: Ref<IdpTask> | null;

  @Field(() => String)
  @Property({ type: 'text' })
  note!: string;

  /** The account that wrote the note (or the organization key, for organization tokens). */
  // REST answers the id under `author`; GraphQL's `author` is the account (IdpNoteResolver.authorAccount).
  @Field(() => ID, { name: 'authorId', description: 'The author: an account, or an organization key (uuid)' })
  @RestName('author')
  @Property({ type: 'uuid' })
  author!: string;

  @Field(() => Date)
  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @UpdatedAtField()
  declare updatedAt: Opt<Date>;
}
