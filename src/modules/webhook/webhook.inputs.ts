import { ArrayMaxSize, IsOptional, Length, MaxLength } from 'class-validator';
import { Field, InputType } from 'type-graphql';
import { UUIDScalar } from '../../graphql/scalars';
import { Trimmed } from '../../graphql/validation';

const NAME_MESSAGE = 'name must be 1-200 characters';
const URL_MESSAGE = 'url must be at most 2000 characters';
const IF_UPDATES_MESSAGE = 'ifUpdates must hold at most 50 field names of at most 100 characters';

@InputType({ description: 'A new webhook key: its secret is answered once, in secretBase64' })
export class WebhookKeyInput {
  @Field(() => String)
  @Trimmed()
  @Length(1, 200, { message: NAME_MESSAGE })
  name!: string;
}

@InputType({ description: 'A new webhook: the change events to POST to url, signed with a webhook key' })
export class WebhookInput {
  @Field(() => String)
  @Trimmed()
  @Length(1, 200, { message: NAME_MESSAGE })
  name!: string;

  @Field(() => String, {
    description:
      'http(s) URL; loopback, private, link-local and metadata addresses are refused unless ALLOW_PRIVATE_URLS',
  })
  @Trimmed()
  @MaxLength(2000, { message: URL_MESSAGE })
  url!: string;

  @Field(() => String, { description: '<object|*>.<post|patch|delete|*>, e.g. idp.patch, *.delete' })
  eventType!: string;

  @Field(() => [String], {
    nullable: true,
    description: 'Send update events only when they change one of these fields (default: every update)',
  })
  @IsOptional()
  @ArrayMaxSize(50, { message: IF_UPDATES_MESSAGE })
  @Length(1, 100, { each: true, message: IF_UPDATES_MESSAGE })
  ifUpdates?: string[] | null;

  @Field(() => UUIDScalar, {
    nullable: true,
    description: 'The webhook key that signs deliveries; the default key when omitted',
  })
  signingKey?: string | null;
}

@InputType({ description: 'Webhook partial-update body: every field optional' })
export class WebhookUpdateInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Trimmed()
  @Length(1, 200, { message: NAME_MESSAGE })
  name?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Trimmed()
  @MaxLength(2000, { message: URL_MESSAGE })
  url?: string;

  @Field(() => String, { nullable: true })
  eventType?: string;

  @Field(() => [String], { nullable: true, description: 'Replaces the list; [] sends every update' })
  @IsOptional()
  @ArrayMaxSize(50, { message: IF_UPDATES_MESSAGE })
  @Length(1, 100, { each: true, message: IF_UPDATES_MESSAGE })
  ifUpdates?: string[] | null;

  @Field(() => Boolean, { nullable: true, description: 'false pauses deliveries; true resumes them' })
  active?: boolean | null;

  @Field(() => UUIDScalar, {
    nullable: true,
    description: 'Another webhook key; for a day deliveries carry the old key’s signature too',
  })
  signingKey?: string | null;
}
