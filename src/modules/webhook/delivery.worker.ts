import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { SecretBox } from '../../common/secret-box';
import type { Config } from '../../config';
import { scopeToTenant, TENANT_FILTER } from '../../db/tenant-filter';
import type { ChangeEvent } from '../../events/change-event.entity';
import { matchesEventType, passesIfUpdates } from '../../events/event-type';
import { transactionDb } from '../../jobs/boss';
import { deliveryBody } from './delivery-body';
import { DELIVERY_STATES, WebhookAttempt, WebhookDelivery } from './webhook-delivery.entity';
import { Webhook } from './webhook.entity';
import { WebhookKey } from './webhook-key.entity';
import type { Attempt, WebhookSender } from './webhook-sender';

export const DELIVERY_QUEUE = 'webhook-delivery';

/** A job is one attempt of one delivery; `attempt` is the delivery's attempt count it was queued at. */
interface DeliveryJob {
  delivery: string;
  attempt: number;
}

const NO_TENANT = { filters: { [TENANT_FILTER]: false } };
/** Attempts fetched and sent at once by each instance. */
const BATCH = 10;

/**
 * Delivers events to webhooks through pg-boss: each attempt is a job, taken by exactly one
 * instance (pg-boss fetches with SKIP LOCKED). A failed attempt queues the next one, after the
 * configured delay with jitter, in the transaction that records the attempt. A job that dies with
 * its process is expired and run again by pg-boss, so a crash costs at most a duplicate send.
 */
export class DeliveryWorker {
  private workerId?: string;

