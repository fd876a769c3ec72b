import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../auth/context';
import { type Connection, ConnectionType, WholeSyncPageArgs } from '../../common/connection';
import { UUIDScalar } from '../../graphql/scalars';
import { WebhookKeyInput } from './webhook.inputs';
import { WebhookKey } from './webhook-key.entity';
import type { WebhookKeyService } from './webhook-key.service';

export const WebhookKeyConnection = ConnectionType(WebhookKey);

@Resolver(() => WebhookKey)
export class WebhookKeyResolver {
  constructor(private readonly service: WebhookKeyService) {}

  @Authorized()
  @Query(() => WebhookKeyConnection, {
    description: 'Webhook keys of the current organization, oldest first, without secrets (ORG_ADMIN)',
  })
  webhookKeys(
    @Ctx() ctx: Context,
    @Args(() => WholeSyncPageArgs) page: WholeSyncPageArgs,
  ): Promise<Connection<WebhookKey>> {
    return this.service.list(ctx, page);
  }

  @Authorized()
  @Mutation(() => WebhookKey, {
    description:
      'ORG_ADMIN or organization token; secretBase64 is shown in this response only; the first key is the default',
  })
  createWebhookKey(
    @Ctx() ctx: Context,
    @Arg('input', () => WebhookKeyInput) input: WebhookKeyInput,
  ): Promise<WebhookKey> {
    return this.service.create(ctx, input);
  }

  @Authorized()
  @Mutation(() => WebhookKey, {
    description: 'ORG_ADMIN; webhooks created without signingKey use this key from now on',
  })
  makeDefaultWebhookKey(@Ctx() ctx: Context, @Arg('key', () => UUIDScalar) id: string): Promise<WebhookKey> {
    return this.service.makeDefault(ctx, id);
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'ORG_ADMIN; refused (409) while webhooks are signed with the key' })
  deleteWebhookKey(@Ctx() ctx: Context, @Arg('key', () => UUIDScalar) id: string): Promise<boolean> {
    return this.service.delete(ctx, id);
  }
}
