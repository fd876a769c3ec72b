import { randomUUID } from 'node:crypto';
import { type AgentAnswer, type HistoryRecord, nextMinuteAhead } from '../helpers/agent';
import { expectError } from '../helpers/expect-error';
import { type AccountMember, member } from '../helpers/directory';
import { type Member, type OrgRecord, orgWithAdmin } from '../helpers/fixtures';
import { idsByTime, pagingOf, readPaging } from '../helpers/paging';
import { Receiver } from '../helpers/receiver';
import { SmtpSink } from '../helpers/smtp';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { createKey, createWebhook } from '../helpers/webhooks';

// Assign (POST /agent/assign) and workflows over HTTP against the real service: planning a conversation's
// last request, confirming it into a workflow, listing, pausing, resuming and deleting it, and a
// workflow scheduled a minute ahead that runs, writes to the conversation, fires a webhook and
// sends an e-mail to a loopback SMTP server.

interface Holder {
  response: string;
  needsConfirmation: boolean;
  newWorkflow: boolean;
  scheduleFrequency: string;
  hourOfWorkflow: number | null;
  dayOfWorkflow: number | null;
  minuteOfWorkflow: number | null;
  timeZone: string;
  agents: {
    agent: { name: string };
    specificTask: string;
    step: number;
    dependsOn: number;
    workflowAssignment: boolean;
    tasksDependingOnThis: { step: number }[];
  }[];
  subscriptionActive: boolean;
  notificationChannel: string;
  notificationTo: string | null;
  userId: string;
}

interface WorkflowRecord {
  id: string;
  conversationId: string;
  userId: string;
  task: string;
  scheduleFrequency: string;
  hourOfWorkflow: number | null;
  minuteOfWorkflow: number | null;
  dayOfWorkflow: number | null;
  timeZone: string;
  notificationChannel: string;
  notifyTo: string | null;
  active: boolean;
  nextRunAt: string | null;
  lastRunAt: string | null;
  lastResult: string | null;
  lastNotification: string | null;
  runs: number;
}

let t: TestApp;
let smtp: SmtpSink;
let receiver: Receiver;
let org: OrgRecord;
let admin: Member;
let ana: AccountMember;
let other: AccountMember;

beforeAll(async () => {
  smtp = await new SmtpSink().start();
  receiver = await new Receiver().start();
  t = await startTestApp({
    SMTP_URL: smtp.url,
    ALLOW_PRIVATE_URLS: 'true',
    JOB_POLL_SECONDS: '0.5',
    WEBHOOK_RETRY_SCHEDULE: '1',
  });
  ({ org, admin } = await orgWithAdmin(t, 'Workflow Org'));
  ana = await member(t, org, admin);
  other = await member(t, org, admin);
});

afterAll(async () => {
  await t.close();
  await smtp.close();
  await receiver.close();
});

const ask = async (question: string, token = ana.token) =>
  (await t.api.post<AgentAnswer>('/api/v1/agent/ask', { question }, token)).body;
const reply = async (conversationId: string, question: string, token = ana.token) =>
  (await t.api.post<AgentAnswer>('/api/v1/agent/reply', { conversationId, question }, token)).body;
const assign = (body: unknown, token = ana.token) => t.api.post<Holder>('/api/v1/agent/assign', body, token);
const workflows = async (token = ana.token) =>
  (await t.api.get<WorkflowRecord[]>('/api/v1/agent/workflows', token)).body;

