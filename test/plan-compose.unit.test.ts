import fc from 'fast-check';
import { planRequest } from '../src/modules/agent/planner/plan-request';
import { composedRequest, type Expected, ME, normalTask, ORG_ZONE } from './helpers/composed-requests';

// Composed requests (test/helpers/composed-requests.ts): each written from independent parts of
// known meaning (courtesy, frequency, time, zone, channel, task, a typo) in varied orders, and
// checked on every field of its plan and on the task text. The score is printed with up to 20
// misreadings; below 99 % fully right the test fails. A new seed each run (printed), so that the
// runs together cover more than one sample; COMPOSE_SEED=<n> repeats one.

const NOW = new Date('2026-11-25T09:00:00Z'); // Wednesday, 10:00 in Paris
const CONTEXT = { timeZone: ORG_ZONE, email: ME, now: NOW };
const RUNS = 10_000;
const SEED = Number(process.env.COMPOSE_SEED ?? Date.now() % 2 ** 31);

const FIELDS = [
  'frequency',
  'hour',
  'minute',
  'day',
  'recurrence',
  'date',
  'timeZone',
  'channel',
  'notifyTo',
  'recipient',
  'needsConfirmation',
] as const;

/** The differences between a plan and what its parts mean; none when it is fully right. */
function differences(request: string, want: Expected): string[] {
  const plan = planRequest(request, CONTEXT);
  const got = { ...plan, recipient: plan.recipient ?? null, needsConfirmation: plan.missing.length > 0 };
  if (want.frequency === 'ASK') {
    // Two times a day: asked about, never one of them kept silently.
    const asked = got.needsConfirmation && plan.frequency !== 'INVALID';
    return asked ? [] : [`not asked about: got ${plan.frequency} at ${plan.hour}:${plan.minute}`];
  }
  const wrong = FIELDS.filter((field) => got[field] !== want[field]).map(
    (field) => `${field}: got ${String(got[field])}, want ${String(want[field])}`,
  );
  if (normalTask(plan.task) !== normalTask(want.task)) wrong.push(`task: got “${plan.task}”, want “${want.task}”`);
  if (plan.missing.length && !want.needsConfirmation) wrong.push(`asked: ${plan.missing.join('; ')}`);
  return wrong;
}

it(`reads at least 99% of ${RUNS} composed requests fully right, task text included`, () => {
  const samples = fc.sample(composedRequest, { numRuns: RUNS, seed: SEED });
  const misread: string[] = [];
  for (const { request, expect: want } of samples) {
    const wrong = differences(request, want);
    if (wrong.length) misread.push(`"${request}": ${wrong.join('; ')}`);
  }
  const right = samples.length - misread.length;
  console.log(
    `composed requests (seed ${SEED}): ${right}/${samples.length} fully right (${((right / samples.length) * 100).toFixed(2)}%)${
      misread.length ? `\n${misread.slice(0, 20).join('\n')}` : ''
    }`,
  );
  expect(samples.length).toBe(RUNS);
  expect(right / samples.length).toBeGreaterThanOrEqual(0.99);
}, 60_000);
