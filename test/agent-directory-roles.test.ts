import type { AgentAnswer } from './helpers/agent';
import { orgWithAdmin } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

// Directory questions that name people by role ("the coo", "vp marketing", "the payroll person"),
// chains written as phrases, a department's head, teammates, groups by "and" or initials, folded
// names and note-form questions, asked over HTTP of a small invented company (Kestrel Bikes).

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  const { admin } = await orgWithAdmin(t, 'Kestrel Bikes');
  token = admin.token;
  const ids = new Map<string, string>();
  const post = async (path: string, body: unknown): Promise<string> => {
    const res = await t.api.post<{ id: string }>(path, body, token);
    if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${res.text}`);
    return res.body.id;
  };
  const people: [string, string, string, string, string?][] = [
    ['Oona Brisk', 'Chief Operating Officer', 'Operations', 'Leeds'],
    ['Rafael Núñez', 'Vice President of Marketing', 'Marketing', 'Madrid', 'Oona Brisk'],
    ['Dagny Holt', 'Head of Frame Welding', 'Operations', 'Leeds', 'Oona Brisk'],
    ['Percy Lamb', 'Payroll Administrator', 'Finance', 'Leeds', 'Oona Brisk'],
    ['Ciaran Moss', 'Welder', 'Operations', 'Leeds', 'Dagny Holt'],
    ['Mei Tan', 'Welder', 'Operations', 'York', 'Dagny Holt'],
    ['Ugo Fermi', 'Welder', 'Operations', 'York', 'Dagny Holt'],
    ['Wren Abara', 'Human Resources Advisor', 'People & Culture', 'York', 'Oona Brisk'],
    ['Sol Ibarra', 'Research & Development Engineer', 'Research & Development', 'Madrid', 'Rafael Núñez'],
    ['Lior Katz', 'Marketing Analyst', 'Marketing', 'Madrid', 'Rafael Núñez'],
  ];
  for (const [name, title, department, location, manager] of people)
    ids.set(
      name,
      await post('/api/v1/employee', {
        name,
        title,
        department,
        location,
        email: `${name.split(' ')[0].toLowerCase()}@kestrel.example`,
        manager: manager && ids.get(manager),
      }),
    );
  await post('/api/v1/group', {
    name: 'Fire & Safety Crew',
    description: 'Checks extinguishers',
    members: ['Ciaran Moss', 'Mei Tan', 'Wren Abara'].map((n) => ids.get(n)),
  });
  const form = new FormData();
  const handbook = [
    '# Shift and Travel Handbook',
    '',
    '## Shift swaps',
    'When two welders swap a shift, each is paid the rate of the person who actually works it.',
    'No more than 5 swaps are allowed per quarter.',
    '',
    '## Travel',
    'The meal allowance when travelling for work is 32 EUR per day.',
  ].join('\n');
  form.append('file', new Blob([handbook], { type: 'text/markdown' }), 'handbook.md');
  const added = await t.api.request('POST', '/api/v1/agent/add-file-knowledge', { token, form });
  if (added.status !== 200) throw new Error(`upload: ${added.status} ${added.text}`);
});

afterAll(() => t.close());

const reply = async (question: string): Promise<string> => {
  const res = await t.api.post<AgentAnswer>('/api/v1/agent/ask', { question }, token);
  expect(res.status).toBe(200);
  return res.body.reply;
};

it('finds people by abbreviated or everyday role names, and says when several or none match', async () => {
  expect(await reply('which town is the coo in')).toBe('Oona Brisk is based in Leeds.');
  expect(await reply('how do I contact the vp marketing?')).toBe(
    'Rafael Núñez’s e-mail address is rafael@kestrel.example.',
  );
  expect(await reply('how can i reach the payroll person')).toBe(
    'Percy Lamb’s e-mail address is percy@kestrel.example.',
  );
  expect(await reply('who is the hr advisor')).toMatch(/^Wren Abara is Human Resources Advisor/);
  expect(await reply('who reports to the coo?')).toBe(
    '4 people report to Oona Brisk: Dagny Holt, Percy Lamb, Rafael Núñez, Wren Abara.',
  );
  expect(await reply('where is the welder based')).toMatch(
    /^Several people match “welder”: Ciaran Moss \(Welder\), Mei Tan/,
  );
  expect(await reply('who is the cfo?')).toMatch(/^I don’t know: nobody in the directory holds a title like “cfo”/);
});

it('reads chains written as phrases, and a supposed asker', async () => {
  expect(await reply('who is the boss of the boss of Mei')).toMatch(/^Dagny Holt reports to Oona Brisk/);
  expect(await reply('who supervises the manager of ugo')).toMatch(/^Dagny Holt reports to Oona Brisk/);
  expect(await reply("if i worked for dagny holt, who'd be my skip-level manager")).toMatch(
    /^Dagny Holt reports to Oona Brisk/,
  );
});

it('answers teammates, department heads, groups by "and" or initials, folded names and several questions', async () => {
  expect(await reply('who are ciaran’s teammates')).toBe(
    '2 people share Ciaran Moss’s manager under Dagny Holt: Mei Tan, Ugo Fermi.',
  );
  expect(await reply('who is on the same team as Ugo?')).toBe(
    '2 people share Ugo Fermi’s manager under Dagny Holt: Ciaran Moss, Mei Tan.',
  );
  expect(await reply('who runs marketing')).toMatch(/^Rafael Núñez \(Vice President of Marketing\) heads Marketing/);
  expect(await reply('how many members does the fire and safety crew have')).toMatch(
    /^Fire & Safety Crew has 3 members/,
  );
  expect(await reply('how many staff in R&D')).toBe('1 active employee work in Research & Development: Sol Ibarra.');
  expect(await reply('whose boss is rafael nunez?')).toBe('2 people report to Rafael Núñez: Lior Katz, Sol Ibarra.');
  expect(await reply('how many ppl does dagny have under her directly')).toBe(
    '3 people report to Dagny Holt: Ciaran Moss, Mei Tan, Ugo Fermi.',
  );
  const both = await reply('who is the head of frame welding and where is she');
  expect(both).toMatch(/^Dagny Holt is Head of Frame Welding/);
  expect(both).toMatch(/Dagny Holt is based in Leeds\.$/);
});

it('takes a field asked in note form as a question, not a request to send', async () => {
  expect(await reply('email for the payroll administrator pls')).toBe(
    'Percy Lamb’s e-mail address is percy@kestrel.example.',
  );
  expect(await reply('title of wren abara?')).toMatch(/^Wren Abara is Human Resources Advisor/);
});

it('answers a question that names no schedule, however it mentions e-mail, a rate or a past time', async () => {
  expect(await reply('percy lamb email pls')).toBe('Percy Lamb’s e-mail address is percy@kestrel.example.');
  expect(await reply('i need the e-mail of the payroll administrator')).toBe(
    'Percy Lamb’s e-mail address is percy@kestrel.example.',
  );
  expect(await reply('meal allowance per day when travelling?')).toMatch(/32 EUR per day/);
  expect(await reply('how many swaps am i allowed per quarter?')).toMatch(/5 swaps/);
});

it('finds a role without "the", reads yes/no after the name, and leaves pay questions about no one to the documents', async () => {
  expect(await reply('what is the name of the coo')).toMatch(/^Oona Brisk is Chief Operating Officer/);
  expect(await reply('who is head of frame welding')).toMatch(/^Dagny Holt is Head of Frame Welding/);
  expect(await reply('coo email?')).toBe('Oona Brisk’s e-mail address is oona@kestrel.example.');
  expect(await reply('mei tan is she in operations?')).toBe('Yes: Mei Tan works in Operations.');
  expect(await reply('is ugo in marketing or operations')).toMatch(/^Ugo Fermi works in Operations/);
  const swap = await reply('if i swap with a welder whose rate is higher, what am i paid');
  expect(swap).toMatch(/rate of the person who actually works it/);
  expect(await reply("what is percy's salary")).toMatch(/^I don’t know: the directory does not hold salaries or pay/);
});
