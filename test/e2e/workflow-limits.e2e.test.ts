import type { AgentAnswer, HistoryRecord } from '../helpers/agent';
import { expectError } from '../helpers/expect-error';
import { type AccountMember, member, withId } from '../helpers/directory';
import { type Member, type OrgRecord, orgWithAdmin } from '../helpers/fixtures';
import { Receiver } from '../helpers/receiver';
import { SmtpSink } from '../helpers/smtp';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { createKey, createWebhook, eventually } from '../helpers/webhooks';

// The limits of scheduled work, over HTTP against the real service (docs/agent.md, "Limits of
// scheduled work"): quotas of active workflows and of runs an hour, per user and per
// organization; the organization's policy on where results may be e-mailed; runs resolving their
// owner as sign-in does (a refused owner pauses the workflow, with the reason); and schedule
// values out of range refused as bad input, never a 500. Scheduled runs are made due at once by
// moving their queued job's start (as test/multi-instance.test.ts does), so nothing waits for a
// clock.

interface WorkflowRecord {
  id: string;
  conversationId: string;
  active: boolean;
  pausedReason: string | null;
  nextRunAt: string | null;
  lastRunAt: string | null;
  lastNotification: string | null;
  lastSkippedAt: string | null;
  lastSkipReason: string | null;
  runs: number;
}

let t: TestApp;
let smtp: SmtpSink;
let receiver: Receiver;

beforeAll(async () => {
  smtp = await new SmtpSink().start();
  receiver = await new Receiver().start();
  t = await startTestApp({
    SMTP_URL: smtp.url,
    ALLOW_PRIVATE_URLS: 'true',
    JOB_POLL_SECONDS: '0.5',
    WORKFLOW_MAX_PER_USER: '3',
    WORKFLOW_MAX_PER_ORGANIZATION: '5',
    WORKFLOW_MAX_RUNS_PER_HOUR_PER_USER: '2',
    WORKFLOW_MAX_RUNS_PER_HOUR_PER_ORGANIZATION: '3',
  });
});

afterAll(async () => {
  await t.close();
  await smtp.close();
  await receiver.close();
});

const sql = <T>(text: string, params: unknown[] = []) =>
  t.app.db.orm.em.fork().getConnection().execute<T[]>(text, params);

const ask = async (question: string, who: Member) =>
  (await t.api.post<AgentAnswer>('/api/v1/agent/ask', { question }, who.token)).body;
const yes = (conversationId: string, who: Member) =>
  t.api.post<AgentAnswer>('/api/v1/agent/reply', { conversationId, question: 'yes' }, who.token);
const read = async (id: string, who: Member) =>
  (await t.api.get<WorkflowRecord>(`/api/v1/agent/workflows/${id}`, who.token)).body;
const listed = async (who: Member) => (await t.api.get<WorkflowRecord[]>('/api/v1/agent/workflows', who.token)).body;

/** A workflow asked for and confirmed; weekly on Friday afternoon unless the request says otherwise. */
async function confirmed(who: Member, request = 'Every Friday at 4pm post the completed tasks in #wins') {
  const asked = await ask(request, who);
  const answered = await yes(asked.conversation, who);
  const id = /Workflow ([0-9a-f-]{36})\.$/.exec(answered.body.reply ?? '')?.[1];
  if (answered.status !== 200 || !id) throw new Error(`not scheduled: ${answered.status} ${answered.text}`);
  return read(id, who);
}

/** Moves the queued scheduled run of each workflow to now: the worker takes it at its next poll. */
async function dueNow(...ids: string[]): Promise<void> {
  for (const id of ids)
    await sql(
      `update pgboss.job set start_after = now() where name = 'agent-workflow' and state = 'created' and data->>'workflow' = ?`,
      [id],
    );
}

/** The stored state of workflows, read until each has run, been paused or been skipped. */
async function processed(...ids: string[]) {
  const rows = () =>
    Promise.all(
      ids.map(
        async (id) =>
          (
            await sql<{ runs: number; paused_reason: string | null; last_skip_reason: string | null }>(
              'select runs, paused_reason, last_skip_reason from workflow where id = ?',
              [id],
            )
          )[0],
      ),
    );
  return eventually(rows, (all) => all.every((w) => w.runs > 0 || w.paused_reason || w.last_skip_reason), 30_000);
}

