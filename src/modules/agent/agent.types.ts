import { ListBound, MAX_SOURCES } from '../../common/part-list';
import { Field, ID, ObjectType } from 'type-graphql';
import { GraphOnly } from '../../graphql/rest-fields';
import { AnswerConfidence } from './answer-confidence';

/** Who answers (listed by agentProfiles); the coordinator and its specialists each have one. */
@ObjectType({ description: 'An agent: the coordinator or one of its specialists' })
export class AgentProfile {
  @Field(() => String, { nullable: true })
  name?: string;

  @Field(() => String, { nullable: true })
  persona?: string;

  @Field(() => String, { nullable: true, description: 'URL or identifier of the agent’s picture' })
  avatar?: string;

  @Field(() => String, { nullable: true })
  bio?: string;

  @Field(() => String, { nullable: true })
  title?: string;

  @Field(() => String, { nullable: true })
  shortBio?: string;

  @Field(() => Boolean, { nullable: true, description: 'True for the primary agent that routes questions' })
  coordinator?: boolean;

  // Part of REST's agent profile shape; GraphQL clients identify an agent by `name`.
  @Field(() => String, {
    nullable: true,
    description: 'Internal identifier of the agent',
    deprecationReason: 'An internal name, kept for REST clients: identify an agent by `name`',
  })
  beanName?: string;
}

/** Where an answer came from: a record, a knowledge document or a page the answer cites. */
@ObjectType({ description: 'A cited source: a directory record, a plan, a document or a URL' })
export class ContentSource {
  @Field(() => String, { nullable: true })
  name?: string;

  @Field(() => String, { nullable: true, description: 'e.g. employee, group, idp, idpTask, document, url' })
  type?: string;

  @Field(() => String, { nullable: true, description: 'Where to read it: an API path or a URL' })
  url?: string;
}

/** The answer to ask and reply (docs/agent.md, "Conversations"). */
@ObjectType({ description: 'The agent’s answer to ask or reply' })
export class AgentResponse {
  @Field(() => Boolean)
  success!: boolean;

  @Field(() => AgentProfile, { description: 'The agent that answered' })
  agent!: AgentProfile;

  @Field(() => String)
  reply!: string;

  @Field(() => [ContentSource], { nullable: true })
  @ListBound(MAX_SOURCES)
  sources?: ContentSource[];

  @Field(() => Boolean, { nullable: true, description: 'True when the agent asks the user to confirm an action' })
  confirming?: boolean;

  @Field(() => [AgentResponse], { nullable: true })
  @ListBound(10)
  subtasks?: AgentResponse[];

  @Field(() => ID, { nullable: true, description: 'The conversation id' })
  conversation?: string;

  // GraphQL only: REST's answer keeps the interface's shape.
  @Field(() => AnswerConfidence, {
    description:
      'How sure the agent is: ANSWERED (from the records, or a passage that covers the question), UNSURE (the reply says so and offers the closest passages by title), UNKNOWN ("I don’t know")',
  })
  @GraphOnly()
  confidence!: AnswerConfidence;
}

/** One hit of agentSearch: a conversation whose name matches, or a message. */
@ObjectType({ description: 'A conversation or message matching a search' })
export class SearchResult {
  @Field(() => ID, { description: 'The message or conversation id' })
  id!: string;

  @Field(() => ID)
  conversationId!: string;

  @Field(() => String, { description: 'A snippet with the matched words in <b>…</b>' })
  result!: string;

  @Field(() => Date)
  timestamp!: Date;

  @Field(() => String, { description: 'conversation or message' })
  type!: string;
}
