import { randomUUID } from 'node:crypto';
import {
  Collection,
  Embedded,
  Entity,
  OneToMany,
  type Opt,
  OptionalProps,
  PrimaryKey,
  Property,
  Unique,
} from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { Created, Status } from '../../common/record.embeddables';
import type { Grant } from './grant.entity';
import { eventObject } from '../../events/event-objects';
import { UpdatedAtField } from '../../graphql/rest-fields';

export const ACCOUNT_STATES = { ACTIVE: 'ACTIVE', INACTIVE: 'INACTIVE' } as const;

/** A person who signs in. Accounts span organizations; grants tie them to each. */
@ObjectType({ description: 'A user account' })
@Entity()
@Unique({ name: 'account_subject_issuer_unique', properties: ['subject', 'issuer'] })
@eventObject('account')
export class Account {
  [OptionalProps]?: 'active' | 'issuer' | 'subject' | 'grants';

  @Field(() => ID)
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** Stored lower-cased, so uniqueness is case-insensitive. */
  @Field(() => String)
  @Property({ type: 'text', unique: true })
  email!: string;

  @Field(() => String)
  @Property({ type: 'text' })
  name!: string;

  @Field(() => Boolean)
  @Property({ type: 'boolean' })
  active = true;

  /**
   * The token issuer and subject (`sub`) the account is bound to at its first sign-in; both null
   * while unbound (created by an administrator, never signed in). A subject bound before issuers
   * were recorded has a null issuer until its next sign-in records it.
   */
  @Property({ type: 'text', nullable: true })
  issuer?: string | null;

  @Property({ type: 'text', nullable: true })
  subject?: string | null;

  /** In the API through AccountResolver, which hides who changed it from callers who may not know them. */
  @Embedded(() => Status, { prefix: 'status_' })
  status!: Status;

  /** In the API through AccountResolver, which hides who created it from callers who may not know them. */
  @Embedded(() => Created, { prefix: false })
  created!: Created;

  /**
   * For queries only ("accounts with a grant in ..."); the API reads grants through a loader. Named
   * by string: the grant's file imports this one, and this one only its type.
   */
  @OneToMany('Grant', 'account')
  grants = new Collection<Grant>(this);

  @UpdatedAtField()
  @Property({ type: 'timestamptz', onUpdate: () => new Date(), defaultRaw: 'now()' })
  updatedAt: Opt<Date> = new Date();
}
