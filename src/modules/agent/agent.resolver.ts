import { ListBound } from '../../common/part-list';
import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../auth/context';
import { AGENTS } from './agent-profiles';
import { SearchInput, UserRequestInput } from './agent.inputs';
import type { AgentService } from './agent.service';
import { AgentProfile, AgentResponse, SearchResult } from './agent.types';
import { searchConversations } from './conversation-search';

@Resolver()
export class AgentResolver {
  constructor(private readonly service: AgentService) {}

  @Authorized()
  @Mutation(() => AgentResponse, { description: 'Ask a question: starts a new conversation, named after it' })
  ask(@Ctx() ctx: Context, @Arg('input', () => UserRequestInput) input: UserRequestInput): Promise<AgentResponse> {
    return this.service.ask(ctx, input);
  }

  @Authorized()
  @Mutation(() => AgentResponse, {
    description: 'Continue a conversation (conversationId required): follow-ups, confirmations, clarifications',
  })
  reply(@Ctx() ctx: Context, @Arg('input', () => UserRequestInput) input: UserRequestInput): Promise<AgentResponse> {
    return this.service.reply(ctx, input);
  }

  @Authorized()
  @Query(() => [SearchResult], {
    description: 'Full-text search over the caller’s conversation names and messages, best first',
  })
  @ListBound(100)
  agentSearch(@Ctx() ctx: Context, @Arg('input', () => SearchInput) input: SearchInput): Promise<SearchResult[]> {
    return searchConversations(ctx, input);
  }

  @Authorized()
  @Query(() => [AgentProfile], { description: 'The coordinator and its specialists' })
  @ListBound(10)
  agentProfiles(): AgentProfile[] {
    return Object.values(AGENTS);
  }
}
