import { Entity, Index, OptionalProps, Property } from '@mikro-orm/core';
import { Field, ObjectType } from 'type-graphql';
import { OrganizationRecord } from '../organization/organization-owned';
import { eventObject } from '../../events/event-objects';

/**
 * A key whose secret signs webhook deliveries. The secret is 32 random bytes, shown
 * once (base64) in the response that created it, and stored encrypted.
 */
@ObjectType({ description: 'A key that signs webhook deliveries' })
@Entity()
@Index({ properties: ['organization', 'createdAt'] })
@eventObject('webhookKey', { isDefault: 'default' })
export class WebhookKey extends OrganizationRecord {
  [OptionalProps]?: 'createdAt' | 'isDefault' | 'organizationId';

  @Field(() => String)
  @Property({ type: 'text' })
  name!: string;

  /** AES-256-GCM ciphertext of the secret bytes; hidden from events, never exposed. */
  @Property({ type: 'text', lazy: true, hidden: true })
  secretEncrypted!: string;

  @Field(() => Boolean, { name: 'default', description: 'Webhooks created without signingKey use the default key' })
  @Property({ type: 'boolean' })
  isDefault = false;

  @Field(() => String, { nullable: true, description: 'The secret, base64; only in the response that created the key' })
  @Property({ persist: false })
  secretBase64?: string;

  @Field(() => Date)
  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
