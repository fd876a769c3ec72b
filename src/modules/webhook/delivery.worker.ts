import { randomUUID } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { SecretBox } from '../../common/secret-box';
import type { Config } from '../../config';
import { TENANT_FILTER } from '../../db/tenant-filter';
import type { ChangeEvent } from '../../events/change-event.entity';
import { matchesEventType, passesIfUpdates } from '../../events/event-type';
import { EVENT_COLUMNS, eventOf } from '../../events/outbox-relay';
import { type JobQueue, transactionDb } from '../../jobs/job-queue';
import { deliveryBody } from './delivery-body';
import { DELIVERY_STATES, type DeliveryState } from './webhook-delivery.entity';
import { Webhook } from './webhook.entity';
import type { Attempt, WebhookSender } from './webhook-sender';

export const DELIVERY_QUEUE = 'webhook-delivery';

/**
 * A job sends one attempt of each of its deliveries: the deliveries of one batch of relayed
 * events, or the retries of one webhook that failed together. `attempt` is the deliveries'
 * attempt count when it was queued: a delivery that has moved on since (its attempt recorded by
 * another run of the job, or a redelivery queued) is skipped.
 */
interface DeliveryJob {
  deliveries: string[];
  attempt: number;
}
/** The job of one delivery, as queued before jobs carried several (still in queues at upgrade). */
interface SingleDeliveryJob {
  delivery: string;
  attempt: number;
}

/** Deliveries one job carries; a relayed batch of events with more is split. */
const JOB_DELIVERIES = 50;
/** Jobs each worker loop fetches at once, and the loops: at most LOOPS x FETCH x JOB_DELIVERIES sends in flight. */
const FETCH = 10;
const LOOPS = 2;
/**
 * A job's sends run at once, each cut at the timeout; what it adds is a few statements. A handler
 * still running past the timeout plus this hangs: its jobs are failed, to be run again. (A job whose
 * process died runs again once its heartbeat stops: src/jobs/job-queue.ts.)
 */
const HANDLER_MARGIN_SECONDS = 10;
const NO_TENANT = { filters: { [TENANT_FILTER]: false } };

/** A due delivery with its webhook and the encrypted secrets that sign it. */
interface DueRow {
  id: string;
  event_id: string;
  webhook_id: string;
  attempt_count: number;
  url: string;
  active: boolean;
  secret: string;
  previous_secret: string | null;
}

/** What one attempt did to its delivery: the row the batch's single statement writes. */
interface Outcome {
  id: string;
  attempt: number;
  state: DeliveryState;
  next_attempt_at: Date | null;
  attempt_id: string;
  webhook_id: string;
  at: Date;
  ok: boolean;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  response_excerpt: string | null;
}

/**
 * Delivers events to webhooks through pg-boss jobs, taken by exactly one instance (pg-boss fetches
 * with SKIP LOCKED). The relay queues one job per batch of relayed events (up to JOB_DELIVERIES
 * deliveries), in the transaction that writes the deliveries; a worker reads a fetch's deliveries,
 * webhooks, keys and events in two statements, sends them in parallel and records every attempt
 * in one statement, with plain SQL: hydrating and flushing entities was most of a delivery's cost
 * (bench/RESULTS.md). A failed attempt queues the retries, after the configured delay with jitter,
 * in that same transaction. A job that dies with its process is expired and run again by pg-boss,
 * so a crash costs at most a duplicate send; the outbox and the jobs stay the source of truth.
 */
export class DeliveryWorker {
  constructor(
    private readonly orm: MikroORM,
    private readonly queue: JobQueue,
    private readonly sender: WebhookSender,
    private readonly secrets: SecretBox,
    private readonly settings: Config['webhooks'],
    private readonly pollSeconds: number,
    private readonly logger: Logger,
  ) {}

  /** Creates the queue, and in a process that runs handlers, the worker loops. */
  async start(): Promise<void> {
    await this.queue.createQueue(DELIVERY_QUEUE);
    // Two loops: one sends while the other reads or records.
    for (let loop = 0; loop < LOOPS; loop++) {
      this.queue.work<DeliveryJob | SingleDeliveryJob>(
        DELIVERY_QUEUE,
        {
          pollingIntervalSeconds: this.pollSeconds,
          batchSize: FETCH,
          timeoutSeconds: Math.ceil(this.settings.timeoutMs / 1000) + HANDLER_MARGIN_SECONDS,
        },
        async (jobs) => {
          await this.attempt(
            jobs.map((job) =>
              'delivery' in job.data ? { deliveries: [job.data.delivery], attempt: job.data.attempt } : job.data,
            ),
          );
          // pg-boss waits a polling interval after every batch; a full batch means more are waiting.
          if (jobs.length === FETCH) this.wake();
        },
      );
    }
  }

