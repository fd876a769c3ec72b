import { Embeddable, Property } from '@mikro-orm/core';
import { Field, ObjectType } from 'type-graphql';

/** An organization's profile: all fields optional strings, stored as one JSON column. */
@ObjectType()
@Embeddable()
export class OrganizationProfile {
  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  logoUrl?: string | null;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  timezone?: string | null;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  location?: string | null;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  countryCode?: string | null;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  companySize?: string | null;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  website?: string | null;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  mission?: string | null;
}

export const PROFILE_FIELDS = [
  'logoUrl',
  'timezone',
  'location',
  'countryCode',
  'companySize',
  'website',
  'mission',
] as const satisfies readonly (keyof OrganizationProfile)[];
