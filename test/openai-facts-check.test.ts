import type { AgentAnswer } from './helpers/agent';
import { type AccountMember, member } from './helpers/directory';
import { type Member, orgWithAdmin } from './helpers/fixtures';
import { connect, subscribe } from './helpers/live';
import { OpenAiFixture } from './helpers/openai-server';
import { startTestApp, type TestApp } from './helpers/test-app';

// With LLM_BASE_URL, a directory question the structured query answered exactly (facts, ANSWERED)
// is answered by the model, and its reply is checked against the facts the query found
// (src/modules/agent/llm/facts-check.ts): a reply that leaves out a name, a count or an e-mail
// address, or gives an address the records do not hold, is replaced by the facts. The model is a
// real loopback chat-completions server (test/helpers/openai-server.ts) scripted to do just that.

let llm: OpenAiFixture;
let t: TestApp;
let admin: Member;
let asker: AccountMember;

beforeAll(async () => {
  llm = new OpenAiFixture();
  llm.embeddings = false;
  t = await startTestApp({ LLM_BASE_URL: await llm.start(), LLM_MODEL: 'test-model' });
  const made = await orgWithAdmin(t, 'Facts Check Org');
  admin = made.admin;
  asker = await member(t, made.org, admin);
  const post = async (body: unknown): Promise<string> => {
    const res = await t.api.post<{ id: string }>('/api/v1/employee', body, admin.token);
    if (res.status !== 201) throw new Error(`POST employee: ${res.status} ${res.text}`);
    return res.body.id;
  };
  const ben = await post({
    name: 'Ben Carter',
    title: 'Head of Sales',
    department: 'Sales',
    email: 'ben.carter@facts.example',
  });
  for (const name of ['Dev Patel', 'Eva Novak', 'Femi Okoro'])
    await post({ name, title: 'Account Executive', department: 'Sales', manager: ben });
});

afterAll(async () => {
  await t.close();
  await llm.close();
});

const ask = (question: string) => t.api.post<AgentAnswer>('/api/v1/agent/ask', { question }, asker.token);

describe('a model’s reply to a directory question the records answer exactly', () => {
  it('is replaced by the facts when it leaves out one of the people the query found', async () => {
    llm.respondWith({ chunks: ['Dev Patel and', ' Eva Novak report to Ben Carter.'] });
    const res = await ask('Who reports to Ben Carter?');
    expect(res.status).toBe(200);
    expect(res.body.reply).toBe('3 people report to Ben Carter: Dev Patel, Eva Novak, Femi Okoro.');
    expect(res.body.sources.map((s) => s.name)).toEqual(
      expect.arrayContaining(['Ben Carter', 'Dev Patel', 'Eva Novak', 'Femi Okoro']),
    );
  });

  it('is replaced when it states another count than the records', async () => {
    llm.respondWith({ chunks: ['Ben Carter has 4 direct reports: Dev Patel, Eva Novak, Femi Okoro.'] });
    const res = await ask('How many people report to Ben Carter?');
    expect(res.body.reply).toMatch(/^3 people report to Ben Carter/);
  });

  it('is replaced when it gives an e-mail address the records do not hold', async () => {
    llm.respondWith({ chunks: ['You can reach Ben Carter at ben@facts.example or ben.carter@facts.example.'] });
    const res = await ask('What is Ben Carter’s email address?');
    expect(res.body.reply).toContain('ben.carter@facts.example');
    expect(res.body.reply).not.toContain('ben@facts.example');
  });

  it('is kept, in the model’s words, when it holds every fact, and reaches subscribers only once checked', async () => {
    const words = 'Three people report to Ben Carter: Dev Patel, Eva Novak and Femi Okoro.';
    const started = await t.api.post<{ id: string }>('/api/v1/agent/conversations/start', undefined, asker.token);
    const client = connect(t, asker.token);
    try {
      const live = subscribe<{
        conversationUpdates: { kind: string; chunk: string | null; message: { messageType: string } | null };
      }>(
        client,
        'subscription ($id: ID!) { conversationUpdates(conversationId: $id) { kind chunk message { messageType } } }',
        { id: started.body.id },
      );
      await live.ready;
      llm.respondWith({ chunks: ['Three people report to Ben Carter:', ' Dev Patel, Eva Novak and Femi Okoro.'] });
      const res = await t.api.post<AgentAnswer>(
        '/api/v1/agent/reply',
        { conversationId: started.body.id, question: 'Who reports to Ben Carter?' },
        asker.token,
      );
      expect(res.body.reply).toBe(words);
      const updates = await live.until((u) => u.conversationUpdates.message?.messageType === 'agent_response');
      live.stop();
      // One chunk, the checked reply: the model's pieces are held back until checked.
      expect(
        updates.filter((u) => u.conversationUpdates.kind === 'CHUNK').map((u) => u.conversationUpdates.chunk),
      ).toEqual([words]);
    } finally {
      await client.dispose();
    }
  });

  it('leaves a document answer to the model (nothing to check it against)', async () => {
    llm.respondWith({ chunks: ['I don’t know.'] });
    const res = await ask('Is there a staff canteen?');
    expect(res.body.reply).toBe('I don’t know.');
  });
});
