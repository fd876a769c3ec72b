import { Arg, Authorized, Ctx, Resolver, Root, Subscription } from 'type-graphql';
import { administeredOrganization, requireRoleIn } from '../auth/access';
import type { Context } from '../auth/context';
import { Role } from '../auth/roles';
import { TOPICS } from '../graphql/pubsub';
import { ChangeEvent } from './change-event.entity';
import { matchesEventType, passesIfUpdates, validateEventType } from './event-type';

interface ChangeFilter {
  payload: ChangeEvent;
  context: Context;
  args: { eventType?: string | null; ifUpdates?: string[] | null };
}

/**
 * Live change events of the caller's organization, matched like webhooks. Events carry the full
 * values of what changed, so, like webhooks, they are for administrators of the organization.
 */
@Resolver(() => ChangeEvent)
export class ChangeResolver {
  @Authorized()
  @Subscription(() => ChangeEvent, {
    // Runs once when the subscription starts: a refusal or a bad eventType ends it with an error.
    // The role is needed for as long as events flow: it is checked again before each delivery.
    topics: ({ args, context }: { args: ChangeFilter['args']; context: Context }) => {
      const orgId = administeredOrganization(context);
      if (args.eventType) validateEventType('eventType', args.eventType);
      context.live?.require((caller) => requireRoleIn(caller, orgId, [Role.ORG_ADMIN]));
      return TOPICS.changes;
    },
    filter: ({ payload, context, args }: ChangeFilter) =>
      payload.organization === context.caller?.orgId &&
      matchesEventType(args.eventType ?? '*.*', payload.type) &&
      passesIfUpdates(args.ifUpdates ?? [], payload),
    description: 'Changes in the current organization (ORG_ADMIN), e.g. eventType "idp.*"; every change when omitted',
  })
  changes(
    @Ctx() ctx: Context,
    @Root() event: ChangeEvent,
    @Arg('eventType', () => String, { nullable: true }) eventType?: string | null,
    @Arg('ifUpdates', () => [String], { nullable: true }) ifUpdates?: string[] | null,
  ): ChangeEvent {
    // eventType and ifUpdates are applied by the filter above; they are declared here to be arguments.
    void eventType;
    void ifUpdates;
    return event;
  }
}