describe('POST /api/v1/agent/assign', () => {
  it('plans the last request into ordered steps, a schedule and a notification', async () => {
    const asked = await ask('Every Monday at 9am email me my overdue tasks');
    const res = await assign({ conversationId: asked.conversation });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      needsConfirmation: false,
      newWorkflow: true,
      scheduleFrequency: 'WEEKLY',
      hourOfWorkflow: 9,
      minuteOfWorkflow: 0,
      dayOfWorkflow: 1,
      timeZone: 'UTC',
      subscriptionActive: true,
      notificationChannel: 'EMAIL',
      notificationTo: ana.email,
      userId: ana.id,
    });
    expect(res.body.response).toBe(
      `I will run “my overdue tasks” every Monday at 09:00 (UTC), and the result is e-mailed to ${ana.email}. Reply “yes” to schedule it.`,
    );
    expect(
      res.body.agents.map((a) => [
        a.step,
        a.dependsOn,
        a.workflowAssignment,
        a.agent.name,
        a.tasksDependingOnThis.map((d) => d.step),
      ]),
    ).toEqual([
      [0, -1, true, 'Tempo', [1]],
      [1, 0, false, 'Dex', [2]],
      [2, 1, false, 'Tempo', []],
    ]);
    expect(res.body.agents[2].specificTask).toBe(`Send the result by EMAIL to ${ana.email}`);
  });

  it('takes the time zone of the organization profile unless the request names one, and channels from the words', async () => {
    expect(
      (
        await t.api.request('PATCH', '/api/v1/organization/profile', {
          token: admin.token,
          body: { timezone: 'Europe/Paris' },
        })
      ).status,
    ).toBe(200);
    const paris = await ask('Every weekday at 8:30 post the open tasks in #people');
    expect((await assign({ conversationId: paris.conversation })).body).toMatchObject({
      scheduleFrequency: 'WEEKDAY',
      hourOfWorkflow: 8,
      minuteOfWorkflow: 30,
      timeZone: 'Europe/Paris',
      notificationChannel: 'CHAT',
      notificationTo: '#people',
    });
    const tokyo = await ask('Every day at 7pm Asia/Tokyo notify me about overdue tasks');
    expect((await assign({ conversationId: tokyo.conversation })).body).toMatchObject({
      scheduleFrequency: 'DAILY',
      hourOfWorkflow: 19,
      timeZone: 'Asia/Tokyo',
      notificationChannel: 'IMMEDIATE',
      notificationTo: null,
    });
    await t.api.request('PATCH', '/api/v1/organization/profile', { token: admin.token, body: { timezone: 'UTC' } });
  });

  it('asks for what is missing, and takes the answer given in a reply', async () => {
    const asked = await ask('Every day email me the overdue tasks');
    expect(asked).toMatchObject({
      confirming: false,
      reply: 'To schedule “the overdue tasks” I still need the time of day.',
    });
    expect((await assign({ conversationId: asked.conversation })).body).toMatchObject({
      needsConfirmation: true,
      newWorkflow: false,
      scheduleFrequency: 'DAILY',
      hourOfWorkflow: null,
    });
    const completed = await reply(asked.conversation, 'at 7:15am');
    expect(completed).toMatchObject({ confirming: true, agent: { name: 'Tempo' } });
    expect((await assign({ conversationId: asked.conversation })).body).toMatchObject({
      needsConfirmation: false,
      newWorkflow: true,
      hourOfWorkflow: 7,
      minuteOfWorkflow: 15,
    });
  });

  it('asks which one time a request with several a day runs at, and settles on the time the reply names', async () => {
    const asked = await ask('twice a day at 9am and 5pm email me the open tickets');
    expect(asked.reply).toContain('one time of day');
    const both = await reply(asked.conversation, 'at 9 and at 5');
    expect(both.reply).toContain('one time of day');
    const settled = await reply(asked.conversation, 'make it 5pm');
    expect(settled).toMatchObject({ confirming: true });
    expect(settled.reply).toContain('“the open tickets”');
    expect((await assign({ conversationId: asked.conversation })).body).toMatchObject({
      needsConfirmation: false,
      scheduleFrequency: 'DAILY',
      hourOfWorkflow: 17,
      minuteOfWorkflow: 0,
    });
  });

  it('says why a request cannot be scheduled rather than guessing', async () => {
    const impossible = await ask('Every day at 25:00 email me the tasks');
    const holder = (await assign({ conversationId: impossible.conversation })).body;
    expect(holder).toMatchObject({
      scheduleFrequency: 'INVALID',
      newWorkflow: false,
      agents: [],
      response: 'at 25:00 is not a time of day (hours run from 0 to 23).',
    });
    const unscheduled = await ask('Send me the list of overdue tasks');
    expect((await assign({ conversationId: unscheduled.conversation })).body).toMatchObject({
      scheduleFrequency: 'NONE',
      newWorkflow: false,
      response: expect.stringMatching(/says nothing about when to run it/),
    });
  });

  it('plans a request to act now as NONE, asks what a schedule with no task should do, and keeps retrieval off every channel', async () => {
    const now = await ask('could you pull the list of people whose probation is ending');
    const planned = await assign({ conversationId: now.conversation });
    expect(planned.status).toBe(200);
    expect(planned.body).toMatchObject({ scheduleFrequency: 'NONE', newWorkflow: false, notificationChannel: 'NONE' });
    const empty = await ask('every monday at 9');
    const asked = await assign({ conversationId: empty.conversation });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ scheduleFrequency: 'INVALID', needsConfirmation: true, newWorkflow: false });
    expect(asked.body.response).toMatch(/what .*should do/);
    const shown = await ask('give me the open referrals daily at 9');
    expect((await assign({ conversationId: shown.conversation })).body).toMatchObject({
      scheduleFrequency: 'DAILY',
      hourOfWorkflow: 9,
      needsConfirmation: false,
      notificationChannel: 'NONE',
      notificationTo: null,
    });
  });

  it('forwards to a colleague named in lower case after “forward … to”, through the directory', async () => {
    const made = await t.api.post<{ id: string }>(
      '/api/v1/employee',
      { name: 'Marta Okonkwo', email: other.email },
      admin.token,
    );
    expect(made.status).toBe(201);
    const asked = await ask('forward the probation review list to marta every friday at 4');
    const holder = (await assign({ conversationId: asked.conversation })).body;
    expect(holder).toMatchObject({
      scheduleFrequency: 'WEEKLY',
      dayOfWorkflow: 5,
      hourOfWorkflow: 16,
      needsConfirmation: false,
      newWorkflow: true,
      notificationChannel: 'EMAIL',
      notificationTo: other.email,
    });
    expect(holder.response).toContain('“the probation review list”');
    expect(holder.response).not.toMatch(/marta/i);
  });

  it('refuses bad bodies and others’ conversations', async () => {
    const theirs = await ask('Every Monday at 9am email me my overdue tasks', other.token);
    const question = await ask('How many employees do we have?');
    expectError(await assign({}), 400, 'conversationId is required: assign plans the last request of a conversation');
    expectError(await assign({ conversationId: 'x' }), 400, 'conversationId must be a UUID');
    expectError(await assign({ conversationId: randomUUID() }), 404, 'conversation not found');
    expectError(await assign({ conversationId: theirs.conversation }), 404, 'conversation not found');
    expectError(
      await assign({ conversationId: question.conversation }),
      400,
      /^the conversation has no request to plan yet/,
    );
    expectError(
      await t.api.post('/api/v1/agent/assign', { conversationId: theirs.conversation }),
      401,
      'authentication required',
    );
  });
});

