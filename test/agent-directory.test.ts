import { createHash } from 'node:crypto';
import { DEMO_ALIAS } from '../src/demo/demo-data';
import { seedDemo } from '../src/demo/seed-demo';
import { MAX_NAMED } from '../src/modules/agent/specialists/directory-records';
import type { AgentAnswer } from './helpers/agent';
import { type AccountMember, member } from './helpers/directory';
import { orgWithAdmin } from './helpers/fixtures';
import { statementsOf } from './helpers/queries';
import { startTestApp, type TestApp } from './helpers/test-app';

// Directory questions read as queries over the directory's model (specialists/directory-query.ts)
// and answered from the records over HTTP, on an organization invented here: counts by the
// organization's own values, inverse relations, skip-level managers, attributes in everyday
// words, a group's lead, yes/no, fields the model lacks, unknown people, and another
// organization's people never counted or named. Then the demo organization's documented examples.

let t: TestApp;
let asker: AccountMember;
let joss: AccountMember;
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
  // Joss's record is linked to an account of their own: the questions about "me" are Joss's.
  joss = await member(t, org, admin);
  for (const [name, fields, manager] of people) {
    const account = name === 'Joss Whitfield' ? joss.id : undefined;
    ids.set(name, await post('/api/v1/employee', { name, ...fields, account, manager: manager && ids.get(manager) }));
  }
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
  // "else" beside "reports to X" asks for X's reports, not for X's peers.
  expect(await reply('who else reports to priya besides tomasz?')).toBe(
    '2 people report to Priya Raman: Marit Lunde, Tomasz Wielgus.',
  );
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

it('lists the holders of a role asked in the plural, and says who joined last or has been there longest', async () => {
  expect(await reply('who are the accountants?')).toBe(
    '2 people hold the title Accountant: Marit Lunde, Tomasz Wielgus.',
  );
  expect(await reply('list the support agents')).toBe(
    '2 people hold the title Support Agent: Joss Whitfield, Kari Nygaard.',
  );
  // A title written bare is its holder where nothing is listed or counted.
  expect(await reply('managing director email?')).toBe('Ingrid Solberg’s e-mail address is ingrid@fjordline.example.');
  expect(await reply('who joined most recently?')).toBe('Marit Lunde joined most recently, on 2024-06-03.');
  expect(await reply('who is the newest person in customer success')).toBe(
    'Kari Nygaard joined most recently in Customer Success, on 2024-01-08.',
  );
  expect(await reply('who has been at the company the longest')).toBe(
    'Ingrid Solberg has been here longest, since 2015-04-01.',
  );
});

