import { Webhook as StandardWebhook } from 'standardwebhooks';
import { ChangeEvent } from '../src/events/change-event.entity';
import { Webhook } from '../src/modules/webhook/webhook.entity';
import { type Member, orgWithAdmin } from './helpers/fixtures';
import { MiB } from './helpers/hostile-body';
import { type Answer, Receiver, type Received } from './helpers/receiver';
import { startTestApp, type TestApp } from './helpers/test-app';
import {
  type AttemptRecord,
  createKey,
  createWebhook,
  type DeliveryRecord,
  deliveries,
  eventually,
  type WebhookRecord,
} from './helpers/webhooks';

/** Deliveries of the receiver, each verified as any Standard Webhooks receiver would. */
function verified(secretBase64: string, received: Received[]): Received[] {
  const verifier = new StandardWebhook(secretBase64);
  for (const r of received) verifier.verify(r.body, r.headers as Record<string, string>);
  return received;
}

async function employee(t: TestApp, admin: Member, name: string): Promise<string> {
  const created = await t.api.post<{ id: string }>(
    '/api/v1/employee',
    { name, email: `${name.toLowerCase()}-${Date.now()}@example.com` },
    admin.token,
  );
  expect(created.status).toBe(201);
  return created.body.id;
}

describe('webhook delivery', () => {
  let t: TestApp;
  let receiver: Receiver;
  let admin: Member;
  let secret: string;

  beforeAll(async () => {
    t = await startTestApp({
      ALLOW_PRIVATE_URLS: 'true',
      JOB_POLL_SECONDS: '0.5',
      WEBHOOK_RETRY_SCHEDULE: '0.2,0.2,0.2',
      WEBHOOK_TIMEOUT_MS: '800',
    });
    receiver = await new Receiver().start();
    ({ admin } = await orgWithAdmin(t));
    secret = (await createKey(t, admin)).secretBase64!;
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  /** A statement on the service's database (the job queue's tables have no API). */
  function sql<T>(text: string): Promise<T[]> {
    return t.app.db.orm.em.fork().getConnection().execute<T[]>(text);
  }

  /** A webhook on a receiver of its own, so that tests do not see each other's deliveries. */
  async function hooked(body: Record<string, unknown>): Promise<{ hook: WebhookRecord; inbox: Receiver }> {
    const inbox = await new Receiver().start();
    const hook = await createWebhook(t, admin, { url: inbox.url, ...body });
    return { hook, inbox };
  }

  it('POSTs each event signed per Standard Webhooks, with the body docs/events-and-webhooks.md describes', async () => {
    const { inbox } = await hooked({ eventType: 'employee.post' });
    const id = await employee(t, admin, 'Signed');
    const [got] = verified(secret, await inbox.waitFor((r) => r.length === 1));
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['webhook-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(Math.abs(Number(got.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
    expect(got.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
    expect(got.json.type).toBe('employee.post');
    expect(Number.isNaN(Date.parse(got.json.timestamp))).toBe(false);
    expect(got.json.data).toMatchObject({
      id,
      object: 'employee',
      operation: 'post',
      changedFields: [],
      previous: null,
    });
    expect(got.json.data.current).toMatchObject({ id, name: 'Signed' });
    // A tampered body fails verification: the verifier above really checks.
    expect(() =>
      new StandardWebhook(secret).verify(got.body.replace('Signed', 'Forged'), got.headers as Record<string, string>),
    ).toThrow();
    await inbox.close();
  });

  it('matches eventType wildcards and ifUpdates', async () => {
    const deletes = await hooked({ eventType: '*.delete' });
    const emailChanges = await hooked({ eventType: 'employee.patch', ifUpdates: ['email'] });
    const everything = await hooked({ eventType: 'employee.*' });
    const id = await employee(t, admin, 'Wild');
    expect((await t.api.patch(`/api/v1/employee/${id}`, { name: 'Wilder' }, admin.token)).status).toBe(200);
    expect(
      (await t.api.patch(`/api/v1/employee/${id}`, { email: `wild-${Date.now()}@example.org` }, admin.token)).status,
    ).toBe(200);
    expect((await t.api.delete(`/api/v1/employee/${id}`, admin.token)).status).toBe(200);
    await everything.inbox.waitFor((r) => r.filter((x) => x.json.data.id === id).length === 4);
    await t.app.eventsRelayed();
    await deletes.inbox.waitFor((r) => r.length >= 1);
    await emailChanges.inbox.waitFor((r) => r.length >= 1);
    expect(everything.inbox.received.map((r) => r.json.type).sort()).toEqual([
      'employee.delete',
      'employee.patch',
      'employee.patch',
      'employee.post',
    ]);
    expect(deletes.inbox.received.map((r) => `${r.json.type}:${r.json.data.id}`)).toEqual([`employee.delete:${id}`]);
    expect(emailChanges.inbox.received).toHaveLength(1);
    expect(emailChanges.inbox.received[0].json.data.changedFields).toContain('email');
    expect(emailChanges.inbox.received[0].json.data.previous).toMatchObject({ name: 'Wilder' });
    for (const h of [deletes, emailChanges, everything]) await h.inbox.close();
  });

  it('retries a failing receiver until it succeeds and lists every attempt', async () => {
    const { hook, inbox } = await hooked({ eventType: 'employee.post' });
    inbox.answer({ status: 500, body: 'boom' }, { status: 503, headers: { 'retry-after': '0' } }, { status: 200 });
    await employee(t, admin, 'Retried');
    const got = await inbox.waitFor((r) => r.length === 3);
    expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(1);
    verified(secret, got);
    const [delivery] = await eventually(
      () => deliveries(t, admin, hook.id),
      (list) => list[0]?.state === 'SUCCEEDED',
    );
    expect(delivery.attemptCount).toBe(3);
    expect(delivery.attempts.map((a) => [a.ok, a.statusCode])).toEqual([
      [false, 500],
      [false, 503],
      [true, 200],
    ]);
    expect(delivery.attempts[0]).toMatchObject({ error: 'HTTP 500', responseExcerpt: 'boom' });
    expect(delivery.event).toBe(got[0].headers['webhook-id']);
    await inbox.close();
  });

  it('waits as long as Retry-After asks on a 429', async () => {
    const { hook, inbox } = await hooked({ eventType: 'employee.post' });
    inbox.answer({ status: 429, headers: { 'retry-after': '2' } }, { status: 200 });
    await employee(t, admin, 'Throttled');
    const [delivery] = await eventually(
      () => deliveries(t, admin, hook.id),
      (list) => list[0]?.state === 'SUCCEEDED',
    );
    expect(delivery.attempts.map((a) => a.statusCode)).toEqual([429, 200]);
    // The schedule alone would retry after 0.2 s.
    const gap = Date.parse(delivery.attempts[1].at) - Date.parse(delivery.attempts[0].at);
    expect(gap).toBeGreaterThanOrEqual(1900);
    await inbox.close();
  });

  it('gives up after the last retry of the schedule', async () => {
    const { hook, inbox } = await hooked({ eventType: 'employee.post' });
    inbox.answer({ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 }, { status: 500 });
    await employee(t, admin, 'Abandoned');
    const [delivery] = await eventually(
      () => deliveries(t, admin, hook.id),
      (list) => list[0]?.state === 'FAILED',
    );
    // One attempt and three retries (WEBHOOK_RETRY_SCHEDULE has three delays).
    expect(delivery.attemptCount).toBe(4);
    expect(inbox.received).toHaveLength(4);
    await inbox.close();
  });

  it('redelivers a delivery with the same webhook-id', async () => {
    const { hook, inbox } = await hooked({ eventType: 'employee.post' });
    await employee(t, admin, 'Again');
    await inbox.waitFor((r) => r.length === 1);
    const [delivery] = await eventually(
      () => deliveries(t, admin, hook.id),
      (list) => list[0]?.state === 'SUCCEEDED',
    );
    const redelivered = await t.api.post<{ id: string; state: string }>(
      `/api/v1/webhook/${hook.id}/deliveries/${delivery.id}/redeliver`,
      undefined,
      admin.token,
    );
    expect(redelivered.status).toBe(202);
    expect(redelivered.body).toMatchObject({ id: delivery.id, state: 'PENDING' });
    const got = await inbox.waitFor((r) => r.length === 2);
    expect(got[1].headers['webhook-id']).toBe(got[0].headers['webhook-id']);
    expect(got[1].body).toBe(got[0].body);
    verified(secret, got);
    const [after] = await eventually(
      () => deliveries(t, admin, hook.id),
      (list) => list[0]?.state === 'SUCCEEDED' && list[0].attemptCount === 2,
    );
    expect(after.attempts).toHaveLength(2);
    await inbox.close();
  });

  it('sends a webhook.test event to one webhook only', async () => {
    const one = await hooked({ eventType: '*.*' });
    const other = await hooked({ eventType: '*.*' });
    const sent = await t.api.post<{ eventType: string; state: string }>(
      `/api/v1/webhook/${one.hook.id}/test`,
      undefined,
      admin.token,
    );
    expect(sent.status).toBe(202);
    expect(sent.body.eventType).toBe('webhook.test');
    const [got] = verified(
      secret,
      await one.inbox
        .waitFor((r) => r.some((x) => x.json.type === 'webhook.test'))
        .then((r) => r.filter((x) => x.json.type === 'webhook.test')),
    );
    expect(got.json.data).toMatchObject({ id: one.hook.id, object: 'webhook', operation: 'test' });
    await t.app.eventsRelayed();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(other.inbox.of('webhook.test')).toHaveLength(0);
    await one.inbox.close();
    await other.inbox.close();
  });

  it('does not follow redirects: a 3xx is a failed attempt', async () => {
    const target = await new Receiver().start();
    const { hook, inbox } = await hooked({ eventType: 'employee.post' });
    inbox.answer({ status: 302, headers: { location: target.url } }, { status: 200 });
    await employee(t, admin, 'Redirected');
    const [delivery] = await eventually(
      () => deliveries(t, admin, hook.id),
      (list) => list[0]?.state === 'SUCCEEDED',
    );
    expect(delivery.attempts[0]).toMatchObject({ ok: false, statusCode: 302, error: 'redirect (302) not followed' });
    expect(target.received).toHaveLength(0);
    await inbox.close();
    await target.close();
  });

  /** A webhook of its own answered with `answers` (then 200), and its delivery of a new employee once that succeeded. */
  async function deliveredAfter(
    name: string,
    ...answers: Answer[]
  ): Promise<{ delivery: DeliveryRecord; inbox: Receiver }> {
    const { hook, inbox } = await hooked({ eventType: 'employee.post' });
    inbox.answer(...answers);
    await employee(t, admin, name);
    const [delivery] = await eventually(
      () => deliveries(t, admin, hook.id),
      (list) => list[0]?.state === 'SUCCEEDED',
    );
    return { delivery, inbox };
  }

  /** WEBHOOK_TIMEOUT_MS is 800: the attempt waited that long, and gave up long before the answer's end. */
  function expectTimedOut(attempt: AttemptRecord): void {
    expect(attempt).toMatchObject({ ok: false, statusCode: null, error: 'timeout' });
    expect(attempt.durationMs).toBeGreaterThanOrEqual(750);
    expect(attempt.durationMs).toBeLessThan(1900);
  }

  it('records a timeout when the receiver answers too late, and retries', async () => {
    const { delivery, inbox } = await deliveredAfter('Slow', { status: 200, delayMs: 2000 });
    expectTimedOut(delivery.attempts[0]);
    await inbox.close();
  });

  it('follows no redirect to a public-looking or a metadata address either', async () => {
    const { delivery, inbox } = await deliveredAfter(
      'Elsewhere',
      { status: 301, headers: { location: 'http://93.184.216.34/hook' } },
      { status: 308, headers: { location: 'http://169.254.169.254/latest/meta-data' } },
    );
    expect(delivery.attempts.map((a) => [a.statusCode, a.error])).toEqual([
      [301, 'redirect (301) not followed'],
      [308, 'redirect (308) not followed'],
      [200, null],
    ]);
    expect(inbox.received).toHaveLength(3);
    await inbox.close();
  });

  it('reads the first KiB of a 50 MiB answer for the record, closes the connection, and retries', async () => {
    const { delivery, inbox } = await deliveredAfter('Flooded', { status: 500, bodyBytes: 50 * MiB });
    expect(delivery.attempts[0]).toMatchObject({ ok: false, statusCode: 500, error: 'HTTP 500' });
    expect(delivery.attempts[0].responseExcerpt).toBe('x'.repeat(1024));
    expect(delivery.attempts[0].durationMs).toBeLessThan(800);
    // The connection was closed long before the body's end: what got out is what loopback buffers hold.
    const sent = await inbox.sent[0];
    expect(sent.finished).toBe(false);
    expect(sent.bytes).toBeLessThan(16 * MiB);
    await inbox.close();
  });

  it('ends an answer sent a byte at a time at WEBHOOK_TIMEOUT_MS, though bytes keep coming, and retries', async () => {
    const { delivery, inbox } = await deliveredAfter('Dripping', { status: 200, dripMs: 100 });
    expectTimedOut(delivery.attempts[0]);
    const sent = await inbox.sent[0];
    expect(sent.finished).toBe(false);
    expect(sent.bytes).toBeGreaterThanOrEqual(3);
    await inbox.close();
  });

  it('deactivates a webhook answered with 410 Gone, which emits webhook.patch', async () => {
    const { hook, inbox } = await hooked({ eventType: 'employee.post' });
    inbox.answer({ status: 410 });
    await employee(t, admin, 'Gone');
    const after = await eventually(
      () => t.api.get<WebhookRecord>(`/api/v1/webhook/${hook.id}`, admin.token),
      (r) => r.body.active === false,
    );
    expect(after.status).toBe(200);
    const [delivery] = await deliveries(t, admin, hook.id);
    expect(delivery).toMatchObject({ state: 'FAILED', attemptCount: 1 });
    const events = await t.app.db.orm.em.fork().find(ChangeEvent, { objectId: hook.id, type: 'webhook.patch' });
    expect(events).toHaveLength(1);
    expect(events[0].changedFields).toContain('active');
    expect(events[0].actor).toBeNull();
    expect(events[0].previous).toMatchObject({ active: true });
    // An inactive webhook gets nothing more.
    await employee(t, admin, 'AfterGone');
    await t.app.eventsRelayed();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(inbox.received).toHaveLength(1);
    await inbox.close();
  });

  it('sends the deliveries of one event to several webhooks from one job', async () => {
    const hooks = await Promise.all([1, 2, 3].map(() => hooked({ eventType: 'employee.post' })));
    const id = await employee(t, admin, 'Fanned');
    for (const { inbox } of hooks) verified(secret, await inbox.waitFor((r) => r.some((x) => x.json.data.id === id)));
    const ids = await Promise.all(
      hooks.map(
        async ({ hook }) =>
          (
            await eventually(
              () => deliveries(t, admin, hook.id),
              (list) => list[0]?.state === 'SUCCEEDED',
            )
          )[0].id,
      ),
    );
    const jobs = await sql<{ data: { deliveries: string[]; attempt: number } }>(
      `select data from pgboss.job where name = 'webhook-delivery' and exists (select from jsonb_array_elements_text(data->'deliveries') d where d in (${ids.map((d) => `'${d}'`).join(',')}))`,
    );
    expect(jobs).toHaveLength(1);
    expect(jobs[0].data).toEqual({ deliveries: expect.arrayContaining(ids), attempt: 0 });
    for (const { inbox } of hooks) await inbox.close();
  });

  it('runs a job twice without sending twice, and still runs a job of one delivery queued by an earlier version', async () => {
    const { hook, inbox } = await hooked({ eventType: 'employee.post' });
    // The first attempt fails, and its retry is far away: the delivery waits, pending, at attempt 1.
    inbox.answer({ status: 429, headers: { 'retry-after': '3600' } });
    const id = await employee(t, admin, 'Twice');
    const [waiting] = await eventually(
      () => deliveries(t, admin, hook.id),
      (list) => list[0]?.attemptCount === 1,
    );
    expect(waiting.state).toBe('PENDING');
    // A second run of the first attempt's job (as after an expiry): that attempt is recorded, so nothing is sent.
    await sql(
      `insert into pgboss.job (name, data) values ('webhook-delivery', '{"deliveries": ["${waiting.id}"], "attempt": 0}')`,
    );
    // The job shape of one delivery per job, as queued before the upgrade: sent now.
    await sql(
      `insert into pgboss.job (name, data) values ('webhook-delivery', '{"delivery": "${waiting.id}", "attempt": 1}')`,
    );
    const [done] = await eventually(
      () => deliveries(t, admin, hook.id),
      (list) => list[0]?.state === 'SUCCEEDED',
    );
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(inbox.received.map((r) => r.json.data.id)).toEqual([id, id]);
    expect(done.attemptCount).toBe(2);
    expect(done.attempts.map((a) => a.statusCode)).toEqual([429, 200]);
    await inbox.close();
  });

  it('records an answer holding NUL characters', async () => {
    const { hook, inbox } = await hooked({ eventType: 'employee.post' });
    inbox.answer({ status: 200, body: 'ok\u0000done' });
    await employee(t, admin, 'Nul');
    const [delivery] = await eventually(
      () => deliveries(t, admin, hook.id),
      (list) => list[0]?.state === 'SUCCEEDED',
    );
    expect(delivery.attempts).toEqual([
      expect.objectContaining({ ok: true, statusCode: 200, responseExcerpt: 'ok\uFFFDdone' }),
    ]);
    expect(inbox.received).toHaveLength(1);
    await inbox.close();
  });

  it('signs with both keys while the signing key is being replaced', async () => {
    const second = await createKey(t, admin, 'next');
    const { hook, inbox } = await hooked({ eventType: 'employee.post' });
    const patched = await t.api.patch<WebhookRecord>(
      `/api/v1/webhook/${hook.id}`,
      { signingKey: second.id },
      admin.token,
    );
    expect(patched.body.signingKey).toBe(second.id);
    await employee(t, admin, 'Rotated');
    const [got] = await inbox.waitFor((r) => r.length === 1);
    expect(String(got.headers['webhook-signature']).split(' ')).toHaveLength(2);
    verified(second.secretBase64!, [got]);
    verified(secret, [got]);
    await inbox.close();
  });
});

describe('a webhook failing for longer than the deactivation window', () => {
  let t: TestApp;
  let inbox: Receiver;
  beforeAll(async () => {
    t = await startTestApp({
      ALLOW_PRIVATE_URLS: 'true',
      JOB_POLL_SECONDS: '0.5',
      WEBHOOK_RETRY_SCHEDULE: '0.5,0.5,0.5,0.5,0.5,0.5',
      WEBHOOK_DEACTIVATE_AFTER_SECONDS: '1.5',
    });
    inbox = await new Receiver().start();
  });
  afterAll(async () => {
    await t?.close();
    await inbox?.close();
  });

  it('is deactivated', async () => {
    const { admin } = await orgWithAdmin(t);
    await createKey(t, admin);
    const hook = await createWebhook(t, admin, { url: inbox.url, eventType: 'employee.post' });
    inbox.answer(...Array.from({ length: 10 }, () => ({ status: 500 })));
    await employee(t, admin, 'Failing');
    const after = await eventually(
      () => t.api.get<WebhookRecord>(`/api/v1/webhook/${hook.id}`, admin.token),
      (r) => r.body.active === false,
      20_000,
    );
    expect(after.body.active).toBe(false);
    const [delivery] = await deliveries(t, admin, hook.id);
    // Deactivated on the first failure past 1.5 s, well before the six retries ran out.
    expect(delivery.attemptCount).toBeGreaterThanOrEqual(3);
    expect(delivery.attemptCount).toBeLessThan(7);
  });
});

describe('outbound safety at connect time', () => {
  let t: TestApp;
  let inbox: Receiver;
  beforeAll(async () => {
    // 127.0.0.2 stands for an allowed internal receiver; 127.0.0.1 stays refused.
    t = await startTestApp({
      JOB_POLL_SECONDS: '0.5',
      WEBHOOK_RETRY_SCHEDULE: '0.2',
      ALLOW_PRIVATE_ADDRESSES: '127.0.0.2',
    });
    inbox = await new Receiver().start();
  });
  afterAll(async () => {
    await t?.close();
    await inbox?.close();
  });

  /**
   * A host that resolved to a public address when the webhook was stored and to a private one
   * later (DNS rebinding) is simulated by storing the URL past the creation check.
   */
  it.each([
    ['a hostname resolving to loopback', (port: string) => `http://localhost:${port}/hook`],
    ['a loopback IP literal', (port: string) => `http://127.0.0.1:${port}/hook`],
  ])('refuses to connect to %s', async (_what, url) => {
    const { admin } = await orgWithAdmin(t);
    await createKey(t, admin);
    const hook = await createWebhook(t, admin, { url: 'http://93.184.216.34/hook', eventType: 'employee.post' });
    const em = t.app.db.orm.em.fork();
    const stored = await em.findOneOrFail(Webhook, hook.id, { filters: false });
    stored.url = url(new URL(inbox.url).port);
    await em.flush();
    await employee(t, admin, 'Rebound');
    const [delivery] = await eventually(
      () => deliveries(t, admin, hook.id),
      (list) => list[0]?.state === 'FAILED',
    );
    expect(
      delivery.attempts.every((a) => a.ok === false && a.statusCode === null && a.error?.startsWith('refused')),
    ).toBe(true);
    expect(inbox.received).toHaveLength(0);
  });

  it('refuses a private URL at creation, and never follows an allowed receiver redirecting to one', async () => {
    const { admin } = await orgWithAdmin(t);
    await createKey(t, admin);
    const refused = await t.api.post(
      '/api/v1/webhook',
      { name: 'direct', url: inbox.url, eventType: 'employee.post' },
      admin.token,
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toBe('url resolves to a loopback, private, link-local, multicast or metadata address');
    const internal = await new Receiver(0, '127.0.0.2').start();
    try {
      internal.answer(
        { status: 302, headers: { location: inbox.url } },
        { status: 307, headers: { location: inbox.url } },
      );
      const hook = await createWebhook(t, admin, { url: internal.url, eventType: 'employee.post' });
      await employee(t, admin, 'Bounced');
      // One attempt and one retry (WEBHOOK_RETRY_SCHEDULE 0.2), both redirected, neither followed.
      const [delivery] = await eventually(
        () => deliveries(t, admin, hook.id),
        (list) => list[0]?.state === 'FAILED',
      );
      expect(delivery.attempts.map((a) => a.error)).toEqual([
        'redirect (302) not followed',
        'redirect (307) not followed',
      ]);
      expect(inbox.received).toHaveLength(0);
    } finally {
      await internal.close();
    }
  });
});

describe('a receiver that is down for a while', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      ALLOW_PRIVATE_URLS: 'true',
      JOB_POLL_SECONDS: '0.5',
      WEBHOOK_RETRY_SCHEDULE: '1,1,2,2,4,4,4,4',
      WEBHOOK_TIMEOUT_MS: '2000',
    });
  });
  afterAll(() => t?.close());

  it('receives every event once it is back', async () => {
    const { admin } = await orgWithAdmin(t);
    await createKey(t, admin);
    // A port that answers nothing: the receiver is started on it only later.
    const probe = await new Receiver().start();
    const port = Number(new URL(probe.url).port);
    const url = probe.url;
    await probe.close();
    const hook = await createWebhook(t, admin, { url, eventType: 'employee.post' });
    const ids: string[] = [];
    for (let i = 0; i < 100; i++) ids.push(await employee(t, admin, `Down${i}`));
    const list = () =>
      t.api
        .get<{ state: string; attemptCount: number }[]>(`/api/v1/webhook/${hook.id}/deliveries?limit=500`, admin.token)
        .then((r) => r.body);
    // Down long enough that every delivery failed at least twice.
    await eventually(
      list,
      (all) => all.length === 100 && all.every((d) => d.attemptCount >= 2 && d.state !== 'SUCCEEDED'),
      30_000,
    );

    const back = await new Receiver(port).start();
    try {
      await back.waitFor((got) => new Set(got.map((r) => r.json.data.id)).size === 100, 60_000);
      expect(new Set(back.received.map((r) => r.json.data.id))).toEqual(new Set(ids));
      const [first] = await deliveries(t, admin, hook.id);
      expect(first.attempts[0]).toMatchObject({ ok: false, statusCode: null });
      const done = await eventually(list, (all) => all.every((d) => d.state === 'SUCCEEDED'));
      expect(done).toHaveLength(100);
    } finally {
      await back.close();
    }
  }, 120_000);
});
