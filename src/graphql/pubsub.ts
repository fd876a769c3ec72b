import { createPubSub } from '@graphql-yoga/subscription';
import type { PubSub } from 'type-graphql';

/** Topics of the in-process bus that feeds GraphQL subscriptions. */
export const TOPICS = {
  organizationUpdated: 'organization.updated',
  /** Every relayed ChangeEvent (events/change-feed.ts). */
  changes: 'changes',
  /** Messages and reply chunks of one conversation; the conversation id is the topic id. */
  conversationUpdates: 'conversation.updates',
} as const;

/** One bus per service instance; publishers and the schema's subscriptions share it. */
export function createBus(): PubSub {
  return createPubSub() as PubSub;
}
