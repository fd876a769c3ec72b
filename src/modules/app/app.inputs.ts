import { IsByteLength, IsOptional, Length } from 'class-validator';
import { ArgsType, Field, InputType } from 'type-graphql';
import { type StringMap, type StringMapPatch, StringMapPatchScalar, StringMapScalar } from '../../graphql/string-map';
import { Trimmed } from '../../graphql/validation';
import { LongSyncPageArgs } from '../../common/connection';

const TYPE_MESSAGE = 'type must be 1-100 characters';
const EXTERNAL_ID_MESSAGE = 'externalId must be 1-500 characters';
const NAME_MESSAGE = 'name must be 1-200 characters';
// (organization, type, externalId) is a unique index, whose entries PostgreSQL caps near 2700
// bytes: a character takes up to 4 bytes (7 with a variation selector, which the length check
// does not count), so the bytes are capped as well.
const TYPE_BYTES = 'type must be at most 400 bytes in UTF-8';
const EXTERNAL_ID_BYTES = 'externalId must be at most 2000 bytes in UTF-8';

@InputType({
  description: 'A new app (integration record); type and externalId together are unique in the organization',
})
export class AppInput {
  @Field(() => String)
  @Trimmed()
  @Length(1, 100, { message: TYPE_MESSAGE })
  @IsByteLength(0, 400, { message: TYPE_BYTES })
  type!: string;

  @Field(() => String)
  @Trimmed()
  @Length(1, 500, { message: EXTERNAL_ID_MESSAGE })
  @IsByteLength(0, 2000, { message: EXTERNAL_ID_BYTES })
  externalId!: string;

  @Field(() => Boolean)
  internal!: boolean;

  @Field(() => String)
  @Trimmed()
  @Length(1, 200, { message: NAME_MESSAGE })
  name!: string;

  @Field(() => StringMapScalar, { nullable: true })
  appData?: StringMap | null;

  @Field(() => StringMapScalar, {
    nullable: true,
    description: 'Stored encrypted; shown to ORG_ADMIN, ADMIN and organization tokens acting as ORG_ADMIN only',
  })
  secretData?: StringMap | null;
}

@InputType({ description: 'App partial-update body: every field optional; a map sent replaces the stored one' })
export class AppUpdateInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Trimmed()
  @Length(1, 100, { message: TYPE_MESSAGE })
  @IsByteLength(0, 400, { message: TYPE_BYTES })
  type?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Trimmed()
  @Length(1, 500, { message: EXTERNAL_ID_MESSAGE })
  @IsByteLength(0, 2000, { message: EXTERNAL_ID_BYTES })
  externalId?: string;

  @Field(() => Boolean, { nullable: true })
  internal?: boolean;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Trimmed()
  @Length(1, 200, { message: NAME_MESSAGE })
  name?: string;

  @Field(() => Boolean, { nullable: true, description: 'false deactivates the app' })
  active?: boolean;

  @Field(() => StringMapPatchScalar, { nullable: true })
  appData?: StringMapPatch | null;

  @Field(() => StringMapPatchScalar, { nullable: true })
  secretData?: StringMapPatch | null;
}

@InputType({ description: 'A secret value to find organizations by' })
export class AppSecretInput {
  @Field(() => String)
  @Length(1, 10_000, { message: 'secret must be 1-10000 characters' })
  secret!: string;
}

@ArgsType()
export class AppListArgs extends LongSyncPageArgs {
  @Field(() => String, { nullable: true, description: 'Only apps of this type' })
  type?: string;
}
