import {
  ArrayMaxSize,
  IsEmail,
  IsFQDN,
  IsISO31661Alpha2,
  IsOptional,
  IsTimeZone,
  IsUrl,
  Length,
  Matches,
  MaxLength,
} from 'class-validator';
import { Field, InputType } from 'type-graphql';
import { Role } from '../../auth/roles';
import { NotificationPolicy } from './notification-policy';
import { OptionalOrEmpty, Trimmed } from '../../graphql/validation';

export const ALIAS_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ALIAS_MESSAGE = 'alias must contain only lowercase letters, digits and single dashes between them';
const NAME_MESSAGE = 'name must be 1-200 characters';
const HTTP_URL = { require_protocol: true, protocols: ['http', 'https'] };

@InputType({
  description: 'A new organization; the caller becomes its owner (ORG_ADMIN) unless ownerEmail names another',
})
export class OrganizationInput {
  @Field(() => String)
  @Trimmed()
  @Length(1, 200, { message: NAME_MESSAGE })
  name!: string;

  @Field(() => String, { nullable: true, description: 'Derived from the name when omitted' })
  @IsOptional()
  @Trimmed()
  @Length(1, 63, { message: 'alias must be 1-63 characters' })
  @Matches(ALIAS_PATTERN, { message: ALIAS_MESSAGE })
  alias?: string;

  @Field(() => String, { nullable: true, description: 'Owner to make ORG_ADMIN instead of the caller' })
  @IsOptional()
  @Trimmed()
  @IsEmail({}, { message: 'ownerEmail must be an email address' })
  ownerEmail?: string;
}

@InputType({ description: 'Organization body of update: every field optional' })
export class OrganizationUpdateInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Trimmed()
  @Length(1, 200, { message: NAME_MESSAGE })
  name?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Trimmed()
  @Length(1, 63, { message: 'alias must be 1-63 characters' })
  @Matches(ALIAS_PATTERN, { message: ALIAS_MESSAGE })
  alias?: string;

  @Field(() => String, { nullable: true, description: 'An account to add as owner (ORG_ADMIN)' })
  @IsOptional()
  @Trimmed()
  @IsEmail({}, { message: 'ownerEmail must be an email address' })
  ownerEmail?: string;

  @Field(() => Boolean, { nullable: true, description: 'false deactivates the organization' })
  active?: boolean;

  @Field(() => NotificationPolicy, {
    nullable: true,
    description: 'Where workflows may e-mail results: OWN_ADDRESSES (the default) or ANY_ADDRESS',
  })
  @IsOptional()
  notificationPolicy?: NotificationPolicy;

  @Field(() => [String], {
    nullable: true,
    description: 'The organization’s own e-mail domains, replacing the list (at most 50; [] clears it)',
  })
  @IsOptional()
  @ArrayMaxSize(50, { message: 'notificationDomains must list at most 50 domains' })
  @IsFQDN({}, { each: true, message: 'notificationDomains must be domain names such as example.com' })
  notificationDomains?: string[];
}

@InputType({ description: 'An organization profile: every field optional' })
export class OrganizationProfileInput {
  @Field(() => String, { nullable: true })
  @OptionalOrEmpty()
  @Trimmed()
  @IsUrl(HTTP_URL, { message: 'logoUrl must be an http(s) URL' })
  logoUrl?: string | null;

  @Field(() => String, { nullable: true })
  @OptionalOrEmpty()
  @Trimmed()
  @IsTimeZone({ message: 'timezone must be an IANA time zone such as Europe/Paris' })
  timezone?: string | null;

  @Field(() => String, { nullable: true })
  @OptionalOrEmpty()
  @Trimmed()
  @MaxLength(200, { message: 'location must be at most 200 characters' })
  location?: string | null;

  @Field(() => String, { nullable: true })
  @OptionalOrEmpty()
  @Trimmed()
  @IsISO31661Alpha2({ message: 'countryCode must be an ISO 3166-1 alpha-2 code such as FR' })
  countryCode?: string | null;

  @Field(() => String, { nullable: true })
  @OptionalOrEmpty()
  @Trimmed()
  @MaxLength(50, { message: 'companySize must be at most 50 characters' })
  companySize?: string | null;

  @Field(() => String, { nullable: true })
  @OptionalOrEmpty()
  @Trimmed()
  @IsUrl(HTTP_URL, { message: 'website must be an http(s) URL' })
  website?: string | null;

  @Field(() => String, { nullable: true })
  @OptionalOrEmpty()
  @Trimmed()
  @MaxLength(2000, { message: 'mission must be at most 2000 characters' })
  mission?: string | null;
}

@InputType({ description: 'A new organization key' })
export class OrganizationKeyInput {
  @Field(() => String)
  @Trimmed()
  @Length(1, 200, { message: NAME_MESSAGE })
  name!: string;

  @Field(() => Role, { nullable: true, description: 'The role its tokens act with; ORG_ADMIN when omitted' })
  @IsOptional()
  limitToRole?: Role;
}