describe('workflows', () => {
  it('become real on “yes”: listed, paused, resumed and deleted by their owner only', async () => {
    const asked = await ask('Every Friday at 4pm post the completed tasks in #wins');
    const confirmed = await reply(asked.conversation, 'yes');
    expect(confirmed.reply).toMatch(
      /^Scheduled: I will run “the completed tasks” every Friday at 16:00 \(UTC\)\. The first run is at \S+Z\. Workflow [0-9a-f-]{36}\.$/,
    );
    const [workflow] = await workflows();
    expect(workflow).toMatchObject({
      conversationId: asked.conversation,
      userId: ana.id,
      scheduleFrequency: 'WEEKLY',
      hourOfWorkflow: 16,
      dayOfWorkflow: 5,
      notificationChannel: 'CHAT',
      notifyTo: '#wins',
      active: true,
      runs: 0,
    });
    const next = new Date(workflow.nextRunAt!);
    expect(next.getUTCDay()).toBe(5);
    expect(next.getUTCHours()).toBe(16);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(await workflows(other.token)).toEqual([]);
    expectError(
      await t.api.post(`/api/v1/agent/workflows/${workflow.id}/pause`, undefined, other.token),
      404,
      'workflow not found',
    );
    const paused = await t.api.post<WorkflowRecord>(
      `/api/v1/agent/workflows/${workflow.id}/pause`,
      undefined,
      ana.token,
    );
    expect(paused.body).toMatchObject({ active: false, nextRunAt: null });
    const resumed = await t.api.post<WorkflowRecord>(
      `/api/v1/agent/workflows/${workflow.id}/resume`,
      undefined,
      ana.token,
    );
    expect(resumed.body).toMatchObject({ active: true, nextRunAt: workflow.nextRunAt });
    expectError(await t.api.delete(`/api/v1/agent/workflows/${workflow.id}`, other.token), 404, 'workflow not found');
    const deleted = await t.api.delete(`/api/v1/agent/workflows/${workflow.id}`, ana.token);
    expect(deleted.status).toBe(200);
    expectError(await t.api.get(`/api/v1/agent/workflows/${workflow.id}`, ana.token), 404, 'workflow not found');
  });

  it('page newest first: GraphQL by cursor with totalCount, REST with limit, X-Total-Count and Link', async () => {
    const pager = await member(t, org, admin);
    const made: { id: string; createdAt: string }[] = [];
    for (const day of ['Monday', 'Tuesday', 'Wednesday']) {
      const asked = await ask(`Every ${day} at 9am post the completed tasks in #wins`, pager.token);
      const confirmed = await reply(asked.conversation, 'yes', pager.token);
      const id = /Workflow ([0-9a-f-]{36})\.$/.exec(confirmed.reply)?.[1];
      const read = await t.api.get<{ id: string; createdAt: string }>(`/api/v1/agent/workflows/${id}`, pager.token);
      expect(read.status).toBe(200);
      made.push(read.body);
    }
    // Also newest first, but by another key: conversations' cursors are still another list's.
    const list = { field: 'workflows', rest: '/api/v1/agent/workflows', token: pager.token, foreign: 'conversations' };
    expect(await readPaging(t.api, list)).toEqual(pagingOf(idsByTime(made, 'createdAt', true), list.rest));
  });

  it('run once on request, paused or not, leaving the schedule as it was', async () => {
    const asked = await ask('Every Monday at 9am email me my overdue tasks');
    await reply(asked.conversation, 'yes');
    const [workflow] = (await workflows()).filter((w) => w.conversationId === asked.conversation);
    expectError(
      await t.api.post(`/api/v1/agent/workflows/${workflow.id}/run`, undefined, other.token),
      404,
      'workflow not found',
    );
    expectError(
      await t.api.post(`/api/v1/agent/workflows/${workflow.id}/run`, undefined),
      401,
      'authentication required',
    );
    expectError(await t.api.post('/api/v1/agent/workflows/not-an-id/run', undefined, ana.token), 400, /\bid\b/);
    expect(
      (await t.api.post<WorkflowRecord>(`/api/v1/agent/workflows/${workflow.id}/pause`, undefined, ana.token)).status,
    ).toBe(200);
    // Four at once: one is queued, the others are refused while it waits, so requests cannot pile runs up.
    const tries = await Promise.all(
      [1, 2, 3, 4].map(() =>
        t.api.post<WorkflowRecord>(`/api/v1/agent/workflows/${workflow.id}/run`, undefined, ana.token),
      ),
    );
    expect(tries.map((r) => r.status).sort()).toEqual([202, 409, 409, 409]);
    const started = tries.find((r) => r.status === 202)!;
    expect(started.body).toMatchObject({ id: workflow.id, active: false, runs: 0 });
    expect(tries.find((r) => r.status === 409)!.body).toBe(
      'a run of this workflow is already queued; ask again once it has run',
    );
    const mails = smtp.mails.length;
    let after = started.body;
    for (
      const until = Date.now() + 30_000;
      after.runs === 0 && Date.now() < until;
      await new Promise((r) => setTimeout(r, 200))
    ) {
      after = (await t.api.get<WorkflowRecord>(`/api/v1/agent/workflows/${workflow.id}`, ana.token)).body;
    }
    expect(after).toMatchObject({
      runs: 1,
      active: false,
      nextRunAt: null,
      lastNotification: `sent to ${ana.email}`,
      lastResult: 'You have no open plan tasks overdue.',
    });
    expect((await smtp.waitFor(mails + 1, 10_000)).length).toBeGreaterThan(mails);
    const resumed = await t.api.post<WorkflowRecord>(
      `/api/v1/agent/workflows/${workflow.id}/resume`,
      undefined,
      ana.token,
    );
    expect(resumed.body).toMatchObject({ active: true, nextRunAt: workflow.nextRunAt, runs: 1 });
    const history = (
      await t.api.post<HistoryRecord[]>('/api/v1/agent/history', { conversationId: asked.conversation }, ana.token)
    ).body;
    expect(history[history.length - 1]).toMatchObject({
      agent: 'Tempo',
      message: 'Workflow “my overdue tasks” ran: You have no open plan tasks overdue.',
    });
  });

  it('does not schedule an incomplete plan on “yes”: it asks again', async () => {
    const asked = await ask('Every month send me the headcount');
    const answered = await reply(asked.conversation, 'yes');
    expect(answered.reply).toBe('To schedule “the headcount” I still need the time of day and the day of the month.');
    expect((await workflows()).filter((w) => w.conversationId === asked.conversation)).toEqual([]);
  });

  it('runs a minute ahead: the answer in the conversation, a workflow.patch webhook, and an e-mail', async () => {
    const key = await createKey(t, admin);
    await createWebhook(t, admin, {
      name: 'workflows',
      url: receiver.url,
      eventType: 'workflow.*',
      signingKey: key.id,
    });
    const { at, hhmm } = nextMinuteAhead();
    const asked = await ask(`Every day at ${hhmm} UTC email me my overdue tasks`);
    expect(asked.confirming).toBe(true);
    await reply(asked.conversation, 'yes');
    const [workflow] = (await workflows()).filter((w) => w.conversationId === asked.conversation);
    expect(workflow.nextRunAt).toBe(at.toISOString());

    const mailed = smtp.mails.length;
    const mail = (await smtp.waitFor(mailed + 1, 150_000))[mailed];
    expect(mail.to).toEqual([ana.email]);
    expect(mail.raw).toMatch(/Subject: Workflow: my overdue tasks/);
    expect(mail.raw).toMatch(/You have no open plan tasks overdue\./);
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());

    const isRun = (r: (typeof receiver.received)[number]) =>
      r.json.type === 'workflow.patch' && r.json.data.id === workflow.id && r.json.data.current?.runs === 1;
    const event = (await receiver.waitFor((all) => all.some(isRun), 30_000)).find(isRun)!;
    expect(event.json.data).toMatchObject({ object: 'workflow', organization: org.id, id: workflow.id });
    expect(event.json.data.current).toMatchObject({
      lastNotification: `sent to ${ana.email}`,
      lastResult: 'You have no open plan tasks overdue.',
    });
    expect(event.json.data.changedFields).toEqual(
      expect.arrayContaining(['lastRunAt', 'lastResult', 'lastNotification', 'runs', 'nextRunAt']),
    );

    const history = (
      await t.api.post<HistoryRecord[]>('/api/v1/agent/history', { conversationId: asked.conversation }, ana.token)
    ).body;
    expect(history[history.length - 1]).toMatchObject({
      agent: 'Tempo',
      messageType: 'agent_response',
      message: 'Workflow “my overdue tasks” ran: You have no open plan tasks overdue.',
    });
    const after = (await t.api.get<WorkflowRecord>(`/api/v1/agent/workflows/${workflow.id}`, ana.token)).body;
    expect(after).toMatchObject({ runs: 1, lastNotification: `sent to ${ana.email}` });
    expect(Date.parse(after.nextRunAt!) - at.getTime()).toBe(24 * 3600 * 1000);
  }, 200_000);
});

