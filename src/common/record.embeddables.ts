import { Embeddable, Property } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';

/**
 * Lifecycle state shared by organizations, accounts, IDPs, tasks and apps: the current state, and
 * when and by whom it last changed.
 */
@ObjectType({ description: 'Current state of a record and who changed it last' })
@Embeddable()
export class Status {
  @Field(() => String)
  @Property({ type: 'text' })
  current!: string;

  @Field(() => Date)
  @Property({ type: 'timestamptz' })
  changedAt!: Date;

  @Field(() => ID, { nullable: true })
  @Property({ type: 'uuid', nullable: true })
  changedBy?: string | null;

  static of(current: string, by: string | null): Status {
    return Object.assign(new Status(), { current, changedAt: new Date(), changedBy: by });
  }
}

/** Who created a record and when. */
@ObjectType({ description: 'When and by whom a record was created' })
@Embeddable()
export class Created {
  @Field(() => Date)
  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  @Field(() => ID, { nullable: true })
  @Property({ type: 'uuid', nullable: true })
  createdBy?: string | null;

  static by(actor: string | null): Created {
    return Object.assign(new Created(), { createdAt: new Date(), createdBy: actor });
  }
}