describe('active workflows', () => {
  it('are refused past the most one user may have (409 naming WORKFLOW_MAX_PER_USER), also on resume', async () => {
    const { org, admin } = await orgWithAdmin(t);
    const ana = await member(t, org, admin);
    const first = await confirmed(ana);
    await confirmed(ana, 'Every Monday at 9am post the open tasks in #ops');
    await confirmed(ana, 'Every Tuesday at 9am post the open tasks in #ops');
    const fourth = await ask('Every Wednesday at 9am post the open tasks in #ops', ana);
    const full =
      'you have 3 active workflows, the most one user may have (WORKFLOW_MAX_PER_USER is 3): pause or delete one first';
    expectError(await yes(fourth.conversation, ana), 409, full);
    expect(await listed(ana)).toHaveLength(3);
    // GraphQL says CONFLICT.
    const again = await t.api.graphql(
      'mutation ($input: UserRequest!) { reply(input: $input) { reply } }',
      { input: { conversationId: fourth.conversation, question: 'yes' } },
      ana.token,
    );
    expect(again.errors?.[0]).toMatchObject({ message: full, extensions: { code: 'CONFLICT' } });
    // A paused workflow is not active: it makes room, and resuming it past the limit is refused.
    expect((await t.api.post(`/api/v1/agent/workflows/${first.id}/pause`, undefined, ana.token)).status).toBe(200);
    expect((await yes(fourth.conversation, ana)).status).toBe(200);
    expect(await listed(ana)).toHaveLength(4);
    expectError(await t.api.post(`/api/v1/agent/workflows/${first.id}/resume`, undefined, ana.token), 409, full);
    expect(await read(first.id, ana)).toMatchObject({ active: false, nextRunAt: null });
  });

  it('are refused past the most one organization may have (409 naming WORKFLOW_MAX_PER_ORGANIZATION)', async () => {
    const { org, admin } = await orgWithAdmin(t);
    const [bo, cy] = [await member(t, org, admin), await member(t, org, admin)];
    for (const day of ['Monday', 'Tuesday', 'Wednesday'])
      await confirmed(bo, `Every ${day} at 9am post the tasks in #ops`);
    for (const day of ['Monday', 'Tuesday']) await confirmed(cy, `Every ${day} at 9am post the tasks in #ops`);
    const sixth = await ask('Every Friday at 9am post the tasks in #ops', cy);
    expectError(
      await yes(sixth.conversation, cy),
      409,
      'this organization has 5 active workflows, the most it may have (WORKFLOW_MAX_PER_ORGANIZATION is 5): pause or delete one first',
    );
    expect(await listed(cy)).toHaveLength(2);
    // Another organization's count is its own.
    const { admin: elsewhere } = await orgWithAdmin(t);
    await confirmed(elsewhere);
  });

  it('are counted so that confirmations at the same moment cannot pass the limit', async () => {
    const { org, admin } = await orgWithAdmin(t);
    const dee = await member(t, org, admin);
    const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
    const asked = await Promise.all(days.map((day) => ask(`Every ${day} at 9am post the tasks in #ops`, dee)));
    const answers = await Promise.all(asked.map((a) => yes(a.conversation, dee)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 409, 409, 409, 409]);
    expect(await listed(dee)).toHaveLength(3);
  });
});

