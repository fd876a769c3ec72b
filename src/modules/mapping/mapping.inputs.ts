import { IsByteLength, IsOptional, Length, MaxLength } from 'class-validator';
import { Field, InputType } from 'type-graphql';
import { UUIDScalar } from '../../graphql/scalars';
import { type StringMap, type StringMapPatch, StringMapPatchScalar, StringMapScalar } from '../../graphql/string-map';
import { OptionalOrEmpty, Trimmed } from '../../graphql/validation';
import { MappedType } from './mapping.entity';

const NAMESPACE_MESSAGE = 'namespace must be 1-200 characters';
const MAPPED_ID_MESSAGE = 'mappedId must be 1-500 characters';
const REFERENCE_MESSAGE = 'reference must be at most 2000 characters';
// (app, namespace, mappedId) is a unique index, whose entries PostgreSQL caps near 2700 bytes: a
// character takes up to 4 bytes (7 with a variation selector, which the length check does not
// count), so the bytes are capped as well.
const NAMESPACE_BYTES = 'namespace must be at most 400 bytes in UTF-8';
const MAPPED_ID_BYTES = 'mappedId must be at most 2000 bytes in UTF-8';

@InputType({ description: 'Maps a record of the organization to its counterpart in an app' })
export class MappingInput {
  @Field(() => MappedType)
  entityType!: MappedType;

  @Field(() => UUIDScalar)
  entityId!: string;

  @Field(() => String)
  @Trimmed()
  @Length(1, 200, { message: NAMESPACE_MESSAGE })
  @IsByteLength(0, 400, { message: NAMESPACE_BYTES })
  namespace!: string;

  @Field(() => String)
  @Trimmed()
  @Length(1, 500, { message: MAPPED_ID_MESSAGE })
  @IsByteLength(0, 2000, { message: MAPPED_ID_BYTES })
  mappedId!: string;

  @Field(() => String, { nullable: true })
  @OptionalOrEmpty()
  @MaxLength(2000, { message: REFERENCE_MESSAGE })
  reference?: string | null;

  @Field(() => StringMapScalar, { nullable: true })
  mappingData?: StringMap | null;

  @Field(() => StringMapScalar, {
    nullable: true,
    description: 'Stored encrypted; shown to ORG_ADMIN, ADMIN and organization tokens acting as ORG_ADMIN only',
  })
  mappingSecrets?: StringMap | null;
}

@InputType({ description: 'Changes to a mapping: every field optional; a map sent replaces the stored one' })
export class MappingUpdateInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Trimmed()
  @Length(1, 200, { message: NAMESPACE_MESSAGE })
  @IsByteLength(0, 400, { message: NAMESPACE_BYTES })
  namespace?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Trimmed()
  @Length(1, 500, { message: MAPPED_ID_MESSAGE })
  @IsByteLength(0, 2000, { message: MAPPED_ID_BYTES })
  mappedId?: string;

  @Field(() => String, { nullable: true, description: 'null or an empty string clears it' })
  @OptionalOrEmpty()
  @MaxLength(2000, { message: REFERENCE_MESSAGE })
  reference?: string | null;

  @Field(() => StringMapPatchScalar, { nullable: true })
  mappingData?: StringMapPatch | null;

  @Field(() => StringMapPatchScalar, { nullable: true })
  mappingSecrets?: StringMapPatch | null;
}