  /**
   * Creates the deliveries the events owe to the active webhooks of their organizations, and their
   * jobs, in the relay's transaction. The relay reads across organizations: rows are named by id.
   * Deliveries and attempts are written in SQL, past change capture: they record how events were
   * sent and are no change events themselves (an event of a delivery would be delivered in turn).
   */
  async dispatch(tx: EntityManager, events: ChangeEvent[]): Promise<void> {
    const orgIds = [...new Set(events.map((e) => e.organization).filter((id): id is string => !!id))];
    if (!orgIds.length) return;
    const hooks = await tx.execute<{ id: string; organization_id: string; event_type: string; if_updates: string[] }[]>(
      'select id, organization_id, event_type, if_updates from webhook where organization_id in (?) and active',
      [orgIds],
    );
    const rows: { id: string; organization_id: string; webhook_id: string; event_id: string }[] = [];
    for (const event of events) {
      for (const hook of hooks) {
        if (
          hook.organization_id !== event.organization ||
          !matchesEventType(hook.event_type, event.type) ||
          !passesIfUpdates(hook.if_updates, event)
        )
          continue;
        rows.push({ id: randomUUID(), organization_id: hook.organization_id, webhook_id: hook.id, event_id: event.id });
      }
    }
    if (!rows.length) return;
    await tx.execute(
      `insert into webhook_delivery (id, organization_id, webhook_id, event_id, state, attempt_count, next_attempt_at, created_at)
       select r.id, r.organization_id, r.webhook_id, r.event_id, 'PENDING', 0, now.at, now.at
         from json_to_recordset(?::json) as r(id uuid, organization_id uuid, webhook_id uuid, event_id uuid), (select ?::timestamptz as at) now`,
      [JSON.stringify(rows), new Date()],
    );
    await this.enqueue(
      tx,
      rows.map((r) => ({ id: r.id, attemptCount: 0 })),
    );
  }

  /** Queues the next attempt of each delivery in the caller's transaction (after `delayMs`), in jobs by attempt count. */
  async enqueue(tx: EntityManager, deliveries: { id: string; attemptCount: number }[], delayMs = 0): Promise<void> {
    const startAfter = delayMs ? new Date(Date.now() + delayMs) : undefined;
    // A job outlives its process by its heartbeat's expiry (src/jobs/job-queue.ts); then pg-boss
    // runs it again after the first retry delay, 2 to 4 s, which keeps a crash's cost under 30 s.
    // A run that fails (the database unreachable while recording) is retried with backoff, ten
    // times over more than half an hour, before pg-boss gives the job up.
    const byAttempt = new Map<number, string[]>();
    for (const d of deliveries) byAttempt.set(d.attemptCount, [...(byAttempt.get(d.attemptCount) ?? []), d.id]);
    const jobs = [...byAttempt].flatMap(([attempt, ids]) =>
      chunks(ids, JOB_DELIVERIES).map((part) => ({
        name: DELIVERY_QUEUE,
        data: { deliveries: part, attempt } satisfies DeliveryJob,
        startAfter,
        retryLimit: 10,
        retryDelay: 2,
        retryBackoff: true,
      })),
    );
    await this.queue.insert(jobs, transactionDb(tx));
  }

  /** Asks this process's worker loops to fetch now rather than at their next poll. */
  wake(): void {
    this.queue.wake(DELIVERY_QUEUE);
  }

  /** Redelivery: the delivery is pending again and its next attempt is queued now. */
  async redeliver(
    tx: EntityManager,
    delivery: { id: string; attemptCount: number; state: DeliveryState; nextAttemptAt?: Date | null },
  ): Promise<void> {
    delivery.state = DELIVERY_STATES.PENDING;
    delivery.nextAttemptAt = new Date();
    await tx.flush();
    await this.enqueue(tx, [delivery]);
  }

