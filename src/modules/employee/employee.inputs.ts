import { IsEmail, IsOptional, Length, MaxLength } from 'class-validator';
import { ArgsType, Field, InputType } from 'type-graphql';
import { SyncPageArgs } from '../../common/connection';
import { LocalDateScalar, UUIDScalar } from '../../graphql/scalars';
import { OptionalOrEmpty, Trimmed } from '../../graphql/validation';

const NAME = 'name must be 1-200 characters';

/**
 * The optional fields of an employee, shared by create and update (null clears one on update).
 * Each input type that extends it gets its fields.
 */
@InputType()
class EmployeeFields {
  @Field(() => Boolean, { nullable: true, description: 'Default true' })
  active?: boolean;

  @Field(() => UUIDScalar, { nullable: true, description: 'Account to link (at most one employee per account)' })
  account?: string | null;

  @Field(() => String, { nullable: true })
  @OptionalOrEmpty()
  @Trimmed()
  @IsEmail({}, { message: 'email must be an email address' })
  email?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Trimmed()
  @MaxLength(200, { message: 'title must be at most 200 characters' })
  title?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Trimmed()
  @MaxLength(200, { message: 'department must be at most 200 characters' })
  department?: string | null;

  @Field(() => UUIDScalar, { nullable: true, description: 'Manager: another employee of the organization' })
  manager?: string | null;

  @Field(() => LocalDateScalar, { nullable: true })
  startDate?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Trimmed()
  @MaxLength(200, { message: 'location must be at most 200 characters' })
  location?: string | null;
}

@InputType({ description: 'A new employee' })
export class EmployeeInput extends EmployeeFields {
  @Field(() => String)
  @Trimmed()
  @Length(1, 200, { message: NAME })
  name!: string;
}

@InputType({ description: 'Changes to an employee: every field optional; null clears an optional one' })
export class EmployeeUpdateInput extends EmployeeFields {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Trimmed()
  @Length(1, 200, { message: NAME })
  name?: string;
}

@ArgsType()
export class EmployeeListArgs extends SyncPageArgs {
  @Field(() => String, { nullable: true })
  department?: string;

  @Field(() => UUIDScalar, { nullable: true, description: 'Direct reports of this manager' })
  manager?: string;

  @Field(() => Boolean, { nullable: true })
  active?: boolean;

  @Field(() => UUIDScalar, { nullable: true })
  account?: string;
}
