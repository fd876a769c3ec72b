import { askThenAssign } from './helpers/agent';
import { type AccountMember, member } from './helpers/directory';
import { orgWithAdmin } from './helpers/fixtures';
import { MiB } from './helpers/hostile-body';
import { OpenAiFixture, type Scripted } from './helpers/openai-server';
import { startTestApp, type TestApp } from './helpers/test-app';

// With a language model configured, the planner asks it for the assignment as structured output
// and checks it against the rule reader (src/modules/agent/planner/plan-reader.ts): agreement
// keeps the plan, disagreement asks the user, a model that fails or answers malformed JSON
// leaves the rules' plan. Against the loopback chat-completions server of test/helpers.

let llm: OpenAiFixture;
let t: TestApp;
let carol: AccountMember;

beforeAll(async () => {
  llm = new OpenAiFixture();
  t = await startTestApp({
    LLM_BASE_URL: await llm.start(),
    LLM_MODEL: 'test-model',
    LLM_TIMEOUT_MS: '4000',
    LLM_RETRIES: '0',
    LLM_MAX_RESPONSE_BYTES: String(MiB),
  });
  const { org, admin } = await orgWithAdmin(t, 'Planning Model Org');
  carol = await member(t, org, admin);
});

afterAll(async () => {
  await t.close();
  await llm.close();
});

interface Holder {
  response: string;
  needsConfirmation: boolean;
  newWorkflow: boolean;
  scheduleFrequency: string;
  dayOfWorkflow: number | null;
  recurrence: string | null;
}

const REQUEST = 'Every Tuesday and Thursday at 9am email me my overdue tasks';
const AGREEING = {
  frequency: 'CUSTOM',
  hour: 9,
  minute: 0,
  day: null,
  recurrence: 'FREQ=WEEKLY;BYDAY=TU,TH',
  date: null,
  timeZone: 'UTC',
  channel: 'EMAIL',
  notifyTo: null,
};

/** Asks in a new conversation (the planner's reply takes one model call, its wording a second), then assigns (a third). */
async function assignWith(...answers: unknown[]): Promise<Holder> {
  const scripted = answers.map((answer) =>
    typeof answer === 'string' ? { chunks: [answer] } : { chunks: [JSON.stringify(answer)] },
  );
  llm.respondWith(scripted[0], { chunks: ['Worded by the model.'] }, scripted[1] ?? scripted[0]);
  return askThenAssign<Holder>(t, REQUEST, carol.token);
}

it('asks the model for the assignment as structured output with the request and its context', async () => {
  const before = llm.requests.length;
  await assignWith({ ...AGREEING, notifyTo: carol.email });
  const planning = llm.requests.slice(before).find((r) => !r.body.stream)!;
  expect(planning.body).toMatchObject({
    model: 'test-model',
    stream: false,
    response_format: { type: 'json_schema', json_schema: { name: 'assignment', strict: true } },
  });
  expect(planning.body.messages[1]).toEqual({ role: 'user', content: REQUEST });
  expect(planning.body.messages[0].content).toContain('time zone is UTC');
});

it('keeps the plan when the model agrees with the rules', async () => {
  const holder = await assignWith({ ...AGREEING, notifyTo: carol.email });
  expect(holder).toMatchObject({
    needsConfirmation: false,
    newWorkflow: true,
    scheduleFrequency: 'CUSTOM',
    recurrence: 'FREQ=WEEKLY;BYDAY=TU,TH',
  });
});

it('asks the user which reading is meant when the model disagrees, and schedules nothing', async () => {
  const holder = await assignWith({
    ...AGREEING,
    frequency: 'WEEKLY',
    day: 2,
    recurrence: 'FREQ=WEEKLY;BYDAY=TU',
    notifyTo: carol.email,
  });
  expect(holder).toMatchObject({ needsConfirmation: true, newWorkflow: false, scheduleFrequency: 'CUSTOM' });
  expect(holder.response).toBe(
    `To schedule “my overdue tasks” I still need to know which you mean: every Tuesday and Thursday at 09:00 (UTC) to ${carol.email}, or every Tuesday at 09:00 (UTC) to ${carol.email}.`,
  );
});

it.each<[string, () => unknown]>([
  ['malformed JSON', () => 'Sure! Here is the plan: every Tuesday and Thursday'],
  ['an hour outside the schema', () => ({ ...AGREEING, hour: 31, notifyTo: carol.email })],
  ['an unknown time zone', () => ({ ...AGREEING, timeZone: 'Mars/Olympus', notifyTo: carol.email })],
  ['a field left out', () => ({ ...AGREEING, notifyTo: undefined })],
])('keeps the rules’ plan when the model answers %s', async (_case, answer) => {
  const holder = await assignWith(answer());
  expect(holder).toMatchObject({
    needsConfirmation: false,
    newWorkflow: true,
    scheduleFrequency: 'CUSTOM',
    recurrence: 'FREQ=WEEKLY;BYDAY=TU,TH',
  });
});

/** Asks and assigns with the model's two planning answers failing as `failure` says: the rules' plan must stand. */
async function expectRulesPlanDespite(failure: Scripted): Promise<void> {
  llm.respondWith(failure, { chunks: ['Worded by the model.'] }, failure);
  const assigned = await askThenAssign<Holder>(t, REQUEST, carol.token);
  expect(assigned).toMatchObject({
    needsConfirmation: false,
    newWorkflow: true,
    recurrence: 'FREQ=WEEKLY;BYDAY=TU,TH',
  });
}

it('keeps the rules’ plan when the model server fails', async () => {
  await expectRulesPlanDespite({ status: 503 });
});

it('stops reading a planning answer past LLM_MAX_RESPONSE_BYTES and keeps the rules’ plan', async () => {
  const before = llm.sent.length;
  const started = Date.now();
  await expectRulesPlanDespite({ hugeJson: 64 * MiB });
  expect(Date.now() - started).toBeLessThan(4000);
  // Both planning answers were cut off near the cap (loopback socket buffers take a few MiB more).
  const sent = await Promise.all(llm.sent.slice(before));
  expect(sent).toHaveLength(2);
  for (const one of sent) {
    expect(one.finished).toBe(false);
    expect(one.bytes).toBeLessThan(16 * MiB);
  }
});
