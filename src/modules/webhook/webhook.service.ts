import type { EntityManager } from '@mikro-orm/postgresql';
import { administeredOrganization } from '../../auth/access';
import type { Context } from '../../auth/context';
import { groupBy } from '../../common/loaders';
import { type OutboundGuard, RefusedAddressError } from '../../common/outbound-guard';
import { ChangeEvent } from '../../events/change-event.entity';
import { validateEventType } from '../../events/event-type';
import { valuesOf } from '../../events/snapshot';
import { badInput, conflict, notFound } from '../../graphql/errors';
import { type Connection, findPage, LONG_PAGE, type LongSyncPageArgs } from '../../common/connection';
import type { DeliveryWorker } from './delivery.worker';
import { WebhookAttempt, WebhookDelivery } from './webhook-delivery.entity';
import { Webhook } from './webhook.entity';
import { type WebhookInput, WebhookUpdateInput } from './webhook.inputs';
import { WebhookKey } from './webhook-key.entity';
import { copyDeclaredFields } from '../../common/input-fields';

/** How long deliveries keep carrying the old key's signature after a webhook's signingKey changes. */
const KEY_ROTATION_MS = 24 * 3600 * 1000;

/** Webhooks of the current organization and their deliveries; all of it is for administrators. */
/** Fields update() checks or transforms itself; the input's other fields are copied as given. */
const WEBHOOK_HANDLED = ['eventType', 'url', 'signingKey'];

export class WebhookService {
  constructor(
    private readonly guard: OutboundGuard,
    private readonly worker: DeliveryWorker,
  ) {}

  list(ctx: Context, page: LongSyncPageArgs): Promise<Connection<Webhook>> {
    administeredOrganization(ctx);
    return findPage(ctx.em, Webhook, {}, page, { keys: ['createdAt', 'id'] }, LONG_PAGE);
  }

  async get(ctx: Context, id: string): Promise<Webhook> {
    administeredOrganization(ctx);
    const webhook = await ctx.em.findOne(Webhook, id);
    if (!webhook) throw notFound('webhook');
    return webhook;
  }

  async create(ctx: Context, input: WebhookInput): Promise<Webhook> {
    const orgId = administeredOrganization(ctx);
    const eventType = validateEventType('eventType', input.eventType);
    const url = await this.checkUrl(input.url);
    const key = await signingKey(ctx.em, input.signingKey);
    const webhook = ctx.em.create(Webhook, {
      organization: orgId,
      name: input.name,
      url,
      eventType,
      ifUpdates: input.ifUpdates ?? [],
      signingKey: key,
    });
    await ctx.em.flush();
    return webhook;
  }

  async update(ctx: Context, id: string, input: WebhookUpdateInput): Promise<Webhook> {
    const webhook = await this.get(ctx, id);
    if (input.eventType !== undefined && input.eventType !== null)
      webhook.eventType = validateEventType('eventType', input.eventType);
    if (input.url !== undefined && input.url !== null) webhook.url = await this.checkUrl(input.url);
    copyDeclaredFields(webhook, input, WebhookUpdateInput, ctx.em.getMetadata().get(Webhook), WEBHOOK_HANDLED);
    if (input.signingKey && input.signingKey !== webhook.signingKey.id) {
      const key = await signingKey(ctx.em, input.signingKey);
      webhook.previousSigningKey = webhook.signingKey;
      webhook.previousKeyUntil = new Date(Date.now() + KEY_ROTATION_MS);
      webhook.signingKey = ctx.em.getReference(WebhookKey, key.id, { wrapped: true });
    }
    await ctx.em.flush();
    return webhook;
  }

  /** Deletes the webhook; its deliveries and their attempts go with it. */
  async delete(ctx: Context, id: string): Promise<boolean> {
    const webhook = await this.get(ctx, id);
    await ctx.em.remove(webhook).flush();
    return true;
  }

  async deliveries(ctx: Context, id: string, page: LongSyncPageArgs): Promise<Connection<WebhookDelivery>> {
    const webhook = await this.get(ctx, id);
    const newestFirst = { keys: ['createdAt', 'id'], descending: true } as const;
    return findPage(ctx.em, WebhookDelivery, { webhook: webhook.id }, page, newestFirst, LONG_PAGE);
  }

  /** Sends the delivery's event again now, whatever became of it before. */
  async redeliver(ctx: Context, id: string, deliveryId: string): Promise<WebhookDelivery> {
    const webhook = await this.get(ctx, id);
    if (!webhook.active) throw conflict('the webhook is inactive; activate it before redelivering');
    const delivery = await ctx.em.findOne(WebhookDelivery, { id: deliveryId, webhook: webhook.id });
    if (!delivery) throw notFound('delivery');
    await ctx.em.transactional((tx) => this.worker.redeliver(tx, delivery));
    this.worker.wake();
    return delivery;
  }

  /**
   * Sends a `webhook.test` event to this webhook alone. It is made here rather than by change
   * capture because nothing changed: no other webhook and no subscriber receives it.
   */
  async test(ctx: Context, id: string): Promise<WebhookDelivery> {
    const webhook = await this.get(ctx, id);
    if (!webhook.active) throw conflict('the webhook is inactive; activate it before testing it');
    const delivery = await ctx.em.transactional(async (tx) => {
      const event = tx.create(ChangeEvent, {
        type: 'webhook.test',
        object: 'webhook',
        operation: 'test',
        objectId: webhook.id,
        organization: webhook.organization.id,
        current: valuesOf(tx, webhook),
        dispatchedAt: new Date(),
      });
      const created = tx.create(WebhookDelivery, {
        organization: webhook.organization,
        webhook,
        event,
        nextAttemptAt: new Date(),
      });
      await tx.flush();
      await this.worker.enqueue(tx, [created]);
      return created;
    });
    this.worker.wake();
    return delivery;
  }

  attempts(ctx: Context, delivery: WebhookDelivery): Promise<WebhookAttempt[]> {
    return ctx.loaders.get(attemptsByDelivery).load(delivery.id);
  }

  eventType(ctx: Context, delivery: WebhookDelivery): Promise<string> {
    return ctx.loaders.get(eventTypes).load(delivery.event.id);
  }

  private async checkUrl(raw: string): Promise<string> {
    try {
      return (await this.guard.check('url', raw)).toString();
    } catch (error) {
      if (error instanceof RefusedAddressError) throw badInput(error.message);
      throw error;
    }
  }
}

async function signingKey(em: EntityManager, id: string | null | undefined): Promise<WebhookKey> {
  const key = id ? await em.findOne(WebhookKey, id) : await em.findOne(WebhookKey, { isDefault: true });
  if (key) return key;
  throw badInput(
    id
      ? 'signingKey must be a webhook key of the organization'
      : 'signingKey: the organization has no webhook key yet; create one with POST /webhook-key',
  );
}

async function attemptsByDelivery(em: EntityManager, ids: readonly string[]): Promise<WebhookAttempt[][]> {
  const attempts = await em.find(
    WebhookAttempt,
    { delivery: { $in: [...ids] } },
    { orderBy: { at: 'asc', id: 'asc' } },
  );
  return groupBy(ids, attempts, (a) => a.delivery.id);
}

async function eventTypes(em: EntityManager, ids: readonly string[]): Promise<string[]> {
  const events = await em.find(ChangeEvent, { id: { $in: [...ids] } }, { fields: ['type'] });
  const types = new Map(events.map((e) => [e.id, e.type]));
  return ids.map((id) => types.get(id) ?? '');
}
