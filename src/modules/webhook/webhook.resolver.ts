import { firstParts, PartArgs, PartList } from '../../common/part-list';
import { Arg, Args, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../auth/context';
import { UUIDScalar } from '../../graphql/scalars';
import { type Connection, ConnectionType, LongSyncPageArgs } from '../../common/connection';
import { WebhookAttempt, WebhookDelivery } from './webhook-delivery.entity';
import { Webhook } from './webhook.entity';
import { WebhookInput, WebhookUpdateInput } from './webhook.inputs';
import type { WebhookService } from './webhook.service';

export const WebhookConnection = ConnectionType(Webhook);
export const WebhookDeliveryConnection = ConnectionType(WebhookDelivery);

@Resolver(() => Webhook)
export class WebhookResolver {
  constructor(private readonly service: WebhookService) {}

  @Authorized()
  @Query(() => WebhookConnection, { description: 'Webhooks of the current organization, oldest first (ORG_ADMIN)' })
  webhooks(@Ctx() ctx: Context, @Args(() => LongSyncPageArgs) page: LongSyncPageArgs): Promise<Connection<Webhook>> {
    return this.service.list(ctx, page);
  }

  @Authorized()
  @Query(() => Webhook)
  webhook(@Ctx() ctx: Context, @Arg('webhook', () => UUIDScalar) id: string): Promise<Webhook> {
    return this.service.get(ctx, id);
  }

  @Authorized()
  @Query(() => WebhookDeliveryConnection, {
    description: 'Deliveries of a webhook, newest first, with their attempts',
  })
  webhookDeliveries(
    @Ctx() ctx: Context,
    @Arg('webhook', () => UUIDScalar) id: string,
    @Args(() => LongSyncPageArgs) page: LongSyncPageArgs,
  ): Promise<Connection<WebhookDelivery>> {
    return this.service.deliveries(ctx, id, page);
  }

  @Authorized()
  @Mutation(() => Webhook, {
    description: 'ORG_ADMIN or organization token; created active, signed with signingKey or the default key',
  })
  createWebhook(@Ctx() ctx: Context, @Arg('input', () => WebhookInput) input: WebhookInput): Promise<Webhook> {
    return this.service.create(ctx, input);
  }

  @Authorized()
  @Mutation(() => Webhook, { description: 'ORG_ADMIN; change name, url, eventType, ifUpdates, active or signingKey' })
  updateWebhook(
    @Ctx() ctx: Context,
    @Arg('webhook', () => UUIDScalar) id: string,
    @Arg('input', () => WebhookUpdateInput) input: WebhookUpdateInput,
  ): Promise<Webhook> {
    return this.service.update(ctx, id, input);
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'ORG_ADMIN; deletes the webhook and its deliveries' })
  deleteWebhook(@Ctx() ctx: Context, @Arg('webhook', () => UUIDScalar) id: string): Promise<boolean> {
    return this.service.delete(ctx, id);
  }

  @Authorized()
  @Mutation(() => WebhookDelivery, { description: 'ORG_ADMIN; sends the delivery’s event again now (same webhook-id)' })
  redeliverWebhookDelivery(
    @Ctx() ctx: Context,
    @Arg('webhook', () => UUIDScalar) id: string,
    @Arg('delivery', () => UUIDScalar) deliveryId: string,
  ): Promise<WebhookDelivery> {
    return this.service.redeliver(ctx, id, deliveryId);
  }

  @Authorized()
  @Mutation(() => WebhookDelivery, { description: 'ORG_ADMIN; sends a webhook.test event to this webhook' })
  testWebhook(@Ctx() ctx: Context, @Arg('webhook', () => UUIDScalar) id: string): Promise<WebhookDelivery> {
    return this.service.test(ctx, id);
  }
}

@Resolver(() => WebhookDelivery)
export class WebhookDeliveryResolver {
  constructor(private readonly service: WebhookService) {}

  @FieldResolver(() => String, { description: 'The event type, e.g. idp.patch or webhook.test' })
  eventType(@Ctx() ctx: Context, @Root() delivery: WebhookDelivery): Promise<string> {
    return this.service.eventType(ctx, delivery);
  }

  @FieldResolver(() => [WebhookAttempt], { description: 'Every attempt, oldest first' })
  @PartList()
  attempts(@Ctx() ctx: Context, @Root() delivery: WebhookDelivery, @Args() parts: PartArgs): Promise<WebhookAttempt[]> {
    return this.service.attempts(ctx, delivery).then((all) => firstParts(all, parts));
  }
}
