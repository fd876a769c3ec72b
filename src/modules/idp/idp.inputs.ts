import { ArrayMaxSize, IsOptional, Length, ValidateNested } from 'class-validator';
import { ArgsType, Field, InputType } from 'type-graphql';
import { SyncPageArgs } from '../../common/connection';
import { LocalDateScalar, UUIDScalar } from '../../graphql/scalars';
import { Trimmed } from '../../graphql/validation';
import { AssigneeType, IdpScope, Visibility } from './idp-enums';

const NAME = 'name must be 1-200 characters';
const TYPE = 'type must be 1-100 characters';
const ASSIGNEES = 'assignees must have at most 100 items';

@InputType({ description: 'An employee, group or account of the organization' })
export class AssigneeInput {
  @Field(() => UUIDScalar)
  entityId!: string;

  @Field(() => AssigneeType)
  entityType!: AssigneeType;
}

/** The optional fields of a plan, shared by create and update. */
@InputType()
class IdpFields {
  @Field(() => LocalDateScalar, { nullable: true, description: 'Not before startDate' })
  endDate?: string | null;

  @Field(() => Visibility, { nullable: true, description: 'Default PRIVATE' })
  visibility?: Visibility;

  @Field(() => UUIDScalar, { nullable: true, description: 'An account of the organization; default the caller' })
  owner?: string;

  @Field(() => [AssigneeInput], { nullable: true, description: 'Replaces the assignees of the plan' })
  @IsOptional()
  @ArrayMaxSize(100, { message: ASSIGNEES })
  @ValidateNested()
  assignees?: AssigneeInput[];
}

@InputType({ description: 'A new individual development plan; the caller owns it unless owner names another account' })
export class IdpInput extends IdpFields {
  @Field(() => String)
  @Trimmed()
  @Length(1, 200, { message: NAME })
  name!: string;

  @Field(() => LocalDateScalar)
  startDate!: string;

  @Field(() => String, { description: 'e.g. CAREER, PERFORMANCE, ONBOARDING, LEARNING' })
  @Trimmed()
  @Length(1, 100, { message: TYPE })
  type!: string;
}

@InputType({ description: 'Changes to a plan: every field optional; endDate null clears it' })
export class IdpUpdateInput extends IdpFields {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Trimmed()
  @Length(1, 200, { message: NAME })
  name?: string;

  @Field(() => LocalDateScalar, { nullable: true })
  startDate?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Trimmed()
  @Length(1, 100, { message: TYPE })
  type?: string;

  @Field(() => Boolean, { nullable: true, description: 'false deactivates the plan' })
  active?: boolean;
}

@ArgsType()
export class IdpListArgs extends SyncPageArgs {
  @Field(() => IdpScope, { nullable: true, description: 'Default ALL (every plan the caller may see)' })
  scope?: IdpScope;

  @Field(() => String, { nullable: true })
  type?: string;

  @Field(() => Boolean, { nullable: true })
  active?: boolean;
}
