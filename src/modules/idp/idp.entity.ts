import { Embedded, Entity, Index, ManyToOne, OptionalProps, Property, type Ref } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { OrganizationRecord } from '../organization/organization-owned';
import { Created, Status } from '../../common/record.embeddables';
import { GetterField } from '../../graphql/getter-field';
import { LocalDateScalar } from '../../graphql/scalars';
import { Account } from '../account/account.entity';
import { Visibility } from './idp-enums';
import { searchIndex } from '../../common/search-expressions';
import { eventObject } from '../../events/event-objects';
import { GraphOnly } from '../../graphql/rest-fields';

/** Who may see a plan and who owns it (visibility rules: docs/rules.md, "Individual development plans"). */
@ObjectType({ description: 'Who may see a plan, and its owner' })
export class Sharing {
  @Field(() => Visibility)
  visibility!: Visibility;

  @Field(() => ID, { nullable: true, description: 'The owning account' })
  ownerId!: string | null;
}

/** An individual development plan (IDP); tasks, notes and assignees are rows of their own. */
@ObjectType({ description: 'An individual development plan' })
@Entity()
// updatedSince lists page in this order (src/common/connection.ts).
@Index({ properties: ['organization', 'updatedAt', 'id'] })
@Index({ properties: ['organization', 'name', 'id'] })
@Index({ properties: ['organization', 'type'] })
// The agent's retrieval matches idps with this expression (common/search-expressions.ts).
@Index(searchIndex('idp', 'idp'))
@eventObject('idp')
export class Idp extends OrganizationRecord {
  [OptionalProps]?: 'active' | 'visibility' | 'updatedAt' | 'organizationId' | 'sharing';

  /** OrganizationRecord's field, as a property field that read models carry too (GetterField). */
  @GetterField(() => ID, { name: 'organization', description: 'The organization (uuid)' })
  override get organizationId(): string {
    return this.organization.id;
  }

  @Field(() => String)
  @Property({ type: 'text' })
  name!: string;

  @Field(() => Boolean)
  @Property({ type: 'boolean' })
  active = true;

  @Field(() => String, { description: 'e.g. CAREER, PERFORMANCE, ONBOARDING, LEARNING' })
  @Property({ type: 'text' })
  type!: string;

  @Field(() => LocalDateScalar)
  @Property({ type: 'string', columnType: 'date' })
  startDate!: string;

  @Field(() => LocalDateScalar, { nullable: true })
  @Property({ type: 'string', columnType: 'date', nullable: true })
  endDate?: string | null;

  // Read back under the name createIdp and updateIdp write it with (REST keeps `sharing`).
  @Field(() => Visibility, { description: 'Who may see the plan (as in sharing)' })
  @GraphOnly()
  @Property({ type: 'text' })
  visibility: Visibility = Visibility.PRIVATE;

  /** The account that owns the plan; accounts span organizations, so no cascade from here. */
  @ManyToOne(() => Account, { ref: true, nullable: true, deleteRule: 'set null', index: true })
  owner?: Ref<Account> | null;

  @GetterField(() => Sharing)
  get sharing(): Sharing {
    return { visibility: this.visibility, ownerId: this.owner?.id ?? null };
  }

  @Field(() => Status)
  @Embedded(() => Status, { prefix: 'status_' })
  status!: Status;

  @Field(() => Created)
  @Embedded(() => Created, { prefix: false })
  created!: Created;
}