describe('runs an hour', () => {
  it('refuse a schedule that alone runs more often than one user may (INVALID when planned, nothing stored)', async () => {
    const { admin } = await orgWithAdmin(t);
    const asked = await ask('Every 5 minutes post the open tasks in #ops', admin);
    const reason =
      'That schedule runs 12 times an hour, more than the 2 runs an hour one user’s workflows may make (WORKFLOW_MAX_RUNS_PER_HOUR_PER_USER); choose a longer interval.';
    expect(asked.reply).toBe(reason);
    const assigned = await t.api.post('/api/v1/agent/assign', { conversationId: asked.conversation }, admin.token);
    expect(assigned.body).toMatchObject({ scheduleFrequency: 'INVALID', newWorkflow: false, response: reason });
    expect((await yes(asked.conversation, admin)).body.reply).toBe(reason);
    expect(await listed(admin)).toEqual([]);
    // Every 30 minutes is 2 an hour: within the quota.
    expect((await confirmed(admin, 'Every 30 minutes post the open tasks in #ops')).nextRunAt).not.toBeNull();
  });

  it('skip a due run over the quota of its user, recording why, and refuse runs asked for (429)', async () => {
    const { org, admin } = await orgWithAdmin(t);
    const eve = await member(t, org, admin);
    const made = [
      await confirmed(eve),
      await confirmed(eve, 'Every Monday at 9am post the open tasks in #ops'),
      await confirmed(eve, 'Every Tuesday at 9am post the open tasks in #ops'),
    ];
    await dueNow(...made.map((w) => w.id));
    await processed(...made.map((w) => w.id));
    const after = await Promise.all(made.map((w) => read(w.id, eve)));
    expect(after.map((w) => w.runs).sort()).toEqual([0, 1, 1]);
    const skipped = after.find((w) => w.runs === 0)!;
    const reason =
      'your workflows ran 2 times in the last hour, the most one user’s may (WORKFLOW_MAX_RUNS_PER_HOUR_PER_USER is 2)';
    expect(skipped).toMatchObject({ active: true, lastRunAt: null, lastSkipReason: reason, pausedReason: null });
    expect(Date.parse(skipped.lastSkippedAt!)).toBeGreaterThan(Date.now() - 60_000);
    // The skipped occurrence is gone; the next one is queued.
    const before = made.find((w) => w.id === skipped.id)!;
    expect(Date.parse(skipped.nextRunAt!)).toBeGreaterThan(Date.parse(before.nextRunAt!));
    const history = (
      await t.api.post<HistoryRecord[]>('/api/v1/agent/history', { conversationId: skipped.conversationId }, eve.token)
    ).body;
    expect(history.some((m) => m.message.startsWith('Workflow'))).toBe(false);
    expectError(await t.api.post(`/api/v1/agent/workflows/${skipped.id}/run`, undefined, eve.token), 429, reason);
  });

  it('skip a due run over the quota of its organization, and refuse runs asked for (429)', async () => {
    const { org, admin } = await orgWithAdmin(t);
    const [fay, gus, hal] = [await member(t, org, admin), await member(t, org, admin), await member(t, org, admin)];
    const made = [
      await confirmed(fay),
      await confirmed(fay, 'Every Monday at 9am post the open tasks in #ops'),
      await confirmed(gus),
      await confirmed(gus, 'Every Monday at 9am post the open tasks in #ops'),
    ];
    await dueNow(...made.map((w) => w.id));
    const rows = await processed(...made.map((w) => w.id));
    expect(rows.map((w) => w.runs).sort()).toEqual([0, 1, 1, 1]);
    const reason =
      'this organization’s workflows ran 3 times in the last hour, the most it allows (WORKFLOW_MAX_RUNS_PER_HOUR_PER_ORGANIZATION is 3)';
    expect(rows.filter((w) => w.last_skip_reason).map((w) => w.last_skip_reason)).toEqual([reason]);
    const own = await confirmed(hal);
    expectError(await t.api.post(`/api/v1/agent/workflows/${own.id}/run`, undefined, hal.token), 429, reason);
  });
});

