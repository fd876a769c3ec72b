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
// chart, and questions nothing answers. Each question is asked over GraphQL, with the answer's
// confidence (docs/agent.md, "Confidence"); every tenth over REST too, whose answer keeps its
// shape. A wrong answer is worse than "I don't know", so the test prints both: answered right,
// answered wrong, the right passage offered when unsure, and unanswerable questions declined,
// with each question's confidence and the ask latency. The floors keep each measure from sliding
// back; the bar the agent is held to (issue 36) is higher than the local engine reaches.
interface Floors {
  /** Document questions answered right or with the right passage offered, at least. */
  documents: number;
  /** Directory questions answered right or with the people asked for named when unsure, at least. */
  directory: number;
  /** Unanswerable questions declined (UNSURE or UNKNOWN), at least. */
  declined: number;
  /** Questions answered (ANSWERED) wrong, of all, at most. */
  wrong: number;
}

interface Corpus {
  name: string;
  fixture: { DOCS: PolicyDoc[]; PEOPLE: Person[]; TEAMS: Team[]; QUESTIONS: Question[] };
  floors: Floors;
}

const CORPORA: Corpus[] = [
  { name: 'Questions Org', fixture: first, floors: { documents: 0.8, directory: 0.95, declined: 0.85, wrong: 0.04 } },
  {
    name: 'Larkfield Analytics',
    fixture: larkfield,
    floors: { documents: 0.65, directory: 0.9, declined: 0.8, wrong: 0.04 },
  },
];

const ASK = 'mutation ($input: UserRequest!) { ask(input: $input) { reply confidence sources { name type url } } }';

/** Every so many questions, the same is asked over REST too. */
const REST_EVERY = 10;

interface Answer extends Pick<AgentAnswer, 'reply' | 'sources'> {
  confidence: 'ANSWERED' | 'UNSURE' | 'UNKNOWN';
}

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
function wrongness({ expect: want }: Question, answer: Answer, docs: PolicyDoc[]): string | null {
  if ('unknown' in want) return 'answered, but nothing covers it';
  const reply = answer.reply.toLowerCase();
  const missing = want.includes.filter((fact) => !reply.includes(fact.toLowerCase()));
  if (missing.length) return `lacks ${missing.map((fact) => `"${fact}"`).join(', ')}`;
  if (want.source && !cites(answer, want.source, docs)) return `does not cite ${want.source}`;
  return null;
}

/** Whether an answer cites a document, by its file name or its first heading. */
function cites(answer: Answer, source: string, docs: PolicyDoc[]): boolean {
  const title = /^# (.+)$/m.exec(docs.find((d) => d.name === source)?.text ?? '')?.[1] ?? source;
  return answer.sources.some(({ name }) => name === source || name === title);
}

/** What became of a question: answered right or wrong, the right passage offered (unsure), or declined. */
type Outcome = 'right' | 'wrong' | 'offered' | 'declined';

function outcomeOf(question: Question, answer: Answer, docs: PolicyDoc[]): { outcome: Outcome; why?: string } {
  const want = question.expect;
  if (answer.confidence !== 'ANSWERED') {
    // Unsure: the right document among the suggestions, or for a directory question the people asked for named.
    const offered =
      answer.confidence === 'UNSURE' &&
      'includes' in want &&
      (want.source
        ? cites(answer, want.source, docs)
        : want.includes.every((fact) => answer.reply.toLowerCase().includes(fact.toLowerCase())));
    return { outcome: offered ? 'offered' : 'declined' };
  }
  const why = wrongness(question, answer, docs);
  return why ? { outcome: 'wrong', why } : { outcome: 'right' };
}

