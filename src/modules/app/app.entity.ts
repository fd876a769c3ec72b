import { Embedded, Entity, Index, OptionalProps, Property, Unique } from '@mikro-orm/core';
import { Field, ObjectType } from 'type-graphql';
import { OrganizationRecord } from '../organization/organization-owned';
import { Created, Status } from '../../common/record.embeddables';
import { type StringMap, StringMapScalar } from '../../graphql/string-map';
import { eventObject } from '../../events/event-objects';

export const APP_STATES = { ACTIVE: 'ACTIVE', INACTIVE: 'INACTIVE' } as const;

/**
 * An integration record (an app): a connection to a CRM, an HR system or another internal or
 * external system. `appData` is public; `secretData` is stored encrypted value by value, with a
 * keyed hash of each value beside it so that organizations can be found by a secret without
 * decrypting every app. The secret columns have no @Field: the resolver decides who sees them.
 */
@ObjectType({ description: 'An integration record: a connection to another system' })
@Entity()
// updatedSince lists page in this order (src/common/connection.ts).
@Index({ properties: ['organization', 'updatedAt', 'id'] })
@Unique({ properties: ['organization', 'type', 'externalId'] })
@Index({ properties: ['type', 'externalId'] })
// Containment (@>) look-ups by appData and by secret hash; jsonb_path_ops keeps these indexes small.
@Index({
  name: 'app_app_data_gin',
  expression: 'create index "app_app_data_gin" on "app" using gin ("app_data" jsonb_path_ops)',
})
@Index({
  name: 'app_secret_hashes_gin',
  expression: 'create index "app_secret_hashes_gin" on "app" using gin ("secret_hashes" jsonb_path_ops)',
})
@eventObject('app', { secretEncrypted: 'secretData' })
export class App extends OrganizationRecord {
  [OptionalProps]?: 'active' | 'updatedAt' | 'organizationId' | 'appData' | 'secretEncrypted' | 'secretHashes';

  @Field(() => String, { description: 'The app’s id in the system it connects' })
  @Property({ type: 'text' })
  externalId!: string;

  @Field(() => Boolean, { description: 'True for a system of the organization’s own' })
  @Property({ type: 'boolean' })
  internal!: boolean;

  @Field(() => String)
  @Property({ type: 'text' })
  name!: string;

  @Field(() => String, { description: 'The kind of system, e.g. CRM or HRIS' })
  @Property({ type: 'text' })
  type!: string;

  @Field(() => Boolean)
  @Property({ type: 'boolean' })
  active = true;

  @Field(() => Status)
  @Embedded(() => Status, { prefix: 'status_' })
  status!: Status;

  @Field(() => Created)
  @Embedded(() => Created, { prefix: false })
  created!: Created;

  @Field(() => StringMapScalar, { description: 'Public data of the app' })
  @Property({ type: 'jsonb' })
  appData: StringMap = {};

  /** secretData, each value AES-256-GCM encrypted on its own. */
  @Property({ type: 'jsonb', hidden: true })
  secretEncrypted: StringMap = {};

  /** HMAC of each secretData entry (key and value), for the by-app-secret look-up. */
  @Property({ type: 'jsonb', lazy: true, hidden: true })
  secretHashes: StringMap = {};
}
