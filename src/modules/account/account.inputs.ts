import { IsEmail, IsOptional, Length } from 'class-validator';
import { Field, InputType } from 'type-graphql';
import { Role } from '../../auth/roles';
import { UUIDScalar } from '../../graphql/scalars';
import { Trimmed } from '../../graphql/validation';

@InputType({ description: 'A new account, or an existing one (by email) to add to the current organization' })
export class AccountInput {
  @Field(() => String)
  @Trimmed()
  @IsEmail({}, { message: 'email must be an email address' })
  email!: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Trimmed()
  @Length(1, 200, { message: 'name must be 1-200 characters' })
  name?: string;
}

@InputType({ description: 'Changes to an account: every field optional' })
export class AccountUpdateInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Trimmed()
  @IsEmail({}, { message: 'email must be an email address' })
  email?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Trimmed()
  @Length(1, 200, { message: 'name must be 1-200 characters' })
  name?: string;

  @Field(() => Boolean, { nullable: true, description: 'false deactivates the account' })
  active?: boolean;
}

@InputType({ description: 'A role to grant: ORG_ADMIN, MANAGER or EMPLOYEE (ADMIN cannot be granted)' })
export class GrantInput {
  @Field(() => UUIDScalar, { nullable: true, description: 'The organization; the current one when omitted' })
  orgId?: string;

  @Field(() => Role)
  role!: Role;

  @Field(() => UUIDScalar, { nullable: true, description: 'An employee of that organization to tie the grant to' })
  employeeId?: string;
}

@InputType({ description: 'A role to revoke' })
export class RevokeInput {
  @Field(() => UUIDScalar, { nullable: true, description: 'The organization; the current one when omitted' })
  orgId?: string;

  @Field(() => Role)
  role!: Role;
}
