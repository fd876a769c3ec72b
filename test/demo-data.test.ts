import { DEMO_ALIAS, DOCUMENTS, GROUPS, PEOPLE, PLANS } from '../src/demo/demo-data';
import { seedDemo } from '../src/demo/seed-demo';
import type { AgentAnswer } from './helpers/agent';
import { startTestApp, type TestApp } from './helpers/test-app';

// The demo organization (src/demo/): created over the service's own API, complete on first use,
// idempotent, and completed when a part of it is missing.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const admin = (org?: string) =>
  t.token({ sub: 'dev-admin', email: 'admin@example.com', roles: ['ADMIN'], ...(org ? { org } : {}) });
const TASKS = PLANS.reduce((n, p) => n + p.tasks.length, 0);

it('creates an organization with an org chart, groups, plans with tasks and handbook pages, once', async () => {
  const first = await seedDemo(t.app.url, admin);
  expect(first.created).toEqual({
    organization: 1,
    employees: PEOPLE.length,
    groups: GROUPS.length,
    plans: PLANS.length,
    tasks: TASKS,
    documents: DOCUMENTS.length,
  });
  const again = await seedDemo(t.app.url, admin);
  expect(again).toEqual({
    organization: first.organization,
    created: { organization: 0, employees: 0, groups: 0, plans: 0, tasks: 0, documents: 0 },
  });

  // Its owner sees the lists filled and the agent answers from the handbook and the org chart.
  const ana = t.token({ sub: 'ana', email: 'ana@example.com', org: first.organization });
  const byAlias = await t.api.get<{ id: string }>(`/api/v1/organization/alias/${DEMO_ALIAS}`, ana);
  expect(byAlias.body.id).toBe(first.organization);
  expect((await t.api.get<unknown[]>('/api/v1/employee', ana)).body).toHaveLength(PEOPLE.length);
  const plans = await t.api.get<{ name: string }[]>('/api/v1/idp?scope=MINE', ana);
  expect(plans.body.map((p) => p.name).sort()).toEqual(PLANS.map((p) => p.name).sort());
  const leave = await t.api.post<AgentAnswer>(
    '/api/v1/agent/ask',
    { question: 'how many days of holiday do I get?' },
    ana,
  );
  expect(leave.body.reply).toMatch(/25 days of annual leave/);
  const boss = await t.api.post<AgentAnswer>('/api/v1/agent/ask', { question: 'Who does Dev Patel report to?' }, ana);
  expect(boss.body.reply).toMatch(/^Dev Patel reports to Ben Carter/);
});

it('completes a demo organization that misses a part', async () => {
  const { organization } = await seedDemo(t.app.url, admin);
  const groups = await t.api.get<{ id: string; name: string }[]>('/api/v1/group', admin(organization));
  expect(
    (await t.api.request('DELETE', `/api/v1/group/${groups.body[0].id}`, { token: admin(organization) })).status,
  ).toBeLessThan(300);
  expect((await seedDemo(t.app.url, admin)).created).toEqual({
    organization: 0,
    employees: 0,
    groups: 1,
    plans: 0,
    tasks: 0,
    documents: 0,
  });
});
