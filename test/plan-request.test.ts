import { planRequest } from '../src/modules/agent/planner/plan-request';
import { LABELLED } from './fixtures/planner-requests';

// Planner accuracy over labelled requests (test/fixtures/planner-requests.ts): the share of
// requests whose every labelled field is read right. Below 95 % the test fails.

const CONTEXT = { timeZone: 'Europe/Paris', email: 'ana@example.com' };
const DEFAULTS = { hour: null, minute: null, day: null, timeZone: 'Europe/Paris', channel: 'NONE', notifyTo: null, needsConfirmation: false };

it(`reads at least 95% of ${LABELLED.length} labelled requests fully right`, () => {
  expect(LABELLED.length).toBeGreaterThanOrEqual(60);
  const wrong: string[] = [];
  for (const { request, expect: labelled } of LABELLED) {
    const plan = planRequest(request, CONTEXT);
    const got = { frequency: plan.frequency, hour: plan.hour, minute: plan.minute, day: plan.day, timeZone: plan.timeZone, channel: plan.channel, notifyTo: plan.notifyTo, needsConfirmation: plan.missing.length > 0 };
    const want = { ...DEFAULTS, ...labelled };
    // An INVALID request has no schedule to compare; its zone and channel do not matter.
    const fields = want.frequency === 'INVALID' ? (['frequency'] as const) : (Object.keys(want) as (keyof typeof want)[]);
    const differences = fields.filter((field) => got[field] !== want[field]).map((field) => `${field}: got ${String(got[field])}, want ${String(want[field])}`);
    if (differences.length) wrong.push(`"${request}": ${differences.join('; ')}`);
  }
  const score = (LABELLED.length - wrong.length) / LABELLED.length;
  console.log(`planner: ${LABELLED.length - wrong.length}/${LABELLED.length} fully right (${(score * 100).toFixed(1)}%)${wrong.length ? `\n${wrong.join('\n')}` : ''}`);
  expect(score).toBeGreaterThanOrEqual(0.95);
});

it('explains why a request cannot be scheduled instead of guessing', () => {
  expect(planRequest('Every day at 25:00 email me the tasks', CONTEXT)).toMatchObject({ frequency: 'INVALID', problem: 'at 25:00 is not a time of day (hours run from 0 to 23).' });
  expect(planRequest('Send me the list of overdue tasks', CONTEXT).problem).toMatch(/says nothing about when to run it/);
  expect(planRequest('Every Monday at 9am email me my overdue tasks', CONTEXT).task).toBe('email me my overdue tasks');
});
