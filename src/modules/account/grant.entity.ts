import { OptionalProps, Entity, ManyToOne, Property, type Ref, Unique, Index, type Opt } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { Role } from '../../auth/roles';
import { Account } from './account.entity';
import { partOf } from '../../events/event-objects';
import { OrganizationOwned } from '../organization/organization-owned';
import { UpdatedAtField } from '../../graphql/rest-fields';

/** A role an account holds in one organization, optionally tied to an employee of it. */
@ObjectType({ description: 'A role an account holds in an organization' })
@Entity()
@Index({ properties: ['organization'] })
@Unique({ properties: ['account', 'organization', 'role'] })
@partOf<Grant>(() => Account, 'grants', (g) => g.account)
export class Grant extends OrganizationOwned {
  [OptionalProps]?: 'createdAt' | 'orgId' | 'employeeId' | 'organizationId';

  @ManyToOne(() => Account, { ref: true, deleteRule: 'cascade', index: true })
  account!: Ref<Account>;

  @Field(() => ID, { description: 'The organization of the grant' })
  get orgId(): string {
    return this.organization.id;
  }

  @Field(() => Role)
  @Property({ type: 'text' })
  role!: Role;

  @Field(() => ID, { nullable: true, description: 'The employee record the grant is tied to' })
  @Property({ type: 'uuid', nullable: true })
  employeeId?: string | null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @UpdatedAtField()
  declare updatedAt: Opt<Date>;
}
