import { DEMO_ALIAS } from '../src/demo/demo-data';
import { seedDemo } from '../src/demo/seed-demo';
import type { AgentAnswer } from './helpers/agent';
import { type AccountMember, member } from './helpers/directory';
import { orgWithAdmin } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

// Directory questions read as queries over the directory's model (specialists/directory-query.ts)
// and answered from the records over HTTP, on an organization invented here: counts by the
// organization's own values, inverse relations, skip-level managers, attributes in everyday
// words, a group's lead, yes/no, fields the model lacks, unknown people, and another
// organization's people never counted or named. Then the demo organization's documented examples.

let t: TestApp;
let asker: AccountMember;
const ids = new Map<string, string>();

beforeAll(async () => {
  t = await startTestApp();
  const { org, admin } = await orgWithAdmin(t, 'Fjordline Ferries');
  const post = async (path: string, body: unknown, token = admin.token): Promise<string> => {
    const res = await t.api.post<{ id: string }>(path, body, token);
    if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${res.text}`);
    return res.body.id;
  };
  const people: [string, Record<string, string>, string?][] = [
    ['Ingrid Solberg', { title: 'Managing Director', department: 'Executive', location: 'Bergen', email: 'ingrid@fjordline.example', startDate: '2015-04-01' }],
    ['Priya Raman', { title: 'Head of Finance', department: 'Finance', location: 'Oslo', email: 'priya@fjordline.example', startDate: '2019-09-02' }, 'Ingrid Solberg'],
    ['Tomasz Wielgus', { title: 'Accountant', department: 'Finance', location: 'Oslo', startDate: '2023-02-13' }, 'Priya Raman'],
    ['Marit Lunde', { title: 'Accountant', department: 'Finance', location: 'Tromsø', startDate: '2024-06-03' }, 'Priya Raman'],
    ['Leilani Okafor', { title: 'Head of Customer Success', department: 'Customer Success', location: 'Oslo', startDate: '2021-01-11' }, 'Ingrid Solberg'],
    ['Joss Whitfield', { title: 'Support Agent', department: 'Customer Success', location: 'Bergen', startDate: '2023-08-21' }, 'Leilani Okafor'],
    ['Kari Nygaard', { title: 'Support Agent', department: 'Customer Success', location: 'Bergen', startDate: '2024-01-08' }, 'Joss Whitfield'],
  ]; // prettier-ignore
  for (const [name, fields, manager] of people)
    ids.set(name, await post('/api/v1/employee', { name, ...fields, manager: manager ? ids.get(manager) : undefined }));
  await post('/api/v1/group', {
    name: 'Harbour Choir',
    description: 'Sings at the summer party. Chaired by Marit Lunde.',
    members: ['Marit Lunde', 'Joss Whitfield', 'Ingrid Solberg'].map((n) => ids.get(n)),
  });
  await post('/api/v1/group', {
    name: 'Ledger Club',
    description: 'Month-end close volunteers',
    members: ['Priya Raman', 'Tomasz Wielgus', 'Marit Lunde'].map((n) => ids.get(n)),
  });
  await post('/api/v1/group', {
    name: 'Lunch Crew',
    description: 'Tries a new place every Friday',
    members: ['Tomasz Wielgus', 'Kari Nygaard'].map((n) => ids.get(n)),
  });
  asker = await member(t, org, admin);

  // Another organization with people in the same city and department, and a namesake.
  const other = await orgWithAdmin(t, 'Other Ferries');
  for (const name of ['Olav Haug', 'Priya Other'])
    await post('/api/v1/employee', { name, department: 'Finance', location: 'Oslo' }, other.admin.token);
});

afterAll(() => t.close());

const ask = async (question: string, token = asker.token): Promise<AgentAnswer> => {
  const res = await t.api.post<AgentAnswer>('/api/v1/agent/ask', { question }, token);
  expect(res.status).toBe(200);
  return res.body;
};
const reply = async (question: string) => (await ask(question)).reply;
it('counts people by the organization’s own values, naming them, and never another organization’s', async () => {
  expect(await reply('how many people in Oslo?')).toBe(
    '3 active employees work in Oslo: Leilani Okafor, Priya Raman, Tomasz Wielgus.',
  );
  expect(await reply('How many staff do we have in finance')).toBe(
    '3 active employees work in Finance: Marit Lunde, Priya Raman, Tomasz Wielgus.',
  );
  expect(await reply('who works in Customer Success?')).toBe(
    '3 people work in Customer Success: Joss Whitfield, Kari Nygaard, Leilani Okafor.',
  );
  expect(await reply('how many accountants are there')).toBe(
    '2 active employees work with the title Accountant: Marit Lunde, Tomasz Wielgus.',
  );
  expect(await reply('who joined in 2023?')).toMatch(
    /^2 people joined from 2023-01-01 .*: Joss Whitfield, Tomasz Wielgus\.$/,
  );
  const oslo = await ask('how many people work in Oslo');
  expect(oslo.reply).not.toMatch(/Olav|Other/);
  expect(oslo.sources.map((s) => s.name).sort()).toEqual(['Leilani Okafor', 'Priya Raman', 'Tomasz Wielgus']);
});

it('answers inverse relations, counts of reports and skip-level managers', async () => {
  expect(await reply('whose manager is Priya?')).toBe('2 people report to Priya Raman: Marit Lunde, Tomasz Wielgus.');
  expect(await reply('how many direct reports does Leilani have?')).toBe(
    '1 person reports to Leilani Okafor: Joss Whitfield.',
  );
  expect(await reply("who is in Ingrid's whole org")).toBe(
    '6 people report to Ingrid Solberg, directly or through their managers: Joss Whitfield, Kari Nygaard, Leilani Okafor, Marit Lunde, Priya Raman, Tomasz Wielgus.',
  );
  const skip = await ask("who is Kari Nygaard's skip-level manager?");
  expect(skip.reply).toBe(
    'Joss Whitfield reports to Leilani Okafor (Head of Customer Success). (Kari Nygaard → Joss Whitfield → Leilani Okafor)',
  );
  expect(skip.sources.map((s) => s.name)).toEqual(['Kari Nygaard', 'Joss Whitfield', 'Leilani Okafor']);
  expect(await reply("who is Kari's manager's manager's manager")).toMatch(/reports to Ingrid Solberg/);
});

it('answers attributes asked in everyday words, names misspelt', async () => {
  expect(await reply('how do I reach Priya?')).toBe('Priya Raman’s e-mail address is priya@fjordline.example.');
  expect(await reply("Ingrid's mail please")).toBe('Ingrid Solberg’s e-mail address is ingrid@fjordline.example.');
  expect(await reply('what does Tomasz Wielgos do')).toBe('Tomasz Wielgus is Accountant in Finance.');
  expect(await reply('where does Marit sit?')).toBe('Marit Lunde is based in Tromsø.');
  expect(await reply('when did Joss join?')).toBe('Joss Whitfield joined on 2023-08-21.');
  expect(await reply('how can I contact Tomasz?')).toMatch(
    /^I don’t know: the directory has no e-mail address for Tomasz Wielgus/,
  );
});

it('says who leads a group, and how it knows', async () => {
  expect(await reply('Who chairs the Harbour Choir?')).toBe(
    'Marit Lunde leads Harbour Choir: its description says “Sings at the summer party. Chaired by Marit Lunde.”.',
  );
  expect(await reply('who runs the ledger club')).toBe(
    'Priya Raman leads Ledger Club: the other members report to Priya Raman, directly or through their managers.',
  );
  expect(await reply('Who owns the Lunch Crew?')).toBe(
    'I don’t know: the directory has no lead for Lunch Crew. Its members are Kari Nygaard, Tomasz Wielgus.',
  );
});

it('answers yes/no questions from the records', async () => {
  expect(await reply('is Priya in Finance?')).toBe('Yes: Priya Raman works in Finance.');
  expect(await reply('Is Joss based in Oslo?')).toBe('No: Joss Whitfield is based in Bergen, not Oslo.');
  expect(await reply('does Kari report to Leilani?')).toBe(
    'Yes, indirectly: Kari Nygaard reports to Joss Whitfield reports to Leilani Okafor.',
  );
  expect(await reply('does Tomasz report to Leilani?')).toBe(
    'No: Tomasz Wielgus does not report to Leilani Okafor; Tomasz Wielgus reports to Priya Raman.',
  );
  expect(await reply('is Marit in the Ledger Club?')).toBe('Yes: Marit Lunde is a member of Ledger Club.');
});

it('says so for a field the model lacks and for someone it does not know, never another answer', async () => {
  expect(await reply("what's Priya's phone number?")).toMatch(
    /^I don’t know: the directory does not hold phone numbers\./,
  );
  expect(await reply('how much does Tomasz earn?')).toMatch(/^I don’t know: the directory does not hold salaries/);
  expect(await reply('How many direct reports does Zed Quill have?')).toBe(
    'I don’t know anyone called “Zed Quill” in the directory.',
  );
  expect(await reply('who is Olav Haug')).toMatch(/^I don’t know/);
});

it('answers the examples the console and the docs show, on the demo organization', async () => {
  const admin = (org?: string) =>
    t.token({ sub: 'dev-admin', email: 'admin@example.com', roles: ['ADMIN'], ...(org ? { org } : {}) });
  const { organization } = await seedDemo(t.app.url, admin);
  const ana = t.token({ sub: 'ana', email: 'ana@example.com', org: organization });
  expect((await t.api.get<{ id: string }>(`/api/v1/organization/alias/${DEMO_ALIAS}`, ana)).body.id).toBe(organization);
  // console/src/chat.ts's placeholder.
  expect((await ask('Who leads the Platform Guild?', ana)).reply).toBe(
    'Ben Carter leads Platform Guild: the other members report to Ben Carter, directly or through their managers.',
  );
  // docs/agent.md.
  const reports = await ask('Who reports to Ben Carter?', ana);
  expect(reports.reply).toBe('3 people report to Ben Carter: Dev Patel, Eva Novak, Femi Okoro.');
  expect(reports.sources.map((s) => s.name)).toEqual(['Ben Carter', 'Dev Patel', 'Eva Novak', 'Femi Okoro']);
  expect((await ask('How many vacation days do I get?', ana)).reply).toMatch(/25 days of annual leave/);
});
