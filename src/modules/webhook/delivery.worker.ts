import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { SecretBox } from '../../common/secret-box';
import type { Config } from '../../config';
import { TENANT_FILTER } from '../../db/tenant-filter';
import type { ChangeEvent } from '../../events/change-event.entity';
import { matchesEventType, passesIfUpdates } from '../../events/event-type';
import { type JobQueue, transactionDb } from '../../jobs/job-queue';
import { type DeliveredEvent, deliveryBody } from './delivery-body';
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
interface EventRow {
  id: string;
  type: string;
  object: string;
  operation: string;
  object_id: string;
  organization: string | null;
  changed_fields: DeliveredEvent['changedFields'];
  current: DeliveredEvent['current'];
  previous: DeliveredEvent['previous'];
  created_at: Date | string;
}

/** Attempts fetched and sent at once by each instance. */
const BATCH = 50;

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
    private readonly queue: JobQueue,
    private readonly sender: WebhookSender,
    private readonly secrets: SecretBox,
    private readonly settings: Config['webhooks'],
    private readonly pollSeconds: number,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    await this.queue.createQueue(DELIVERY_QUEUE);
    this.workerId = await this.queue.work<DeliveryJob>(DELIVERY_QUEUE, { pollingIntervalSeconds: this.pollSeconds, batchSize: BATCH }, async (jobs) => {
      await this.attempt(jobs.map((job) => job.data));
      // pg-boss waits a polling interval after every batch; a full batch means more are waiting.
      if (jobs.length === BATCH) this.wake();
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
    await this.queue.insert(jobs, transactionDb(tx));
  }

  /** Asks the local worker to fetch now rather than at its next poll. */
  wake(): void {
    if (this.workerId) this.queue.notifyWorker(this.workerId);
  }

  /**
   * One batch of attempts: the deliveries, their events, webhooks and signing keys read together,
   * sent in parallel, and recorded in one transaction. Reading and recording each attempt on its
   * own made the fan-out 167 deliveries/s (bench/RESULTS.md). A batch may span organizations, so
   * reads name their rows by id with the tenant filter off.
   */
  private async attempt(jobs: DeliveryJob[]): Promise<void> {
    const em = this.orm.em.fork();
    const due = new Map(jobs.map((job) => [job.delivery, job.attempt]));
    const found = await em.find(WebhookDelivery, { id: { $in: [...due.keys()] } }, { ...NO_TENANT, populate: ['webhook'] });
    // Done already, or a newer job (a redelivery) owns the next attempt.
    const deliveries = found.filter((d) => d.state === DELIVERY_STATES.PENDING && d.attemptCount === due.get(d.id));
    if (!deliveries.length) return;
    const secrets = await this.signingSecrets(em, deliveries.map((d) => d.webhook.getEntity()).filter((w) => w.active));
    const events = await this.events(em, deliveries.map((d) => d.event.id));
    const results = await Promise.all(
      deliveries.map((d) => {
        const webhook = d.webhook.getEntity();
        return webhook.active ? this.sender.send(webhook.url, d.event.id, secrets.get(webhook.id) ?? [], deliveryBody(events.get(d.event.id)!)) : null;
      }),
    );
    const succeeded = new Set(deliveries.filter((_, i) => results[i]?.ok).map((d) => d.webhook.id));
    await em.transactional(async (tx) => {
      for (const [index, delivery] of deliveries.entries()) {
        const result = results[index];
        if (result) await this.record(tx, delivery, delivery.webhook.getEntity(), result, succeeded);
        else {
          delivery.state = DELIVERY_STATES.CANCELLED;
          delivery.nextAttemptAt = null;
        }
      }
      await tx.flush();
    });
    for (const [index, delivery] of deliveries.entries()) {
      const result = results[index];
      if (result && !result.ok) this.logger.info({ webhook: delivery.webhook.id, delivery: delivery.id, attempt: delivery.attemptCount, error: result.error }, 'webhook delivery attempt failed');
    }
  }

  /** Records one attempt in the batch's transaction (flushed by the caller); `succeeded`: webhooks with a success in this batch. */
  private async record(tx: EntityManager, delivery: WebhookDelivery, webhook: Webhook, result: Attempt, succeeded: Set<string>): Promise<void> {
    const failingSince = result.ok ? null : succeeded.has(webhook.id) ? new Date() : await this.failingSince(tx, webhook);
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

  /**
   * The events of a batch as plain rows: they are only read, and hydrating them as entities
   * copied each one's snapshots for change tracking, the largest cost of a delivery.
   */
  private async events(em: EntityManager, ids: string[]): Promise<Map<string, DeliveredEvent>> {
    const rows: EventRow[] = await em
      .getConnection()
      .execute('select id, type, object, operation, object_id, organization, changed_fields, current, previous, created_at from change_event where id in (?)', [[...new Set(ids)]]);
    return new Map(
      rows.map((r) => [
        r.id,
        { type: r.type, object: r.object, operation: r.operation, objectId: r.object_id, organization: r.organization, changedFields: r.changed_fields, current: r.current, previous: r.previous, createdAt: new Date(r.created_at) },
      ]),
    );
  }

  /** Per webhook: the secret of its key, and of the key it replaced while the rotation window lasts. */
  private async signingSecrets(em: EntityManager, webhooks: Webhook[]): Promise<Map<string, Buffer[]>> {
    const now = new Date();
    const idsOf = (w: Webhook) => [w.signingKey.id, ...(w.previousSigningKey && w.previousKeyUntil && w.previousKeyUntil > now ? [w.previousSigningKey.id] : [])];
    const keyIds = [...new Set(webhooks.flatMap(idsOf))];
    const keys = keyIds.length ? await em.find(WebhookKey, { id: { $in: keyIds } }, { ...NO_TENANT, populate: ['secretEncrypted'] }) : [];
    const secret = new Map(keys.map((k) => [k.id, this.secrets.decrypt(k.secretEncrypted)]));
    return new Map(webhooks.map((w) => [w.id, idsOf(w).flatMap((id) => secret.get(id) ?? [])]));
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
