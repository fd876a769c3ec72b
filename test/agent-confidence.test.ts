import type { AgentAnswer } from './helpers/agent';
import { type AccountMember, member } from './helpers/directory';
import { orgWithAdmin } from './helpers/fixtures';
import { OpenAiFixture } from './helpers/openai-server';
import { startTestApp, type TestApp } from './helpers/test-app';

// How sure the agent says it is (docs/agent.md, "Confidence"), over a tiny knowledge base, through
// the real service: GraphQL's `confidence`, the reply's first words, the passages it offers when
// unsure, and REST's answer, which keeps its shape. Then the same with the openai engine, against a
// loopback chat-completions server: the model is told when retrieval is unsure, and GraphQL's
// confidence stays retrieval's.

const DOCS = [
  {
    name: 'home-working.md',
    text: `# Home Working Policy

## Equipment Allowance
Staff who work from home may claim up to £300 towards a desk and a chair, once every three years.

## Core Hours
Everyone working from home is online between 10:00 and 16:00.
`,
  },
  {
    name: 'it-handbook.md',
    text: `# IT Handbook

## Equipment Returns
When you leave, return your laptop and any other equipment to the service desk in its prepaid box.

## Passwords
Passwords are at least 14 characters long and are changed after any suspected breach.
`,
  },
  {
    name: 'annual-leave.md',
    text: `# Annual Leave Policy

## Entitlement
Full-time employees receive 25 days of annual leave each year, plus public holidays.
`,
  },
];

const ASK = 'mutation ($input: UserRequest!) { ask(input: $input) { reply confidence sources { name type url } } }';

interface Answer extends Pick<AgentAnswer, 'reply' | 'sources'> {
  confidence: string;
}

/** An organization holding DOCS, and an employee to ask as. */
async function seeded(t: TestApp, name: string): Promise<AccountMember> {
  const { org, admin } = await orgWithAdmin(t, name);
  for (const doc of DOCS) {
    const form = new FormData();
    form.append('file', new Blob([doc.text], { type: 'text/markdown' }), doc.name);
    const added = await t.api.request('POST', '/api/v1/agent/add-file-knowledge', { token: admin.token, form });
    if (added.status !== 200) throw new Error(`upload ${doc.name}: ${added.status} ${added.text}`);
  }
  // Someone at an office the documents never mention: a record holds the office's name.
  const sigrid = await t.api.post(
    '/api/v1/employee',
    { name: 'Sigrid Holm', title: 'Facilities Coordinator', department: 'Operations', location: 'Tromsø' },
    admin.token,
  );
  if (sigrid.status !== 201) throw new Error(`employee: ${sigrid.status} ${sigrid.text}`);
  return member(t, org, admin);
}

async function ask(t: TestApp, asker: AccountMember, question: string): Promise<Answer> {
  const res = await t.api.graphql<{ ask: Answer }>(ASK, { input: { question } }, asker.token);
  expect(res.errors).toBeUndefined();
  return res.data!.ask;
}

const CLEAR = 'how many days of annual leave do full-time employees get each year?';
const NEAR_TWO = 'is the chair prepaid?';
const UNRELATED = 'is there a staff canteen with vegan food?';
/** Holds two of the question's five words (return, laptop): too little to answer, enough to offer ("I don’t know" before). */
const PART = 'where do I return my laptop charger, headset and webcam?';

