import { randomUUID } from 'node:crypto';
import { OptionalProps, ArrayType, Embedded, Entity, Enum, Index, PrimaryKey, Property } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { Created, Status } from '../../common/record.embeddables';
import { OrganizationProfile } from './organization-profile.embeddable';
import { eventObject } from '../../events/event-objects';
import { GraphOnly, UpdatedAtField } from '../../graphql/rest-fields';
import { NotificationPolicy } from './notification-policy';

export const ORGANIZATION_STATES = { ACTIVE: 'ACTIVE', INACTIVE: 'INACTIVE' } as const;

/** A tenant. Not itself tenant-filtered: access to it follows the caller's grants. */
@ObjectType({ description: 'An organization (tenant) of the directory' })
@Entity()
@eventObject('organization')
export class Organization {
  [OptionalProps]?: 'updatedAt' | 'active' | 'owners' | 'profile' | 'notificationPolicy' | 'notificationDomains';

  @Field(() => ID)
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field(() => String)
  @Property({ type: 'text' })
  name!: string;

  @Field(() => Boolean)
  @Property({ type: 'boolean' })
  active = true;

  @Field(() => String)
  @Property({ type: 'text', unique: true })
  alias!: string;

  @Field(() => [ID], { description: 'Accounts that own the organization' })
  @Property({ type: ArrayType })
  owners: string[] = [];

  @Field(() => Status)
  @Embedded(() => Status, { prefix: 'status_' })
  status!: Status;

  @Field(() => Created)
  @Embedded(() => Created, { prefix: false })
  created!: Created;

  @Field(() => OrganizationProfile)
  @Embedded(() => OrganizationProfile, { object: true })
  profile: OrganizationProfile = new OrganizationProfile();

  /** GraphQL only: the organization's REST shape is fixed (SPEC); REST sets it through the update body. */
  @GraphOnly()
  @Field(() => NotificationPolicy, {
    description: 'Where its workflows may e-mail their results; ORG_ADMIN sets it with updateOrganization',
  })
  @Enum({ items: () => NotificationPolicy, type: 'text', default: NotificationPolicy.OWN_ADDRESSES })
  notificationPolicy: NotificationPolicy = NotificationPolicy.OWN_ADDRESSES;

  @GraphOnly()
  @Field(() => [String], {
    description:
      'The organization’s own e-mail domains (e.g. example.com): with OWN_ADDRESSES, workflows may e-mail any address in them',
  })
  @Property({ type: ArrayType, default: '{}' })
  notificationDomains: string[] = [];

  @UpdatedAtField()
  @Index()
  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