  /**
   * One fetch of jobs: the due deliveries with their webhooks and secrets in one statement, their
   * events in another, every send in parallel, and the attempts recorded in one transaction.
   */
  private async attempt(jobs: DeliveryJob[]): Promise<void> {
    // By delivery, the attempt counts its jobs were queued at (a fetch may hold two jobs of one delivery).
    const due = new Map<string, Set<number>>();
    for (const job of jobs) for (const id of job.deliveries) due.set(id, (due.get(id) ?? new Set()).add(job.attempt));
    const connection = this.orm.em.getConnection();
    const rows = await connection.execute<DueRow[]>(
      `select d.id, d.event_id, d.webhook_id, d.attempt_count, w.url, w.active, k.secret_encrypted as secret,
              case when w.previous_key_until > now() then p.secret_encrypted end as previous_secret
         from webhook_delivery d
         join webhook w on w.id = d.webhook_id
         join webhook_key k on k.id = w.signing_key_id
         left join webhook_key p on p.id = w.previous_signing_key_id
        where d.id in (?) and d.state = 'PENDING'`,
      [[...due.keys()]],
    );
    // Done already, or a newer job (a redelivery, a retry) owns the next attempt.
    const deliveries = rows.filter((d) => due.get(d.id)?.has(d.attempt_count));
    if (!deliveries.length) return;
    const sending = deliveries.filter((d) => d.active);
    const bodies = await this.bodies(sending.map((d) => d.event_id));
    const decrypted = new Map<string, Buffer>();
    const secret = (encrypted: string) =>
      decrypted.get(encrypted) ?? decrypted.set(encrypted, this.secrets.decrypt(encrypted)).get(encrypted)!;
    const results = await Promise.all(
      sending.map((d) =>
        this.sender.send(
          d.url,
          d.event_id,
          [secret(d.secret), ...(d.previous_secret ? [secret(d.previous_secret)] : [])],
          bodies.get(d.event_id)!,
        ),
      ),
    );
    await this.record(
      sending.map((delivery, index) => ({ delivery, result: results[index] })),
      deliveries.filter((d) => !d.active),
    );
    for (const [index, delivery] of sending.entries()) {
      const result = results[index];
      if (!result.ok)
        this.logger.info(
          {
            webhook: delivery.webhook_id,
            delivery: delivery.id,
            attempt: delivery.attempt_count + 1,
            error: result.error,
          },
          'webhook delivery attempt failed',
        );
    }
  }

