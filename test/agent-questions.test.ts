import type { AgentAnswer } from './helpers/agent';
import { type AccountMember, member } from './helpers/directory';
import { orgWithAdmin } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';
import * as first from './fixtures/agent-questions';
import * as larkfield from './fixtures/agent-questions-larkfield';
import type { Person, PolicyDoc, Question, Team } from './fixtures/agent-questions';

// How well the agent answers questions as employees type them, in two organizations with
// knowledge of their own (test/fixtures/agent-questions*.ts, written apart from the agent's code):
// policy questions in everyday words over HR documents, directory questions over a small org
// chart, and questions nothing answers. The test prints each score and the ask latency. The bar
// the agent is held to is 90 % right; the local engine does not reach it (the misses need meaning
// a word list cannot give, such as "show up on day one" for the arrival time, or tell a company car
// from one's own car), so each corpus fails below its floor, to keep it from sliding back. The
// second corpus was never tuned on before it was added, hence its lower score.
interface Corpus {
  name: string;
  fixture: { DOCS: PolicyDoc[]; PEOPLE: Person[]; TEAMS: Team[]; QUESTIONS: Question[] };
  floor: number;
}

const CORPORA: Corpus[] = [
  { name: 'Questions Org', fixture: first, floor: 0.8 },
  { name: 'Larkfield Analytics', fixture: larkfield, floor: 0.67 },
];

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(() => t.close());

/** An organization holding the corpus's people, groups and documents, and an employee to ask as. */
async function seeded({ name, fixture }: Corpus): Promise<AccountMember> {
  const { org, admin } = await orgWithAdmin(t, name);
  const post = async (path: string, body: unknown): Promise<string> => {
    const res = await t.api.post<{ id: string }>(path, body, admin.token);
    if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${res.text}`);
    return res.body.id;
  };
  // PEOPLE lists managers before their reports, so each manager's id is known when needed.
  const ids = new Map<string, string>();
  for (const { key, manager, ...person } of fixture.PEOPLE)
    ids.set(key, await post('/api/v1/employee', { ...person, manager: manager ? ids.get(manager) : undefined }));
  for (const team of fixture.TEAMS)
    await post('/api/v1/group', { ...team, members: team.members.map((key) => ids.get(key)) });
  for (const doc of fixture.DOCS) {
    const form = new FormData();
    form.append('file', new Blob([doc.text], { type: 'text/markdown' }), doc.name);
    const added = await t.api.request('POST', '/api/v1/agent/add-file-knowledge', { token: admin.token, form });
    if (added.status !== 200) throw new Error(`upload ${doc.name}: ${added.status} ${added.text}`);
  }
  return member(t, org, admin);
}

/** Why an answer is wrong, or null when it is right. A document is cited by its file name or its first heading. */
function wrongness({ expect: want }: Question, answer: AgentAnswer, docs: PolicyDoc[]): string | null {
  if ('unknown' in want) return /^I don['’]t know/.test(answer.reply) ? null : 'answered, but nothing covers it';
  const reply = answer.reply.toLowerCase();
  const missing = want.includes.filter((fact) => !reply.includes(fact.toLowerCase()));
  if (missing.length) return `lacks ${missing.map((fact) => `"${fact}"`).join(', ')}`;
  const title = (name: string) => /^# (.+)$/m.exec(docs.find((d) => d.name === name)?.text ?? '')?.[1] ?? name;
  if (want.source && !answer.sources.some(({ name }) => name === want.source || name === title(want.source ?? '')))
    return `does not cite ${want.source}`;
  return null;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

it.each(CORPORA)('answers $name’s questions, written as people write them, at least at its floor', async (corpus) => {
  const { QUESTIONS, DOCS } = corpus.fixture;
  expect(QUESTIONS.length).toBeGreaterThanOrEqual(60);
  const employee = await seeded(corpus);
  const wrong: string[] = [];
  const times: number[] = [];
  for (const question of QUESTIONS) {
    const started = performance.now();
    const res = await t.api.post<AgentAnswer>('/api/v1/agent/ask', { question: question.question }, employee.token);
    times.push(performance.now() - started);
    expect(res.status).toBe(200);
    const why = wrongness(question, res.body, DOCS);
    if (why) wrong.push(`"${question.question}": ${why}\n    ${res.body.reply.slice(0, 160).replace(/\n/g, ' ⏎ ')}`);
  }
  times.sort((a, b) => a - b);
  const right = QUESTIONS.length - wrong.length;
  console.log(
    `agent questions (${corpus.name}): ${right}/${QUESTIONS.length} right (${((right / QUESTIONS.length) * 100).toFixed(1)}%); ` +
      `ask p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms` +
      (wrong.length ? `\n${wrong.join('\n')}` : ''),
  );
  expect(right / QUESTIONS.length).toBeGreaterThanOrEqual(corpus.floor);
});