it('reads the organization’s own name as no word of the question, counts everyone at it, and compares start dates', async () => {
  expect(await reply('when did Joss start at Fjordline?')).toBe('Joss Whitfield joined on 2023-08-21.');
  expect(await reply('how many people work at fjordline ferries')).toMatch(/^7 active employees work here: /);
  expect(await reply('who joined first, Joss or Marit?')).toBe(
    'Joss Whitfield joined first (Joss Whitfield on 2023-08-21, Marit Lunde on 2024-06-03).',
  );
  expect(await reply('who started later, marit or joss')).toMatch(/^Marit Lunde joined last /);
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
  // A statement with a tag at the end asks the same.
  expect(await reply('priya works in finance, right?')).toBe('Yes: Priya Raman works in Finance.');
  expect(await reply('Joss is based in Oslo, no?')).toBe('No: Joss Whitfield is based in Bergen, not Oslo.');
  expect(await reply('kari reports to leilani yes?')).toMatch(/^Yes, indirectly: Kari Nygaard reports to/);
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

it('answers questions about the asker from the employee linked to their account', async () => {
  const mine = async (question: string) => (await ask(question, joss.token)).reply;
  expect(await mine('how many reports do I have')).toBe('1 person reports to Joss Whitfield: Kari Nygaard.');
  expect(await mine('who reports to me?')).toBe('1 person reports to Joss Whitfield: Kari Nygaard.');
  expect(await mine('who is my manager?')).toBe('Joss Whitfield reports to Leilani Okafor (Head of Customer Success).');
  expect(await mine('who do I report to')).toBe('Joss Whitfield reports to Leilani Okafor (Head of Customer Success).');
  expect(await mine("who's my skip level")).toBe(
    'Leilani Okafor reports to Ingrid Solberg (Managing Director). (Joss Whitfield → Leilani Okafor → Ingrid Solberg)',
  );
  expect(await mine('which groups am I in?')).toBe('Joss Whitfield is a member of 1 group: Harbour Choir.');
  expect(await mine("what's my title")).toBe('Joss Whitfield is Support Agent in Customer Success.');
  expect(await mine('what is my job title and my e-mail?')).toMatch(
    /^Joss Whitfield is Support Agent in Customer Success\.\s+I don’t know: the directory has no e-mail address for Joss Whitfield/,
  );
  expect(await mine('where am I based?')).toBe('Joss Whitfield is based in Bergen.');
  expect(await mine('when did I join?')).toBe('Joss Whitfield joined on 2023-08-21.');
  expect(await mine('am I in Finance?')).toBe('No: Joss Whitfield works in Customer Success, not Finance.');
  expect(await mine('am I in the Harbour Choir?')).toBe('Yes: Joss Whitfield is a member of Harbour Choir.');
  expect(await mine('do I report to Ingrid?')).toBe(
    'Yes, indirectly: Joss Whitfield reports to Leilani Okafor reports to Ingrid Solberg.',
  );
  expect(await mine('is Leilani my manager?')).toBe('Yes: Joss Whitfield reports directly to Leilani Okafor.');
  // "Me" told, not asked about; and questions that are not about the asker's record.
  expect(await mine('tell me who reports to Priya')).toBe(
    '2 people report to Priya Raman: Marit Lunde, Tomasz Wielgus.',
  );
  for (const question of [
    'how do I reach the finance team?',
    'where do I submit my expenses?',
    'can my manager approve my leave?',
  ])
    expect({ question, reply: await mine(question) }).not.toEqual({ question, reply: expect.stringMatching(/Joss/) });
  // Someone whose account is linked to no employee is told so, not answered about someone else.
  const unlinked = await ask('who is my manager?');
  expect(unlinked.reply).toBe('I don’t know: your account is not linked to an employee record in this organization.');
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

describe('statements per question', () => {
  // Two organizations seeded alike, of 30 and of 300 employees (one statement each, so the test
  // spends its time on asking): each question must cost the same statements in both, none of them
  // reading the whole organization.
  const FIRST = ['Aino', 'Bram', 'Cato', 'Dagny', 'Eero', 'Frida', 'Gorm', 'Hedda', 'Ivar', 'Jorunn'];
  const LAST = ['Aasen', 'Berge', 'Dahl', 'Eide', 'Fossum', 'Gran', 'Holm', 'Isaksen', 'Jensen', 'Kvale'];
  const LAST_MORE = Array.from({ length: 30 }, (_, i) => `${LAST[i % 10]}${['', 'stad', 'vik'][Math.floor(i / 10)]}`);
  const orgs: Record<number, { token: string }> = {};

  const seed = async (size: number) => {
    const { org, admin } = await orgWithAdmin(t, `Statements ${size}`);
    // Employee i reports to employee floor(i / 5); names are unique, first names shared.
    await t.app.db.orm.em.getConnection().execute(
      `insert into employee (id, organization_id, name, active, title, department, location, email, start_date, manager_id, created_at, updated_at)
       select md5(?::text || i)::uuid, ?, (?::text[])[1 + i % 10] || ' ' || (?::text[])[1 + i / 10], true,
         (array['Engineer', 'Designer', 'Analyst', 'Recruiter'])[1 + i % 4],
         (array['Research', 'Operations', 'Sales'])[1 + i % 3],
         (array['Trondheim', 'Stavanger', 'Bodø'])[1 + i % 3],
         'p' || i || '@statements.example', date '2018-01-01' + i * 5,
         case when i >= 5 then md5(?::text || (i / 5))::uuid end, now(), now()
       from generate_series(1, ?) as i`,
      [org.id, org.id, `{${FIRST.join(',')}}`, `{${LAST_MORE.join(',')}}`, org.id, size - 1],
    );
    // The seeded ids, as md5(org || i) in SQL: Bram Aasen is 1, Gorm Aasen 6, Bram Berge 11.
    const id = (i: number) =>
      createHash('md5')
        .update(`${org.id}${i}`)
        .digest('hex')
        .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
    const solveig = await t.api.post(
      '/api/v1/employee',
      { name: 'Solveig Marthinsen', location: 'Bodø', manager: id(3) },
      admin.token,
    );
    if (solveig.status !== 201) throw new Error(`employee: ${solveig.status} ${solveig.text}`);
    const res = await t.api.post(
      '/api/v1/group',
      {
        name: 'Fjell Club',
        description: 'Walks on Sundays',
        members: [1, 6, 11].map(id),
      },
      admin.token,
    );
    if (res.status !== 201) throw new Error(`group: ${res.status} ${res.text}`);
    orgs[size] = { token: admin.token };
  };

  beforeAll(async () => {
    await seed(30);
    await seed(300);
  }, 120_000);

  /**
   * The most statements one question costs, whatever the organization's size (the ask's own writes
   * included): a question the directory reads and hands on to retrieval ("how many vacation days do I
   * get?") pays for both, the directory's names and values and retrieval's search (16).
   */
  const BOUND = 16;
  const MOST_ROWS = 80;
  const QUESTIONS = [
    'how many people in Trondheim?',
    'who works in Research?',
    'who reports to Bram Aasen?',
    "who is in Bram Aasen's whole org",
    "who is Hedda Dahl's skip-level manager?",
    'how do I reach Dagny Aasen?',
    'where does Solveig Martinsen sit?',
    'who leads the Fjell Club?',
    'does Hedda Dahl report to Bram Aasen?',
    'is Eero Aasen in Sales?',
    'how many vacation days do I get?',
  ];

  it('costs the same few statements at 30 and at 300 employees, none reading the organization', async () => {
    const costs: Record<string, number[]> = {};
    const wide: { question: string; size: number; rows: number }[] = [];
    const replies: string[] = [];
    for (const size of [30, 300]) {
      for (const question of QUESTIONS) {
        let reply = '';
        const statements = await statementsOf(t, async () => {
          const res = await t.api.post<AgentAnswer>('/api/v1/agent/ask', { question }, orgs[size].token);
          expect(res.status).toBe(200);
          reply = res.body.reply;
        });
        (costs[question] ??= []).push(statements.length);
        // An answer names at most 20 people, and the people a question may name are those who share a
        // word of a name it writes (at 300: 30 Heddas, 10 Dahls, 30 Brams and 10 Aasens in "does Hedda
        // Dahl report to Bram Aasen"): no statement reads the organization.
        const rows = statements.filter((s) => /\bemployee\b/.test(s.sql)).map((s) => s.rows);
        if (Math.max(0, ...rows) > MOST_ROWS) wide.push({ question, size, rows: Math.max(...rows) });
        replies.push(reply);
      }
    }
    expect(wide).toEqual([]);
    const unequal = Object.entries(costs).filter(([, [small, big]]) => small !== big);
    expect(unequal).toEqual([]);
    expect(Math.max(...Object.values(costs).flat())).toBeLessThanOrEqual(BOUND);
    // The questions were answered from the records of the 300, so the count is of real answers.
    const [count, , reports, below, skip, , misspelt, , indirect] = replies.slice(QUESTIONS.length);
    expect(count).toMatch(/^99 active employees work in Trondheim: Aino \w+, .* and 79 more\.$/);
    expect(reports).toBe(
      '5 people report to Bram Aasen: Frida Aasen, Gorm Aasen, Hedda Aasen, Ivar Aasen, Jorunn Aasen.',
    );
    expect(below).toMatch(/^155 people report to Bram Aasen, directly or through their managers: .* and 135 more\.$/);
    expect(skip).toBe('Frida Aasen reports to Bram Aasen (Designer). (Hedda Dahl → Frida Aasen → Bram Aasen)');
    expect(misspelt).toBe('Solveig Marthinsen is based in Bodø.');
    expect(indirect).toBe('Yes, indirectly: Hedda Dahl reports to Frida Aasen reports to Bram Aasen.');
  });

  it('loads a bounded page of people for a name word that hundreds share, and still finds the one named in full', async () => {
    // 260 people called Ola (and one Ola Fjellheim, misspelt once): "Ola" is the name of
    // hundreds, and each person loaded is indexed per question, so a question loads at most
    // MAX_NAMED of them, those holding most of its words first (by name, Ola Fjellheim would come last).
    const { org, admin } = await orgWithAdmin(t, 'Many Olas');
    await t.app.db.orm.em.getConnection().execute(
      `insert into employee (id, organization_id, name, active, title, location, created_at, updated_at)
       select gen_random_uuid(), ?, 'Ola Aas' || i, true, 'Engineer', 'Trondheim', now(), now()
       from generate_series(1, 260) as i`,
      [org.id],
    );
    const fjellheim = await t.api.post('/api/v1/employee', { name: 'Ola Fjellheim', location: 'Bodø' }, admin.token);
    expect(fjellheim.status).toBe(201);
    for (const [question, answer] of [
      ['where is Ola Fjellheim based?', 'Ola Fjellheim is based in Bodø.'],
      ['where is Ola Fjelheim based?', 'Ola Fjellheim is based in Bodø.'],
      // Not the first Ola indexed: any of them, so the directory asks which.
      [
        'where is Ola based?',
        /^Several people match “Ola”: Ola Aas1, Ola Aas10, .* and at least 180 more\. Which one do you mean\?/,
      ],
    ]) {
      let reply = '';
      const statements = await statementsOf(t, async () => {
        const res = await t.api.post<AgentAnswer>('/api/v1/agent/ask', { question }, admin.token);
        expect(res.status).toBe(200);
        reply = res.body.reply;
      });
      expect(reply).toMatch(answer);
      const rows = statements.filter((s) => /\bemployee\b/.test(s.sql)).map((s) => s.rows);
      expect(Math.max(...rows)).toBeLessThanOrEqual(MAX_NAMED + 1);
    }
  });
});

describe('round 11: co-leads, any verb of leading, values left out, groups by their kind, those under someone', () => {
  let admin: { token: string };
  beforeAll(async () => {
    const made = await orgWithAdmin(t, 'Kelp Archive');
    admin = made.admin;
    const post = async (path: string, body: unknown): Promise<string> => {
      const res = await t.api.post<{ id: string }>(path, body, admin.token);
      if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${res.text}`);
      return res.body.id;
    };
    const people: [string, Record<string, string>, string?][] = [
      ['Elo Tamm', { title: 'Director', department: 'Vault', location: 'Tartu' }],
      ['Nils Aru', { title: 'Vault Technician', department: 'Vault', location: 'Tartu' }, 'Elo Tamm'],
      ['Pia Lepp', { title: 'Vault Technician', department: 'Vault', location: 'Talca' }, 'Elo Tamm'],
      ['Juan Soto', { title: 'Seed Analyst', department: 'Vault' }, 'Nils Aru'],
    ]; // prettier-ignore
    const ids = new Map<string, string>();
    for (const [name, fields, manager] of people)
      ids.set(name, await post('/api/v1/employee', { name, ...fields, manager: manager && ids.get(manager) }));
    await post('/api/v1/group', {
      name: 'Tartu Singers',
      description: 'The office choir; rehearses on Mondays. Conducted by Pia Lepp.',
      members: ['Pia Lepp', 'Juan Soto'].map((n) => ids.get(n)),
    });
    await post('/api/v1/group', {
      name: 'Access Council',
      description: 'Advises on accessibility. Co-chaired by Nils Aru and Juan Soto.',
      members: ['Nils Aru', 'Juan Soto', 'Elo Tamm'].map((n) => ids.get(n)),
    });
  });
  const said = async (question: string) => {
    const res = await t.api.post<AgentAnswer>('/api/v1/agent/ask', { question }, admin.token);
    expect(res.status).toBe(200);
    return res.body.reply;
  };

  it('names every co-lead a description names, and a lead by any verb of doing by someone', async () => {
    expect(await said('who are the co-chairs of the access council?')).toBe(
      'Nils Aru, Juan Soto lead Access Council: its description says “Advises on accessibility. Co-chaired by Nils Aru and Juan Soto.”.',
    );
    expect(await said('who leads the choir?')).toMatch(/^Pia Lepp leads Tartu Singers: /);
    expect(await said('how many members does the choir have')).toBe(
      'Tartu Singers has 2 members: Juan Soto, Pia Lepp.',
    );
  });

  it('lists people outside a value, those of a title asked with a people word, and those directly under someone', async () => {
    // Juan has no location: outside Tartu too.
    expect(await said('which vault people work outside tartu?')).toBe(
      '2 people work in Vault, outside Tartu: Juan Soto, Pia Lepp.',
    );
    expect(await said('which people are vault technicians')).toBe(
      '2 people work with the title Vault Technician: Nils Aru, Pia Lepp.',
    );
    expect(await said('who is directly under elo tamm?')).toBe('2 people report to Elo Tamm: Nils Aru, Pia Lepp.');
    expect(await said('who does juan answer to')).toMatch(/^Juan Soto reports to Nils Aru/);
  });
});