describe('where results may be e-mailed', () => {
  let org: OrgRecord;
  let admin: AccountMember;
  let ida: AccountMember;
  let joe: AccountMember;

  beforeAll(async () => {
    const made = await orgWithAdmin(t);
    org = made.org;
    admin = await withId(t, made.admin);
    ida = await member(t, org, admin);
    joe = await member(t, org, admin);
  });

  const plan = async (who: Member, to: string) => {
    const asked = await ask(`Every Friday at 4pm email the headcount to ${to}`, who);
    const assigned = await t.api.post<{ scheduleFrequency: string; notificationTo: string | null; response: string }>(
      '/api/v1/agent/assign',
      { conversationId: asked.conversation },
      who.token,
    );
    return { asked, assigned: assigned.body };
  };
  const setOrganization = (body: Record<string, unknown>, token = admin.token) =>
    t.api.request('PATCH', '/api/v1/organization', { token, body });
  const refusal = (address: string) =>
    `I cannot e-mail the result there: ${address} is not an address of this organization: its notification policy (OWN_ADDRESSES) lets workflows e-mail only its members’ addresses and its own domains (an ORG_ADMIN sets notificationPolicy and notificationDomains).`;

  it('allows its own accounts’ addresses and refuses any other by default, when planned and when confirmed', async () => {
    const own = await plan(ida, joe.email.toUpperCase());
    expect(own.assigned).toMatchObject({ scheduleFrequency: 'WEEKLY', notificationTo: joe.email.toUpperCase() });
    const { admin: stranger } = await orgWithAdmin(t);
    for (const address of ['someone@elsewhere.test', stranger.email]) {
      const { asked, assigned } = await plan(ida, address);
      expect(asked.reply).toBe(refusal(address));
      expect(assigned).toMatchObject({ scheduleFrequency: 'INVALID', response: refusal(address) });
      expect((await yes(asked.conversation, ida)).body.reply).toBe(refusal(address));
    }
    expect((await listed(ida)).map((w) => w.conversationId)).toEqual([]);
  });

  it('allows another domain listed by an ORG_ADMIN, and any address under ANY_ADDRESS', async () => {
    expect((await plan(ida, 'someone@elsewhere.test')).assigned.scheduleFrequency).toBe('INVALID');
    expect((await setOrganization({ notificationDomains: ['Elsewhere.TEST'] })).status).toBe(200);
    expect((await plan(ida, 'someone@elsewhere.test')).assigned.scheduleFrequency).toBe('WEEKLY');
    expect((await setOrganization({ notificationDomains: [] })).status).toBe(200);
    expect((await plan(ida, 'someone@elsewhere.test')).assigned.scheduleFrequency).toBe('INVALID');

    const set = await setOrganization({ notificationPolicy: 'ANY_ADDRESS' });
    expect(set.status).toBe(200);
    // A GraphQL field only: the organization's REST shape is the interface's.
    expect(Object.keys(set.body as object)).not.toContain('notificationPolicy');
    const shown = await t.api.graphql<{ organization: { notificationPolicy: string; notificationDomains: string[] } }>(
      '{ organization { notificationPolicy notificationDomains } }',
      {},
      admin.token,
    );
    expect(shown.data!.organization).toEqual({ notificationPolicy: 'ANY_ADDRESS', notificationDomains: [] });
    expect((await plan(ida, 'someone@elsewhere.test')).assigned.scheduleFrequency).toBe('WEEKLY');
    expect((await setOrganization({ notificationPolicy: 'OWN_ADDRESSES' })).status).toBe(200);
  });

  it('is the ORG_ADMIN’s to set, with values checked', async () => {
    expect((await setOrganization({ notificationPolicy: 'ANY_ADDRESS' }, ida.token)).status).toBe(403);
    expectError(
      await setOrganization({ notificationDomains: ['not a domain'] }),
      400,
      /^notificationDomains must be domain names/,
    );
    expect((await setOrganization({ notificationPolicy: 'SOMETIMES' })).status).toBe(400);
    const shown = await t.api.graphql<{ organization: { notificationPolicy: string } }>(
      '{ organization { notificationPolicy } }',
      {},
      admin.token,
    );
    expect(shown.data!.organization.notificationPolicy).toBe('OWN_ADDRESSES');
  });

  it('is asked again before each e-mail: an address no longer allowed is not sent to', async () => {
    const kim = await member(t, org, admin);
    // To a member (allowed when planned), to an address allowed while the policy was ANY_ADDRESS,
    // and, from the admin, to a member who stays: only the last is sent.
    const toKim = await confirmed(ida, `Every Friday at 4pm email the headcount to ${kim.email}`);
    expect((await setOrganization({ notificationPolicy: 'ANY_ADDRESS' })).status).toBe(200);
    const outside = await confirmed(ida, 'Every Monday at 9am email the headcount to someone@elsewhere.test');
    expect((await setOrganization({ notificationPolicy: 'OWN_ADDRESSES' })).status).toBe(200);
    const toJoe = await confirmed(admin, `Every Monday at 9am email the headcount to ${joe.email}`);
    const revoked = await t.api.request('DELETE', `/api/v1/account/${kim.id}/grant`, {
      token: admin.token,
      body: { role: 'EMPLOYEE' },
    });
    expect(revoked.status).toBe(200);
    const mailed = smtp.mails.length;
    await dueNow(toKim.id, outside.id, toJoe.id);
    await processed(toKim.id, outside.id, toJoe.id);
    expect((await read(toKim.id, ida)).lastNotification).toBe(
      `undelivered: ${kim.email} is not an address of this organization: its notification policy (OWN_ADDRESSES) lets workflows e-mail only its members’ addresses and its own domains (an ORG_ADMIN sets notificationPolicy and notificationDomains)`,
    );
    expect((await read(outside.id, ida)).lastNotification).toMatch(
      /^undelivered: someone@elsewhere\.test is not an address/,
    );
    expect((await read(toJoe.id, admin)).lastNotification).toBe(`sent to ${joe.email}`);
    const mails = await smtp.waitFor(mailed + 1, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.mails.slice(mailed).map((m) => m.to)).toEqual([[joe.email]]);
    expect(mails.length).toBe(mailed + 1);
  });
});

