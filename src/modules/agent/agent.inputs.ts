import { IsOptional, Length, Max, MaxLength, Min } from 'class-validator';
import { Field, InputType, Int } from 'type-graphql';
import { UUIDScalar } from '../../graphql/scalars';
import { Trimmed } from '../../graphql/validation';

export const QUESTION_MAX = 10_000;
export const NAME_MAX = 200;
export const NAME_MESSAGE = `name must be 1-${NAME_MAX} characters`;

/**
 * The body of ask, reply, history and assign: one type, UserRequest, serves them all
 * (docs/agent.md); which fields each operation needs is checked by its service (agent.service.ts,
 * conversation.service.ts, planner/workflow.service.ts).
 */
@InputType('UserRequest', { description: 'A question, a follow-up, or a history request' })
export class UserRequestInput {
  @Field(() => String, { nullable: true, description: 'The user’s question or message (ask, reply)' })
  @IsOptional()
  @Trimmed()
  @MaxLength(QUESTION_MAX, { message: `question must be at most ${QUESTION_MAX} characters` })
  question?: string | null;

  @Field(() => Int, { nullable: true, description: 'How many passages to retrieve, 1-50; default 5' })
  @IsOptional()
  @Min(1, { message: 'maxResults must be between 1 and 50' })
  @Max(50, { message: 'maxResults must be between 1 and 50' })
  maxResults?: number | null;

  @Field(() => String, { nullable: true, description: 'Extra instructions or context for the agent' })
  @IsOptional()
  @MaxLength(QUESTION_MAX, { message: `additionalInstructions must be at most ${QUESTION_MAX} characters` })
  additionalInstructions?: string | null;

  @Field(() => UUIDScalar, {
    nullable: true,
    description: 'The conversation: required by reply, omitted by ask, optional for history',
  })
  conversationId?: string | null;

  @Field(() => Date, { nullable: true, description: 'History: only messages at or after this time' })
  since?: Date | null;
}

/**
 * The body of the conversation rename (PUT /agent/conversations/{id}): a whole Conversation may be
 * sent; only name is used.
 */
@InputType('ConversationInput', { description: 'Conversation body: only name changes' })
export class ConversationInput {
  @Field(() => String)
  @Trimmed()
  @Length(1, NAME_MAX, { message: NAME_MESSAGE })
  name!: string;
}

@InputType('SearchInput', { description: 'A full-text search of the caller’s conversation names and messages' })
export class SearchInput {
  @Field(() => String, { description: 'Words to find; "quotes", or and -exclusions as in web search' })
  @Trimmed()
  @Length(1, 500, { message: 'query must be 1-500 characters' })
  query!: string;

  @Field(() => Int, { nullable: true, description: '0-based page; default 0' })
  @IsOptional()
  @Min(0, { message: 'page must be 0 or more' })
  @Max(10_000, { message: 'page must be at most 10000' })
  page?: number | null;

  @Field(() => Int, { nullable: true, description: 'Results per page, 1-100; default 20' })
  @IsOptional()
  @Min(1, { message: 'count must be between 1 and 100' })
  @Max(100, { message: 'count must be between 1 and 100' })
  count?: number | null;
}