  /**
   * Records the attempts and what follows from them in one transaction: one statement updates the
   * deliveries and inserts the attempts; retries are queued per webhook and attempt, with one
   * jittered delay; deliveries of webhooks that became inactive are cancelled. A delivery whose
   * attempt another run of its job recorded first is left alone (the update names the attempt
   * count it read), so a duplicate run never queues a second retry.
   */
  private async record(sent: { delivery: DueRow; result: Attempt }[], inactive: DueRow[]): Promise<void> {
    const schedule = this.settings.retryScheduleMs;
    const now = Date.now();
    const succeeded = new Set(sent.filter((s) => s.result.ok).map((s) => s.delivery.webhook_id));
    const gone = new Set<string>();
    // One delay per webhook and attempt number: deliveries that failed together retry together.
    const delays = new Map<string, number>();
    const outcomes: Outcome[] = sent.map(({ delivery, result }) => {
      const attempt = delivery.attempt_count + 1;
      let state: DeliveryState = DELIVERY_STATES.FAILED;
      if (result.ok) state = DELIVERY_STATES.SUCCEEDED;
      // 410 Gone: the receiver asks to stop.
      else if (result.statusCode === 410) gone.add(delivery.webhook_id);
      else if (attempt <= schedule.length) {
        const key = `${delivery.webhook_id}:${attempt}`;
        // The longest any of the group asks for (Retry-After), or the schedule's delay with jitter.
        delays.set(key, Math.max(delays.get(key) ?? jitter(schedule[attempt - 1]), result.retryAfterMs ?? 0));
        state = DELIVERY_STATES.PENDING;
      }
      return {
        id: delivery.id,
        attempt: delivery.attempt_count,
        state,
        next_attempt_at: null,
        attempt_id: randomUUID(),
        webhook_id: delivery.webhook_id,
        at: new Date(now),
        ok: result.ok,
        status_code: result.statusCode,
        duration_ms: result.durationMs,
        error: result.error,
        response_excerpt: result.responseExcerpt,
      };
    });
    for (const o of outcomes)
      if (o.state === DELIVERY_STATES.PENDING)
        o.next_attempt_at = new Date(now + delays.get(`${o.webhook_id}:${o.attempt + 1}`)!);
    const failing = [
      ...new Set(
        sent.filter((s) => !s.result.ok && !succeeded.has(s.delivery.webhook_id)).map((s) => s.delivery.webhook_id),
      ),
    ];

    await this.orm.em.fork().transactional(async (tx) => {
      const recorded = new Set<string>();
      if (outcomes.length) {
        // Failing since before these attempts are recorded (now, when this is their first failure).
        const since = failing.length ? await failingSince(tx, failing) : new Map<string, Date>();
        const rows = await tx.execute<{ delivery_id: string }[]>(
          `with r as (
             select * from json_to_recordset(?::json) as r(id uuid, attempt int, state text, next_attempt_at timestamptz, attempt_id uuid, webhook_id uuid,
                                                            at timestamptz, ok boolean, status_code int, duration_ms int, error text, response_excerpt text)
           ), updated as (
             update webhook_delivery d set state = r.state, attempt_count = r.attempt + 1, next_attempt_at = r.next_attempt_at
               from r where d.id = r.id and d.attempt_count = r.attempt and d.state = 'PENDING'
             returning d.id
           )
           insert into webhook_attempt (id, delivery_id, webhook_id, at, ok, status_code, duration_ms, error, response_excerpt)
           select r.attempt_id, r.id, r.webhook_id, r.at, r.ok, r.status_code, r.duration_ms, r.error, r.response_excerpt from r join updated u on u.id = r.id
           returning delivery_id`,
          [JSON.stringify(outcomes)],
        );
        for (const row of rows) recorded.add(row.delivery_id);
        for (const [webhook, from] of since)
          if (now - from.getTime() >= this.settings.deactivateAfterMs) gone.add(webhook);
      }
      if (inactive.length) {
        await tx.execute(
          `update webhook_delivery set state = ?, next_attempt_at = null where id in (?) and state = 'PENDING'`,
          [DELIVERY_STATES.CANCELLED, inactive.map((d) => d.id)],
        );
      }
      const retries = new Map<string, { id: string; attemptCount: number }[]>();
      for (const o of outcomes) {
        if (!o.next_attempt_at || !recorded.has(o.id)) continue;
        const key = `${o.webhook_id}:${o.attempt + 1}`;
        retries.set(key, [...(retries.get(key) ?? []), { id: o.id, attemptCount: o.attempt + 1 }]);
      }
      for (const [key, group] of retries) await this.enqueue(tx, group, delays.get(key));
      // Deactivation is a change of the webhook: through the entity, so that change capture writes
      // its webhook.patch event.
      if (gone.size) {
        const hooks = await tx.find(Webhook, { id: { $in: [...gone] }, active: true }, NO_TENANT);
        for (const hook of hooks) hook.active = false;
        await tx.flush();
      }
    });
  }

  /** The bodies of the events, by id: each is built once, however many webhooks it goes to. */
  private async bodies(ids: string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const rows = await this.orm.em
      .getConnection()
      .execute<Parameters<typeof eventOf>[0][]>(`select ${EVENT_COLUMNS} from change_event where id in (?)`, [
        [...new Set(ids)],
      ]);
    return new Map(rows.map((row) => [row.id, deliveryBody(eventOf(row))]));
  }
}

/** When each webhook's current run of failed attempts began (absent: none failed since its last success). */
async function failingSince(tx: EntityManager, webhooks: string[]): Promise<Map<string, Date>> {
  const rows = await tx.execute<{ webhook_id: string; since: Date | string }[]>(
    `select a.webhook_id, min(a.at) as since from webhook_attempt a
      where a.webhook_id in (?) and not a.ok
        and a.at > coalesce((select max(s.at) from webhook_attempt s where s.webhook_id = a.webhook_id and s.ok), '-infinity')
      group by a.webhook_id`,
    [webhooks],
  );
  return new Map(rows.map((r) => [r.webhook_id, new Date(r.since)]));
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** ±20 % around the scheduled delay, so receivers that failed together are not retried together. */
function jitter(ms: number): number {
  return Math.round(ms * (0.8 + Math.random() * 0.4));
}
