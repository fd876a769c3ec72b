import { randomUUID } from 'node:crypto';
import { Collection, Embedded, Entity, OneToMany, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { Created, Status } from '../../common/record.embeddables';
import { Grant } from './grant.entity';

export const ACCOUNT_STATES = { ACTIVE: 'ACTIVE', INACTIVE: 'INACTIVE' } as const;

/** A person who signs in. Accounts span organizations; grants tie them to each. */
@ObjectType({ description: 'A user account' })
@Entity()
export class Account {
  [OptionalProps]?: 'active' | 'subject' | 'grants';

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

  /** The token subject (`sub`) this account signs in with. */
  @Property({ type: 'text', nullable: true, unique: true })
  subject?: string | null;

  @Field(() => Status)
  @Embedded(() => Status, { prefix: 'status_' })
  status!: Status;

  @Field(() => Created)
  @Embedded(() => Created, { prefix: false })
  created!: Created;

  /** For queries only ("accounts with a grant in ..."); the API reads grants through a loader. */
  @OneToMany(() => Grant, (grant) => grant.account)
  grants = new Collection<Grant>(this);
}