describe('the local engine', () => {
  let t: TestApp;
  let asker: AccountMember;

  beforeAll(async () => {
    t = await startTestApp();
    asker = await seeded(t, 'Confidence Org');
  });

  afterAll(() => t.close());

  it('answers a question a passage covers as ANSWERED, leading with the answer', async () => {
    const answer = await ask(t, asker, CLEAR);
    expect(answer.confidence).toBe('ANSWERED');
    expect(answer.reply).toMatch(/^Full-time employees receive 25 days of annual leave each year/);
    expect(answer.sources.map((s) => s.name)).toEqual(['Annual Leave Policy']);
  });

  it('is UNSURE of a question two passages come near, says so first and offers both by title, not as an answer', async () => {
    const answer = await ask(t, asker, NEAR_TWO);
    expect(answer.confidence).toBe('UNSURE');
    const [first, ...offered] = answer.reply.split('\n');
    expect(first).toBe('I’m not sure. These passages may help:');
    expect(offered).toEqual(
      expect.arrayContaining([
        '- Home Working Policy — Equipment Allowance (source: Home Working Policy)',
        '- IT Handbook — Equipment Returns (source: IT Handbook)',
      ]),
    );
    expect(offered.length).toBeLessThanOrEqual(3);
    // Titles, not the passages' text: nothing is given as the answer.
    expect(answer.reply).not.toContain('£300 towards a desk');
    expect(answer.reply).not.toContain('prepaid box');
    expect(answer.sources.map((s) => s.name)).toEqual(expect.arrayContaining(['Home Working Policy', 'IT Handbook']));
  });

  it('offers the passage that covers part of a question (UNSURE), rather than saying it found nothing', async () => {
    const answer = await ask(t, asker, PART);
    expect(answer.confidence).toBe('UNSURE');
    expect(answer.reply).toBe(
      'I’m not sure. These passages may help:\n- IT Handbook — Equipment Returns (source: IT Handbook)',
    );
    expect(answer.sources.map((s) => s.name)).toEqual(['IT Handbook']);
  });

  it('answers an unrelated question UNKNOWN with "I don’t know", citing nothing', async () => {
    const answer = await ask(t, asker, UNRELATED);
    expect(answer).toMatchObject({ confidence: 'UNKNOWN', sources: [] });
    expect(answer.reply).toMatch(/^I don’t know/);
  });

  it('never answers with a passage that lacks the subject no document holds, only offers it', async () => {
    // "parking" and "treadmill" are nowhere in the knowledge: a record of someone in Tromsø, or the
    // equipment allowance, holds the question's other words but not what it asks about (the first
    // was answered with Sigrid's record before).
    for (const question of [
      'is there parking for the facilities coordinator of operations in tromsø',
      'can I claim the equipment allowance for a treadmill?',
    ]) {
      const answer = await ask(t, asker, question);
      expect([question, answer.confidence]).not.toEqual([question, 'ANSWERED']);
      expect(answer.reply).toMatch(/^I(’m not sure| don’t know)/);
    }
  });

  it('answers the same over REST without a confidence key', async () => {
    for (const question of [CLEAR, NEAR_TWO, UNRELATED]) {
      const graph = await ask(t, asker, question);
      const rest = await t.api.post<AgentAnswer>('/api/v1/agent/ask', { question }, asker.token);
      expect(rest.status).toBe(200);
      expect(rest.body).not.toHaveProperty('confidence');
      expect(rest.body.reply).toBe(graph.reply);
    }
  });

  it('says a directory answer is ANSWERED', async () => {
    const answer = await ask(t, asker, 'how many employees do we have');
    expect(answer.confidence).toBe('ANSWERED');
  });
});

describe('the openai engine', () => {
  let llm: OpenAiFixture;
  let t: TestApp;
  let asker: AccountMember;

  beforeAll(async () => {
    llm = new OpenAiFixture();
    // Retrieval by words alone, so that the confidence is the one the local engine's test shows.
    llm.embeddings = false;
    t = await startTestApp({ LLM_BASE_URL: await llm.start(), LLM_MODEL: 'test-model' });
    asker = await seeded(t, 'Confidence Model Org');
  });

  afterAll(async () => {
    await t.close();
    await llm.close();
  });

  const system = () => llm.requests[llm.requests.length - 1].body.messages[0].content as string;

  it('tells the model when retrieval is unsure, and keeps retrieval’s confidence in GraphQL', async () => {
    llm.respondWith({ chunks: ['The allowance is £300.'] });
    const unsure = await ask(t, asker, NEAR_TWO);
    // The model answered as if sure; GraphQL still says what retrieval found.
    expect(unsure).toMatchObject({ confidence: 'UNSURE', reply: 'The allowance is £300.' });
    expect(system()).toContain('Begin your reply with "I’m not sure. These passages may help:"');
    expect(system()).toContain('Home Working Policy — Equipment Allowance');

    const sure = await ask(t, asker, CLEAR);
    expect(sure.confidence).toBe('ANSWERED');
    expect(system()).not.toContain('I’m not sure');
  });

  it('tells the model when the passages it is given cover little of the question', async () => {
    // With a model, retrieval keeps any passage holding a question word ("desk") for it to judge.
    const answer = await ask(t, asker, 'is there a canteen near my desk?');
    expect(answer.confidence).toBe('UNKNOWN');
    expect(system()).toContain('Home Working Policy');
    expect(system()).toContain('No passage below covers much of the question');
  });
});