describe('GraphQL', () => {
  it('assigns, lists, pauses and deletes through the same schema', async () => {
    const asked = await ask('Every Tuesday at 10am post the new joiners in #welcome', other.token);
    const assigned = await t.api.graphql<{
      assign: {
        scheduleFrequency: string;
        dayOfWorkflow: number;
        notificationTo: string;
        agents: { step: number; tasksDependingOnThis: { step: number }[] }[];
      };
    }>(
      'mutation ($input: UserRequest!) { assign(input: $input) { scheduleFrequency dayOfWorkflow notificationTo agents { step tasksDependingOnThis { step } } } }',
      { input: { conversationId: asked.conversation } },
      other.token,
    );
    expect(assigned.data!.assign).toEqual({
      scheduleFrequency: 'WEEKLY',
      dayOfWorkflow: 2,
      notificationTo: '#welcome',
      agents: [
        { step: 0, tasksDependingOnThis: [{ step: 1 }] },
        { step: 1, tasksDependingOnThis: [{ step: 2 }] },
        { step: 2, tasksDependingOnThis: [] },
      ],
    });
    await reply(asked.conversation, 'yes', other.token);
    const listed = await t.api.graphql<{ workflows: { nodes: { id: string; active: boolean }[] } }>(
      '{ workflows { nodes { id active } } }',
      {},
      other.token,
    );
    const id = listed.data!.workflows.nodes[0].id;
    const paused = await t.api.graphql<{ pauseWorkflow: { active: boolean; nextRunAt: string | null } }>(
      'mutation ($id: UUID!) { pauseWorkflow(id: $id) { active nextRunAt } }',
      { id },
      other.token,
    );
    expect(paused.data!.pauseWorkflow).toEqual({ active: false, nextRunAt: null });
    const deleted = await t.api.graphql<{ deleteWorkflow: boolean }>(
      'mutation ($id: UUID!) { deleteWorkflow(id: $id) }',
      { id },
      other.token,
    );
    expect(deleted.data!.deleteWorkflow).toBe(true);
    const missing = await t.api.graphql(
      'mutation ($input: UserRequest!) { assign(input: $input) { response } }',
      { input: {} },
      other.token,
    );
    expect(missing.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
  });
});