describe('a workflow whose owner may no longer act in its organization', () => {
  it('is paused with the reason when due, does not run, and shows why to its owner', async () => {
    const { org, admin: orgAdmin } = await orgWithAdmin(t);
    const admin = await withId(t, orgAdmin);
    const [kay, lou] = [await member(t, org, admin), await member(t, org, admin)];
    const key = await createKey(t, admin);
    await createWebhook(t, admin, {
      name: 'pauses',
      url: receiver.url,
      eventType: 'workflow.patch',
      signingKey: key.id,
    });
    const kays = await confirmed(kay, `Every Friday at 4pm email the headcount to ${kay.email}`);
    const lous = await confirmed(lou);
    // Kay is deactivated; Lou loses the one grant he had in the organization (removed from it).
    expect(
      (await t.api.request('PATCH', `/api/v1/account/${kay.id}`, { token: admin.token, body: { active: false } }))
        .status,
    ).toBe(200);
    const revoked = await t.api.request('DELETE', `/api/v1/account/${lou.id}/grant`, {
      token: admin.token,
      body: { role: 'EMPLOYEE' },
    });
    expect(revoked.status).toBe(200);
    const mailed = smtp.mails.length;
    await dueNow(kays.id, lous.id);
    const rows = await processed(kays.id, lous.id);
    expect(rows.map((w) => w.paused_reason)).toEqual([
      'its owner may no longer act in the organization: account is deactivated',
      'its owner may no longer act in the organization: no access to the organization of the workflow',
    ]);
    // The pause is a change like any other: a workflow.patch event.
    const paused = (r: (typeof receiver.received)[number]) =>
      r.json.type === 'workflow.patch' && r.json.data.id === kays.id && r.json.data.current?.active === false;
    const event = (await receiver.waitFor((all) => all.some(paused), 15_000)).find(paused)!;
    expect(event.json.data.changedFields).toEqual(expect.arrayContaining(['active', 'pausedReason', 'nextRunAt']));

    // Neither can resume while refused: sign-in refuses them.
    expect((await t.api.post(`/api/v1/agent/workflows/${kays.id}/resume`, undefined, kay.token)).status).toBe(403);
    expect((await t.api.post(`/api/v1/agent/workflows/${lous.id}/resume`, undefined, lou.token)).status).toBe(403);
    expect(
      (
        await sql<{ n: string }>(
          `select count(*) as n from pgboss.job where name = 'agent-workflow' and state < 'completed' and data->>'workflow' in (?, ?)`,
          [kays.id, lous.id],
        )
      )[0].n,
    ).toBe('0');

    // Back in: each sees the workflow paused, never run, with the reason, in the list and over GraphQL.
    expect(
      (await t.api.request('PATCH', `/api/v1/account/${kay.id}`, { token: admin.token, body: { active: true } }))
        .status,
    ).toBe(200);
    const [shown] = await listed(kay);
    expect(shown).toMatchObject({
      id: kays.id,
      active: false,
      nextRunAt: null,
      runs: 0,
      lastRunAt: null,
      lastNotification: null,
      pausedReason: 'its owner may no longer act in the organization: account is deactivated',
    });
    expect(smtp.mails.slice(mailed).filter((m) => m.to.includes(kay.email))).toEqual([]);
    const history = (
      await t.api.post<HistoryRecord[]>('/api/v1/agent/history', { conversationId: kays.conversationId }, kay.token)
    ).body;
    expect(history.some((m) => m.message.startsWith('Workflow'))).toBe(false);
    // Lou is added to the organization again (an existing account added by e-mail gets a grant).
    expect((await t.api.post('/api/v1/account', { email: lou.email }, admin.token)).status).toBe(201);
    const graph = await t.api.graphql<{ workflow: { active: boolean; pausedReason: string; runs: number } }>(
      'query ($id: UUID!) { workflow(id: $id) { active pausedReason runs } }',
      { id: lous.id },
      lou.token,
    );
    expect(graph.data!.workflow).toEqual({
      active: false,
      runs: 0,
      pausedReason: 'its owner may no longer act in the organization: no access to the organization of the workflow',
    });

    // Resumed by its owner, with the rights checked again: the reason goes, the next run is queued.
    const resumed = await t.api.post<WorkflowRecord>(`/api/v1/agent/workflows/${kays.id}/resume`, undefined, kay.token);
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ active: true, pausedReason: null });
    expect(Date.parse(resumed.body.nextRunAt!)).toBeGreaterThan(Date.now());
  });

  it('is paused when its organization is deactivated, and resumes only once it is active again', async () => {
    const { admin } = await orgWithAdmin(t);
    const made = await confirmed(admin);
    const setActive = (active: boolean) =>
      t.api.request('PATCH', '/api/v1/organization', { token: admin.token, body: { active } });
    expect((await setActive(false)).status).toBe(200);
    await dueNow(made.id);
    expect((await processed(made.id))[0]).toMatchObject({ runs: 0, paused_reason: 'its organization is deactivated' });
    expectError(
      await t.api.post(`/api/v1/agent/workflows/${made.id}/resume`, undefined, admin.token),
      403,
      'the workflow cannot be resumed: its organization is deactivated',
    );
    expect((await setActive(true)).status).toBe(200);
    const resumed = await t.api.post<WorkflowRecord>(
      `/api/v1/agent/workflows/${made.id}/resume`,
      undefined,
      admin.token,
    );
    expect(resumed.body).toMatchObject({ active: true, pausedReason: null, runs: 0 });
  });
});