  constructor(
    private readonly orm: MikroORM,
    private readonly boss: PgBoss,
    private readonly sender: WebhookSender,
    private readonly secrets: SecretBox,
    private readonly settings: Config['webhooks'],
    private readonly pollSeconds: number,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    await this.boss.createQueue(DELIVERY_QUEUE, { name: DELIVERY_QUEUE });
    this.workerId = await this.boss.work<DeliveryJob>(DELIVERY_QUEUE, { pollingIntervalSeconds: this.pollSeconds, batchSize: BATCH }, async (jobs) => {
      const results = await Promise.allSettled(jobs.map((job) => this.attempt(job.data)));
      // pg-boss waits a polling interval after every batch; a full batch means more are waiting.
      if (jobs.length === BATCH) this.wake();
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed) throw failed.reason;
    });
  }

  /** Creates the deliveries the events owe to the active webhooks of their organizations, in the caller's transaction. */
  async dispatch(tx: EntityManager, events: ChangeEvent[]): Promise<void> {
    const orgIds = [...new Set(events.map((e) => e.organization).filter((id): id is string => !!id))];
    if (!orgIds.length) return;
    const hooks = await tx.find(Webhook, { organization: { $in: orgIds }, active: true }, NO_TENANT);
    const deliveries: WebhookDelivery[] = [];
    for (const event of events) {
      for (const hook of hooks) {
        if (hook.organization.id !== event.organization || !matchesEventType(hook.eventType, event.type) || !passesIfUpdates(hook.ifUpdates, event)) continue;
        deliveries.push(tx.create(WebhookDelivery, { organization: hook.organization, webhook: hook, event, nextAttemptAt: new Date() }));
      }
    }
    await tx.flush();
    await this.enqueue(tx, deliveries);
  }

  /** Queues the next attempt of each delivery in the caller's transaction (after `delayMs`). */
  async enqueue(tx: EntityManager, deliveries: WebhookDelivery[], delayMs = 0): Promise<void> {
    if (!deliveries.length) return;
    const startAfter = delayMs ? new Date(Date.now() + delayMs) : undefined;
    // A job outlives its process only until it expires; then pg-boss runs it again.
    const expireInSeconds = Math.ceil(this.settings.timeoutMs / 1000) + 30;
    const jobs = deliveries.map((d) => ({ name: DELIVERY_QUEUE, data: { delivery: d.id, attempt: d.attemptCount }, startAfter, retryLimit: 5, retryDelay: 1, expireInSeconds }));
    await this.boss.insert(jobs, { db: transactionDb(tx) });
  }

  /** Asks the local worker to fetch now rather than at its next poll. */
  wake(): void {
    if (this.workerId) this.boss.notifyWorker(this.workerId);
  }

  private async attempt({ delivery: id, attempt }: DeliveryJob): Promise<void> {
    const em = this.orm.em.fork();
    const delivery = await em.findOne(WebhookDelivery, id, { ...NO_TENANT, populate: ['event', 'webhook'] });
    // Done already, or a newer job (a redelivery) owns the next attempt.
    if (!delivery || delivery.state !== DELIVERY_STATES.PENDING || delivery.attemptCount !== attempt) return;
    scopeToTenant(em, delivery.organization.id);
    const webhook = delivery.webhook.getEntity();
    if (!webhook.active) {
      delivery.state = DELIVERY_STATES.CANCELLED;
      delivery.nextAttemptAt = null;
      await em.flush();
      return;
    }
    const result = await this.sender.send(webhook.url, delivery.event.id, await this.signingSecrets(em, webhook), deliveryBody(delivery.event.getEntity()));
    await em.transactional((tx) => this.record(tx, delivery, webhook, result));
    if (!result.ok) this.logger.info({ webhook: webhook.id, delivery: delivery.id, attempt: delivery.attemptCount, error: result.error }, 'webhook delivery attempt failed');
  }

  private async record(tx: EntityManager, delivery: WebhookDelivery, webhook: Webhook, result: Attempt): Promise<void> {
    const failingSince = result.ok ? null : await this.failingSince(tx, webhook);
    tx.create(WebhookAttempt, {
      delivery,
      webhook,
      ok: result.ok,
      statusCode: result.statusCode,
      durationMs: result.durationMs,
      error: result.error,
      responseExcerpt: result.responseExcerpt,
    });
    delivery.attemptCount += 1;
    delivery.nextAttemptAt = null;
    const schedule = this.settings.retryScheduleMs;
    if (result.ok) {
      delivery.state = DELIVERY_STATES.SUCCEEDED;
    } else if (result.statusCode === 410) {
      // 410 Gone: the receiver asks to stop.
      delivery.state = DELIVERY_STATES.FAILED;
      webhook.active = false;
    } else if (delivery.attemptCount <= schedule.length) {
      const delay = Math.max(jitter(schedule[delivery.attemptCount - 1]), result.retryAfterMs ?? 0);
      delivery.nextAttemptAt = new Date(Date.now() + delay);
      await tx.flush();
      await this.enqueue(tx, [delivery], delay);
    } else {
      delivery.state = DELIVERY_STATES.FAILED;
    }
    if (failingSince && webhook.active && Date.now() - failingSince.getTime() >= this.settings.deactivateAfterMs) webhook.active = false;
    await tx.flush();
  }

  /** When the webhook's current run of failed attempts began (now, when this is its first). */
  private async failingSince(tx: EntityManager, webhook: Webhook): Promise<Date> {
    const [row] = await tx.execute<{ since: Date | null }[]>(
      `select min(at) as since from webhook_attempt
        where webhook_id = ? and not ok
          and at > coalesce((select max(at) from webhook_attempt where webhook_id = ? and ok), '-infinity')`,
      [webhook.id, webhook.id],
    );
    return row?.since ? new Date(row.since) : new Date();
  }

  /** The secret of the webhook's key, and of the key it replaced while the rotation window lasts. */
  private async signingSecrets(em: EntityManager, webhook: Webhook): Promise<Buffer[]> {
    const ids = [webhook.signingKey.id];
    const previous = webhook.previousSigningKey;
    if (previous && webhook.previousKeyUntil && webhook.previousKeyUntil > new Date()) ids.push(previous.id);
    const keys = await em.find(WebhookKey, { id: { $in: ids } }, { populate: ['secretEncrypted'] });
    return ids.flatMap((keyId) => keys.filter((k) => k.id === keyId)).map((k) => this.secrets.decrypt(k.secretEncrypted));
  }

  /** Redelivery: the delivery is pending again and its next attempt is queued now. */
  async redeliver(tx: EntityManager, delivery: WebhookDelivery): Promise<void> {
    delivery.state = DELIVERY_STATES.PENDING;
    delivery.nextAttemptAt = new Date();
    await tx.flush();
    await this.enqueue(tx, [delivery]);
  }
}

/** ±20 % around the scheduled delay, so receivers that failed together are not retried together. */
function jitter(ms: number): number {
  return Math.round(ms * (0.8 + Math.random() * 0.4));
}
