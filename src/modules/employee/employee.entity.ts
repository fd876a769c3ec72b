import { Embedded, Entity, Index, ManyToOne, OptionalProps, Property, type Ref, Unique } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { OrganizationRecord } from '../organization/organization-owned';
import { Created } from '../../common/record.embeddables';
import { LocalDateScalar } from '../../graphql/scalars';
import { Account } from '../account/account.entity';
import { NAME_WORDS, searchIndex } from '../../common/search-expressions';
import { eventObject } from '../../events/event-objects';
import { RestName } from '../../graphql/rest-fields';

/** A person's record in one organization's directory; an account links to at most one per organization. */
@ObjectType({ description: 'An employee of an organization' })
@Entity()
// updatedSince lists page in this order (src/common/connection.ts).
@Index({ properties: ['organization', 'updatedAt', 'id'] })
@Index({ properties: ['organization', 'name', 'id'] })
@Index({ properties: ['organization', 'department'] })
@Index({ properties: ['organization', 'active', 'name', 'id'] })
@Unique({ properties: ['organization', 'account'] })
// The agent's retrieval matches employees with this expression (common/search-expressions.ts).
@Index(searchIndex('employee', 'employee'))
// The agent finds the people a question names by their name's words (directory-records.ts).
@Index(NAME_WORDS.index)
@eventObject('employee')
export class Employee extends OrganizationRecord {
  [OptionalProps]?: 'active' | 'updatedAt' | 'organizationId' | 'accountId' | 'managerId';

  @Field(() => String)
  @Property({ type: 'text' })
  name!: string;

  @Field(() => Boolean)
  @Property({ type: 'boolean' })
  active = true;

  /** The account linked to this employee; at most one employee per account in an organization. */
  @ManyToOne(() => Account, { ref: true, nullable: true, deleteRule: 'set null', index: true })
  account?: Ref<Account> | null;

  // REST answers the uuid under `account`; GraphQL's `account` is the account (EmployeeResolver.account).
  @Field(() => ID, { nullable: true, description: 'The linked account (uuid)' })
  @RestName('account')
  get accountId(): string | null {
    return this.account?.id ?? null;
  }

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  email?: string | null;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  title?: string | null;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  department?: string | null;

  /** Another employee of the same organization; cycles are refused. */
  @ManyToOne(() => Employee, { ref: true, nullable: true, deleteRule: 'set null', index: true })
  manager?: Ref<Employee> | null;

  // REST answers the uuid under `manager`; GraphQL's `manager` is the employee (EmployeeResolver.manager).
  @Field(() => ID, { nullable: true, description: 'The manager (employee uuid)' })
  @RestName('manager')
  get managerId(): string | null {
    return this.manager?.id ?? null;
  }

  @Field(() => LocalDateScalar, { nullable: true })
  @Property({ type: 'string', columnType: 'date', nullable: true })
  startDate?: string | null;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  location?: string | null;

  @Field(() => Created)
  @Embedded(() => Created, { prefix: false })
  created!: Created;

  /** The name's folded words, stored by the database; lazy and hidden, so never loaded or sent. */
  @Property(NAME_WORDS.property)
  nameWords?: string[];
}