describe('schedule values out of range', () => {
  it('are INVALID when planned, and confirming one answers with the reason, not a 500', async () => {
    const { admin } = await orgWithAdmin(t);
    for (const [request, reason] of [
      [
        'Every 99999999999 hours post the open tasks in #ops',
        'Every 99999999999 hours is longer than a workflow may wait between runs (10 years).',
      ],
      [
        'Every 0 days at 9am post the open tasks in #ops',
        'Every 0 days is not an interval: a workflow runs every 1 day or more.',
      ],
    ]) {
      const asked = await ask(request, admin);
      expect(asked.reply).toBe(reason);
      const assigned = await t.api.post('/api/v1/agent/assign', { conversationId: asked.conversation }, admin.token);
      expect(assigned.status).toBe(200);
      expect(assigned.body).toMatchObject({ scheduleFrequency: 'INVALID', response: reason, newWorkflow: false });
      const confirming = await yes(asked.conversation, admin);
      expect({ status: confirming.status, reply: confirming.body.reply }).toEqual({ status: 200, reply: reason });
    }
    expect(await listed(admin)).toEqual([]);
  });

  it('stored in a workflow, answer 400 on resume (REST and GraphQL) and pause it when due', async () => {
    const { admin } = await orgWithAdmin(t);
    const paused = await confirmed(admin, 'Every 2 hours post the open tasks in #ops');
    const due = await confirmed(admin, 'Every 3 hours post the open tasks in #ops');
    expect((await t.api.post(`/api/v1/agent/workflows/${paused.id}/pause`, undefined, admin.token)).status).toBe(200);
    // As a row written before these checks could hold it.
    await sql(`update workflow set recurrence = 'FREQ=HOURLY;INTERVAL=99999999999' where id in (?, ?)`, [
      paused.id,
      due.id,
    ]);
    const reason =
      "the workflow's schedule cannot run: every 99999999999 hours is longer than a workflow may wait between runs (10 years).";
    expectError(await t.api.post(`/api/v1/agent/workflows/${paused.id}/resume`, undefined, admin.token), 400, reason);
    const graph = await t.api.graphql(
      'mutation ($id: UUID!) { resumeWorkflow(id: $id) { active } }',
      { id: paused.id },
      admin.token,
    );
    expect(graph.errors?.[0]).toMatchObject({ message: reason, extensions: { code: 'BAD_USER_INPUT' } });
    expect(await read(paused.id, admin)).toMatchObject({ active: false, nextRunAt: null });

    await dueNow(due.id);
    expect((await processed(due.id))[0]).toMatchObject({
      runs: 0,
      paused_reason:
        'its schedule cannot run: every 99999999999 hours is longer than a workflow may wait between runs (10 years).',
    });
  });
});
