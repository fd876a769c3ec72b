import { ArrayMaxSize, IsOptional, Length, MaxLength, Min, ValidateNested } from 'class-validator';
import { ArgsType, Field, InputType, Int } from 'type-graphql';
import { PageArgs } from '../../common/connection';
import { LocalDateScalar, UUIDScalar } from '../../graphql/scalars';
import { Trimmed } from '../../graphql/validation';
import { TaskState } from './idp-enums';
import { AssigneeInput } from './idp.inputs';

const NAME = 'name must be 1-200 characters';

@InputType({ description: 'The entity a task is connected to' })
export class ConnectedToInput {
  @Field(() => String, { description: 'Its id, here or in the partner system' })
  @Trimmed()
  @Length(1, 200, { message: 'entityId must be 1-200 characters' })
  entityId!: string;

  @Field(() => String, { description: 'e.g. GOAL' })
  @Trimmed()
  @Length(1, 100, { message: 'type must be 1-100 characters' })
  type!: string;

  @Field(() => UUIDScalar, { nullable: true, description: 'Default the current organization' })
  organization?: string;
}

/** The optional fields of a task, shared by add and update. */
@InputType()
class IdpTaskFields {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Trimmed()
  @MaxLength(5000, { message: 'description must be at most 5000 characters' })
  description?: string | null;

  @Field(() => LocalDateScalar, { nullable: true })
  dueDate?: string | null;

  @Field(() => TaskState, { nullable: true, description: 'Default NOT_STARTED' })
  status?: TaskState;

  @Field(() => ConnectedToInput, { nullable: true, description: 'null removes the link' })
  @IsOptional()
  @ValidateNested()
  connectedTo?: ConnectedToInput | null;

  @Field(() => [AssigneeInput], { nullable: true, description: 'Replaces the assignees of the task' })
  @IsOptional()
  @ArrayMaxSize(100, { message: 'assignees must have at most 100 items' })
  @ValidateNested()
  assignees?: AssigneeInput[];

  @Field(() => Int, { nullable: true, description: 'Position from 1; the other tasks move to make room. Default last' })
  @IsOptional()
  @Min(1, { message: 'order must be 1 or more' })
  order?: number;
}

@InputType({ description: 'A new task of a plan' })
export class IdpTaskInput extends IdpTaskFields {
  @Field(() => String)
  @Trimmed()
  @Length(1, 200, { message: NAME })
  name!: string;
}

@InputType({ description: 'Changes to a task: every field optional; null clears description, dueDate or connectedTo' })
export class IdpTaskUpdateInput extends IdpTaskFields {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Trimmed()
  @Length(1, 200, { message: NAME })
  name?: string;

  @Field(() => Boolean, { nullable: true })
  active?: boolean;
}

/** A page of the tasks due, soonest first (dueDate, id): first/after/offset like every list. */
@ArgsType()
export class TasksDueArgs extends PageArgs {
  @Field(() => LocalDateScalar, { nullable: true, description: 'Tasks due before this date' })
  before?: string;

  @Field(() => Boolean, { nullable: true, description: 'true: tasks due before today' })
  overdue?: boolean;

  @Field(() => TaskState, { nullable: true, description: 'Default: the open states (not DONE or CANCELLED)' })
  status?: TaskState;
}

@InputType({ description: 'The text of a note' })
export class NoteInput {
  @Field(() => String)
  @Trimmed()
  @Length(1, 10000, { message: 'note must be 1-10000 characters' })
  note!: string;
}
