import type { FilterQuery } from '@mikro-orm/core';
import { currentOrganization, requireCaller } from '../../auth/access';
import { isSpace, trimEndWhere } from '../../common/trim-end';
import type { Context } from '../../auth/context';
import { type Connection, findPage, MAX_PAGE, type WholeSyncPageArgs } from '../../common/connection';
import { badInput, forbidden, notFound } from '../../graphql/errors';
import { TOPICS } from '../../graphql/pubsub';
import { UUID_PATTERN } from '../../graphql/scalars';
import { AgentMessage } from './agent-message.entity';
import { type ConversationInput, NAME_MAX, NAME_MESSAGE, type UserRequestInput } from './agent.inputs';
import { Conversation } from './conversation.entity';
import type { ConversationUpdate } from './conversation-update';

/** History answers at most this many messages; `since` reads on from the last one. */
export const HISTORY_LIMIT = 1000;
const NAME_LENGTH = 80;
/** Conversations list newest first. */
const NEWEST_FIRST = { keys: ['timestamp', 'id'], descending: true } as const;

/** The user a conversation belongs to, in the current organization. */
export interface Owner {
  orgId: string;
  accountId: string;
}

/**
 * Conversations belong to a user in an organization. The tenant filter keeps other organizations
 * out; every read here also names the owner, so that only the user's own conversations exist for
 * them (others answer 404).
 */
export function conversationOwner(ctx: Context): Owner {
  const caller = requireCaller(ctx);
  const orgId = currentOrganization(caller);
  if (!caller.accountId) throw forbidden('conversations belong to users: an organization token cannot use the agent');
  return { orgId, accountId: caller.accountId };
}

/** A conversation's name taken from its first question: the first words, up to about 80 characters. */
export function nameFrom(question: string): string {
  const flat = question.replace(/\s+/g, ' ').trim();
  if (flat.length <= NAME_LENGTH) return flat;
  const cut = flat.slice(0, NAME_LENGTH);
  const space = cut.lastIndexOf(' ');
  return `${trimEndWhere(space > NAME_LENGTH / 2 ? cut.slice(0, space) : cut, (c) => isSpace(c) || ',;:.-'.includes(c))}…`;
}

/** One of the caller's conversations; anyone else's, or a deleted one, is not found. */
export async function ownConversation(ctx: Context, id: string): Promise<Conversation> {
  const owner = conversationOwner(ctx);
  const conversation = await ctx.em.findOne(Conversation, { id, user: owner.accountId });
  if (!conversation) throw notFound('conversation');
  return conversation;
}

/** The live updates of one of the caller's conversations; ownership is checked before anything is sent. */
export async function conversationUpdates(ctx: Context, id: string): Promise<AsyncIterable<ConversationUpdate>> {
  // The argument is an ID (any string): what is not a UUID names no conversation.
  if (!UUID_PATTERN.test(id)) throw notFound('conversation');
  const conversation = await ownConversation(ctx, id.toLowerCase());
  return ctx.bus.subscribe(TOPICS.conversationUpdates, conversation.id) as AsyncIterable<ConversationUpdate>;
}

export class ConversationService {
  /** The caller's conversations, newest first. */
  list(ctx: Context, page: WholeSyncPageArgs): Promise<Connection<Conversation>> {
    const owner = conversationOwner(ctx);
    return findPage(ctx.em, Conversation, { user: owner.accountId }, page, NEWEST_FIRST, MAX_PAGE);
  }

  async start(ctx: Context, name?: string | null): Promise<Conversation> {
    const owner = conversationOwner(ctx);
    const trimmed = name?.trim();
    if (trimmed && trimmed.length > NAME_MAX) throw badInput(NAME_MESSAGE);
    const conversation = ctx.em.create(Conversation, {
      organization: owner.orgId,
      user: owner.accountId,
      name: trimmed || 'New conversation',
    });
    await ctx.em.flush();
    return conversation;
  }

  get(ctx: Context, id: string): Promise<Conversation> {
    return ownConversation(ctx, id);
  }

  async rename(ctx: Context, id: string, input: ConversationInput): Promise<Conversation> {
    const conversation = await ownConversation(ctx, id);
    conversation.name = input.name;
    await ctx.em.flush();
    return conversation;
  }

  /** Deletes the conversation with its messages: gone from lists, search and history. */
  async delete(ctx: Context, id: string): Promise<boolean> {
    const conversation = await ownConversation(ctx, id);
    await ctx.em.remove(conversation).flush();
    return true;
  }

  /** Messages of one conversation, or of all the caller's, oldest first, since `since` when given. */
  async history(ctx: Context, input: UserRequestInput): Promise<AgentMessage[]> {
    const owner = conversationOwner(ctx);
    const where: FilterQuery<AgentMessage> = { user: owner.accountId };
    if (input.conversationId) where.conversation = (await ownConversation(ctx, input.conversationId)).id;
    if (input.since) where.timestamp = { $gte: input.since };
    return ctx.em.find(AgentMessage, where, { orderBy: { timestamp: 'asc', id: 'asc' }, limit: HISTORY_LIMIT });
  }
}
