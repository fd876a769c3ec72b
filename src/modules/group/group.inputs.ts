import { ArrayMaxSize, ArrayMinSize, IsOptional, Length, MaxLength } from 'class-validator';
import { Field, InputType } from 'type-graphql';
import { UUIDScalar } from '../../graphql/scalars';
import { Trimmed } from '../../graphql/validation';

@InputType({ description: 'A new group' })
export class GroupInput {
  @Field(() => String)
  @Trimmed()
  @Length(1, 200, { message: 'name must be 1-200 characters' })
  name!: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Trimmed()
  @MaxLength(2000, { message: 'description must be at most 2000 characters' })
  description?: string | null;

  @Field(() => [UUIDScalar], { nullable: true, description: 'Initial members (employees)' })
  @IsOptional()
  @ArrayMaxSize(1000, { message: 'members must have at most 1000 items' })
  members?: string[];
}

@InputType({ description: 'Changes to a group: every field optional' })
export class GroupUpdateInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Trimmed()
  @Length(1, 200, { message: 'name must be 1-200 characters' })
  name?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Trimmed()
  @MaxLength(2000, { message: 'description must be at most 2000 characters' })
  description?: string | null;

  @Field(() => Boolean, { nullable: true })
  active?: boolean;
}

@InputType({ description: 'Employees to add to or remove from a group' })
export class GroupMembersInput {
  @Field(() => [UUIDScalar])
  @ArrayMinSize(1, { message: 'employeeIds must not be empty' })
  @ArrayMaxSize(1000, { message: 'employeeIds must have at most 1000 items' })
  employeeIds!: string[];
}