/** The first words each confidence's reply starts with. */
const OPENINGS: Record<Answer['confidence'], RegExp> = {
  ANSWERED: /^(?!I['’]m not sure|I don['’]t know)/,
  UNSURE: /^I['’]m not sure/,
  UNKNOWN: /^I don['’]t know/,
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const count = (n: number, of: number) => `${n}/${of} (${((n / Math.max(of, 1)) * 100).toFixed(1)}%)`;

it.each(CORPORA)(
  'answers $name’s questions, written as people write them, at least at its floors',
  async (corpus) => {
    const { QUESTIONS, DOCS } = corpus.fixture;
    expect(QUESTIONS.length).toBeGreaterThanOrEqual(60);
    const employee = await seeded(corpus);
    const times: number[] = [];
    const lines: string[] = [];
    const tally = {
      document: new Map<Outcome, number>(),
      directory: new Map<Outcome, number>(),
      unanswerable: new Map<Outcome, number>(),
    };
    const kinds = { document: 0, directory: 0, unanswerable: 0 };
    for (const [index, question] of QUESTIONS.entries()) {
      const started = performance.now();
      const res = await t.api.graphql<{ ask: Answer }>(ASK, { input: { question: question.question } }, employee.token);
      times.push(performance.now() - started);
      expect(res.errors).toBeUndefined();
      const answer = res.data!.ask;
      expect(answer.confidence).toMatch(/^(ANSWERED|UNSURE|UNKNOWN)$/);
      expect(answer.reply).toMatch(OPENINGS[answer.confidence]);
      if (index % REST_EVERY === 0) {
        // REST keeps the interface's shape: the same answer, without the GraphQL-only confidence.
        const rest = await t.api.post<AgentAnswer>(
          '/api/v1/agent/ask',
          { question: question.question },
          employee.token,
        );
        expect(rest.status).toBe(200);
        expect(rest.body).not.toHaveProperty('confidence');
        expect(rest.body.reply).toBe(answer.reply);
      }
      const kind = 'unknown' in question.expect ? 'unanswerable' : question.expect.source ? 'document' : 'directory';
      kinds[kind]++;
      const { outcome, why } = outcomeOf(question, answer, DOCS);
      tally[kind].set(outcome, (tally[kind].get(outcome) ?? 0) + 1);
      lines.push(
        `  ${answer.confidence.padEnd(8)} ${outcome.padEnd(8)} "${question.question}"` +
          (why ? `: ${why}\n      ${answer.reply.slice(0, 160).replace(/\n/g, ' ⏎ ')}` : ''),
      );
    }
    times.sort((a, b) => a - b);
    const of = (kind: keyof typeof tally, outcome: Outcome) => tally[kind].get(outcome) ?? 0;
    const answerable = kinds.document + kinds.directory;
    const answeredWrong = of('document', 'wrong') + of('directory', 'wrong') + of('unanswerable', 'wrong');
    const rightOrOffered = of('document', 'right') + of('document', 'offered');
    const declined = of('unanswerable', 'declined');
    console.log(
      `agent questions (${corpus.name}), ${QUESTIONS.length} questions:\n` +
        `  document questions ${kinds.document}: answered right ${of('document', 'right')}, answered wrong ${of('document', 'wrong')}, ` +
        `right passage offered ${of('document', 'offered')}, declined ${of('document', 'declined')}; right or offered ${count(rightOrOffered, kinds.document)}\n` +
        `  directory questions ${kinds.directory}: right ${count(of('directory', 'right'), kinds.directory)}, answered wrong ${of('directory', 'wrong')}, ` +
        `offered ${of('directory', 'offered')}, declined ${of('directory', 'declined')}\n` +
        `  unanswerable ${kinds.unanswerable}: declined ${count(declined, kinds.unanswerable)}, answered ${of('unanswerable', 'wrong')}\n` +
        `  answered wrong ${count(answeredWrong, QUESTIONS.length)} (of all); right ${count(of('document', 'right') + of('directory', 'right') + declined, QUESTIONS.length)} (old measure, ${answerable} answerable)\n` +
        `  ask p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms\n${lines.join('\n')}`,
    );
    expect(rightOrOffered / kinds.document).toBeGreaterThanOrEqual(corpus.floors.documents);
    expect((of('directory', 'right') + of('directory', 'offered')) / kinds.directory).toBeGreaterThanOrEqual(
      corpus.floors.directory,
    );
    expect(declined / kinds.unanswerable).toBeGreaterThanOrEqual(corpus.floors.declined);
    expect(answeredWrong / QUESTIONS.length).toBeLessThanOrEqual(corpus.floors.wrong);
  },
  600_000,
);
