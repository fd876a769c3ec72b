import { OptionalProps, Entity, Property, Index, type Opt } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { Role } from '../../auth/roles';
import { Organization } from './organization.entity';
import { partOf } from '../../events/event-objects';
import { OrganizationOwned } from './organization-owned';
import { UpdatedAtField } from '../../graphql/rest-fields';

/** A key whose secret signs organization tokens (HS256, header kid = key id). */
@ObjectType({ description: 'A key that signs organization tokens' })
@Entity()
@Index({ properties: ['organization'] })
@partOf<OrganizationKey>(() => Organization, 'keys', (k) => k.organization)
export class OrganizationKey extends OrganizationOwned {
  [OptionalProps]?: 'createdAt' | 'organizationId';

  @Field(() => ID)
  declare id: string;

  @Field(() => String)
  @Property({ type: 'text' })
  name!: string;

  @Field(() => Role, { nullable: true })
  @Property({ type: 'text', nullable: true })
  limitToRole?: Role | null;

  /** AES-256-GCM ciphertext of the 32 secret bytes; never exposed. */
  @Property({ type: 'text', lazy: true, hidden: true })
  secretEncrypted!: string;

  /** The secret in clear, set only on the instance that was just created, so it is shown once. */
  @Field(() => String, { nullable: true, description: 'The secret, base64; only in the response that created the key' })
  @Property({ persist: false })
  secretBase64?: string;

  @Field(() => Date)
  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @UpdatedAtField()
  declare updatedAt: Opt<Date>;
}
