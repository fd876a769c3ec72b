import { ListBound } from '../../common/part-list';
import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import type { Context } from '../../auth/context';
import { type Connection, ConnectionType, WholeSyncPageArgs } from '../../common/connection';
import { UUIDScalar } from '../../graphql/scalars';
import { AgentMessage } from './agent-message.entity';
import { ConversationInput, UserRequestInput } from './agent.inputs';
import { Conversation } from './conversation.entity';
import { type ConversationService, conversationUpdates } from './conversation.service';
import { ConversationUpdate } from './conversation-update';

export const ConversationConnection = ConnectionType(Conversation);

@Resolver(() => Conversation)
export class ConversationResolver {
  constructor(private readonly service: ConversationService) {}

  @Authorized()
  @Query(() => ConversationConnection, {
    description: 'The caller’s conversations in the current organization, newest first',
  })
  conversations(
    @Ctx() ctx: Context,
    @Args(() => WholeSyncPageArgs) page: WholeSyncPageArgs,
  ): Promise<Connection<Conversation>> {
    return this.service.list(ctx, page);
  }

  @Authorized()
  @Query(() => Conversation, { description: 'One of the caller’s conversations' })
  conversation(@Ctx() ctx: Context, @Arg('id', () => UUIDScalar) id: string): Promise<Conversation> {
    return this.service.get(ctx, id);
  }

  @Authorized()
  @Query(() => [AgentMessage], {
    description: 'Messages of a conversation, or of all the caller’s, oldest first (at most 1000; since reads on)',
  })
  @ListBound(1000)
  agentHistory(
    @Ctx() ctx: Context,
    @Arg('input', () => UserRequestInput, { nullable: true }) input?: UserRequestInput | null,
  ): Promise<AgentMessage[]> {
    return this.service.history(ctx, input ?? new UserRequestInput());
  }

  @Authorized()
  @Mutation(() => Conversation, {
    description: 'Start an empty conversation, named `name` (1-200 characters) or "New conversation"',
  })
  startConversation(
    @Ctx() ctx: Context,
    @Arg('name', () => String, { nullable: true }) name?: string | null,
  ): Promise<Conversation> {
    return this.service.start(ctx, name);
  }

  @Authorized()
  @Mutation(() => Conversation, { description: 'Rename a conversation (only name changes)' })
  renameConversation(
    @Ctx() ctx: Context,
    @Arg('id', () => UUIDScalar) id: string,
    @Arg('input', () => ConversationInput) input: ConversationInput,
  ): Promise<Conversation> {
    return this.service.rename(ctx, id, input);
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'Delete a conversation and its messages' })
  deleteConversation(@Ctx() ctx: Context, @Arg('id', () => UUIDScalar) id: string): Promise<boolean> {
    return this.service.delete(ctx, id);
  }

  @Authorized()
  @Subscription(() => ConversationUpdate, {
    subscribe: ({ args, context }: { args: { conversationId: string }; context: Context }) =>
      conversationUpdates(context, args.conversationId),
    description:
      'New messages of one of the caller’s conversations, and the chunks of a reply while the agent writes it',
  })
  conversationUpdates(
    @Root() update: ConversationUpdate,
    @Arg('conversationId', () => ID) conversationId: string,
  ): ConversationUpdate {
    // The conversation is chosen when subscribing (above); the argument is declared here.
    void conversationId;
    return update;
  }
}
