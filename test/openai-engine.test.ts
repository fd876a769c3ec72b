import { type AgentAnswer, type HistoryRecord, seedDirectory } from './helpers/agent';
import { type AccountMember, member } from './helpers/directory';
import { type Member, type OrgRecord, orgWithAdmin } from './helpers/fixtures';
import { gzipBomb, MiB } from './helpers/hostile-body';
import { connect, subscribe } from './helpers/live';
import { OpenAiFixture } from './helpers/openai-server';
import { startTestApp, type TestApp } from './helpers/test-app';

// The `openai` engine (src/modules/agent/llm/openai-engine.ts) against a loopback server that speaks
// the OpenAI chat-completions wire format (test/helpers/openai-server.ts), through the real service.

const API_KEY = 'sk-test-4f1c2e9a7b';
const TIMEOUT_MS = 4000;
const MAX_RESPONSE = MiB;
const MAX_EVENT = 64 * 1024;

let llm: OpenAiFixture;
let t: TestApp;
let org: OrgRecord;
let admin: Member;
let carol: AccountMember;

beforeAll(async () => {
  llm = new OpenAiFixture();
  const baseUrl = await llm.start();
  t = await startTestApp({
    LLM_BASE_URL: baseUrl,
    LLM_API_KEY: API_KEY,
    LLM_MODEL: 'test-model',
    LLM_TIMEOUT_MS: String(TIMEOUT_MS),
    LLM_MAX_RESPONSE_BYTES: String(MAX_RESPONSE),
    LLM_MAX_EVENT_BYTES: String(MAX_EVENT),
    LLM_MAX_EMBEDDINGS_BYTES: String(MAX_RESPONSE),
  });
  ({ org, admin } = await orgWithAdmin(t, 'Model Org'));
  carol = await member(t, org, admin);
  await seedDirectory(t, admin, carol);
});

afterAll(async () => {
  await t.close();
  await llm.close();
});

const ask = (body: unknown) => t.api.post<AgentAnswer>('/api/v1/agent/ask', body, carol.token);
const reply = (body: unknown) => t.api.post<AgentAnswer>('/api/v1/agent/reply', body, carol.token);
const history = (conversationId: string) =>
  t.api.post<HistoryRecord[]>('/api/v1/agent/history', { conversationId }, carol.token);
const lastRequest = () => llm.requests[llm.requests.length - 1];

describe('the openai engine', () => {
  it('sends the question with the retrieved context, the instructions and the key, and streams the answer back', async () => {
    // The reply keeps the facts the directory found (test/openai-facts-check.test.ts: else they replace it).
    llm.respondWith({ chunks: ['Carol Jones', ' reports to Alice Moreau.'] });
    const res = await ask({
      question: 'Who does Carol Jones report to?',
      additionalInstructions: 'Answer in one sentence.',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      reply: 'Carol Jones reports to Alice Moreau.',
      agent: { name: 'Dex' },
    });
    expect(res.body.sources.map((s) => s.name)).toEqual(['Carol Jones', 'Alice Moreau']);
    const sent = lastRequest();
    expect(sent.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(sent.body).toMatchObject({ model: 'test-model', stream: true, stream_options: { include_usage: true } });
    const [system, user] = sent.body.messages;
    expect(system.role).toBe('system');
    expect(system.content).toContain(
      '[1] Carol Jones reports to Alice Moreau (Engineering Manager). (source: Carol Jones)',
    );
    expect(system.content).toContain('Additional instructions from the user: Answer in one sentence.');
    expect(system.content).toContain('say plainly that you don’t know');
    expect(user).toEqual({ role: 'user', content: 'Who does Carol Jones report to?' });
    const [, answer] = (await history(res.body.conversation)).body;
    expect(answer).toMatchObject({ agent: 'Dex', message: 'Carol Jones reports to Alice Moreau.', tokenUsage: 23 });
  });

  it('gives a reply the earlier messages of the conversation as context', async () => {
    llm.respondWith({ chunks: ['First answer.'] }, { chunks: ['Second answer.'] });
    const first = await ask({ question: 'Tell me about the Platform Guild' });
    await reply({ conversationId: first.body.conversation, question: 'And who leads it?' });
    expect(lastRequest().body.messages.slice(1)).toEqual([
      { role: 'user', content: 'Tell me about the Platform Guild' },
      { role: 'assistant', content: 'First answer.' },
      { role: 'user', content: 'And who leads it?' },
    ]);
  });

  it('streams the model’s chunks to a conversationUpdates subscriber as they arrive, then the final message', async () => {
    const started = await t.api.post<{ id: string }>('/api/v1/agent/conversations/start', undefined, carol.token);
    const client = connect(t, carol.token);
    try {
      const live = subscribe<{
        conversationUpdates: {
          kind: string;
          chunk: string | null;
          message: { messageType: string; message: string } | null;
        };
      }>(
        client,
        'subscription ($id: ID!) { conversationUpdates(conversationId: $id) { kind chunk message { messageType message } } }',
        { id: started.body.id },
      );
      await live.ready;
      llm.respondWith({ chunks: ['Alice', ' leads', ' the', ' guild.'], delayMs: 20 });
      const res = await reply({ conversationId: started.body.id, question: 'Who leads the guild?' });
      expect(res.body.reply).toBe('Alice leads the guild.');
      const updates = await live.until((u) => u.conversationUpdates.message?.messageType === 'agent_response');
      live.stop();
      expect(updates.map((u) => u.conversationUpdates)).toEqual([
        { kind: 'MESSAGE', chunk: null, message: { messageType: 'user_request', message: 'Who leads the guild?' } },
        ...['Alice', ' leads', ' the', ' guild.'].map((chunk) => ({ kind: 'CHUNK', chunk, message: null })),
        { kind: 'MESSAGE', chunk: null, message: { messageType: 'agent_response', message: 'Alice leads the guild.' } },
      ]);
    } finally {
      await client.dispose();
    }
  });

  it('reads a plain JSON completion from a server that does not stream', async () => {
    llm.respondWith({
      plain: true,
      chunks: ['Not streamed.'],
      usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 },
    });
    const res = await ask({ question: 'How many employees do we have?' });
    expect(res.body.reply).toBe('Not streamed.');
    expect((await history(res.body.conversation)).body[1].tokenUsage).toBe(7);
  });

  it('retries 429 and 5xx answers with backoff and then answers', async () => {
    const before = llm.requests.length;
    llm.respondWith({ status: 429, retryAfter: '0' }, { status: 503 }, { chunks: ['Third time lucky.'] });
    const res = await ask({ question: 'How many employees do we have?' });
    expect(res.status).toBe(200);
    expect(res.body.reply).toBe('Third time lucky.');
    expect(llm.requests.length - before).toBe(3);
  });

  it('answers 502 when the server keeps failing, and keeps the user’s message', async () => {
    const before = llm.requests.length;
    llm.respondWith({ status: 500 }, { status: 500 }, { status: 500 });
    const res = await ask({ question: 'Is the model down?' });
    expect(res.status).toBe(502);
    expect(res.body).toMatch(
      /^the language model server answered HTTP 500 after 3 attempts; your message is kept in conversation [0-9a-f-]{36}, try again with reply$/,
    );
    expect(llm.requests.length - before).toBe(3);
    const conversation = /conversation ([0-9a-f-]{36})/.exec(res.body as unknown as string)![1];
    const kept = (await history(conversation)).body;
    expect(kept.map((m) => [m.messageType, m.message])).toEqual([['user_request', 'Is the model down?']]);
    // The conversation goes on once the server is back.
    const again = await reply({ conversationId: conversation, question: 'Is the model down?' });
    expect(again.status).toBe(200);
  });

  it('does not retry a refusal (4xx other than 429): 502 at once', async () => {
    const before = llm.requests.length;
    llm.respondWith({ status: 401 });
    const res = await ask({ question: 'Anything?' });
    expect(res.status).toBe(502);
    expect(res.body).toMatch(/^the language model server refused the request with HTTP 401; /);
    expect(llm.requests.length - before).toBe(1);
  });

  it('answers 502 when the server breaks off its stream', async () => {
    llm.respondWith({ breakOff: true, chunks: ['Half', ' an answer'] });
    const res = await ask({ question: 'Anything?' });
    expect(res.status).toBe(502);
    expect(res.body).toMatch(/^the language model server broke off its answer/);
  });

  it('answers 502 to a completion without text', async () => {
    llm.respondWith({ chunks: ['', '  '] });
    const res = await ask({ question: 'Anything?' });
    expect(res.status).toBe(502);
    expect(res.body).toMatch(/^the language model server sent an empty answer; /);
  });

  it('answers 503 when the server does not answer within LLM_TIMEOUT_MS', async () => {
    llm.respondWith({ hang: true });
    const started = Date.now();
    const res = await ask({ question: 'Are you there?' });
    expect(res.status).toBe(503);
    expect(res.body).toMatch(
      new RegExp(`^the language model server did not answer within ${TIMEOUT_MS} ms; your message is kept`),
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 100);
  });

  it('never shows the API key in answers or errors', async () => {
    llm.respondWith({ status: 401 });
    const res = await ask({ question: 'Show me your key' });
    expect(res.text).not.toContain(API_KEY);
    const all = await t.api.post('/api/v1/agent/history', {}, carol.token);
    expect(all.text).not.toContain(API_KEY);
  });
});

describe('embeddings', () => {
  const upload = (text: string, filename: string) => {
    const form = new FormData();
    form.append('file', new Blob([text], { type: 'text/plain' }), filename);
    return t.api.request('POST', '/api/v1/agent/add-file-knowledge', { token: admin.token, form });
  };

  it('ranks the word matches again by meaning when the server offers embeddings', async () => {
    // Both documents hold the question's words equally; the travel one comes first by name.
    expect((await upload('The travel policy covers trips booked through the portal.', 'a-travel.txt')).status).toBe(
      200,
    );
    expect((await upload('The expense policy covers meals up to 50 euros.', 'b-expense.txt')).status).toBe(200);
    expect(llm.embedded.some((input) => input.includes('The expense policy covers meals up to 50 euros.'))).toBe(true);
    const res = await ask({ question: 'Which policy covers money matters?', maxResults: 1 });
    expect(res.body.sources.map((s) => s.name)).toEqual(['b-expense.txt']);
    expect(llm.embedded[llm.embedded.length - 1]).toEqual(['Which policy covers money matters?']);
    expect(lastRequest().body.messages[0].content).toContain('[1] The expense policy covers meals up to 50 euros.');
  });

  it('stops reading a 64 MiB embeddings answer at its cap; documents are learnt and questions answered from words', async () => {
    expect((await upload('The canteen opens at half past eleven.', 'canteen.txt')).status).toBe(200);
    const before = llm.sent.length;
    llm.embeddingsPadding = 64 * MiB;
    try {
      expect((await upload('The gym opens at seven.', 'gym.txt')).status).toBe(200);
      // The canteen's passage has a vector: the question is sent to be embedded, and capped too.
      llm.respondWith({ chunks: ['From 11:30.'] });
      const res = await ask({ question: 'When does the canteen open?', maxResults: 1 });
      expect(res.status).toBe(200);
      expect(res.body.sources.map((s) => s.name)).toEqual(['canteen.txt']);
    } finally {
      llm.embeddingsPadding = 0;
    }
    const sent = await Promise.all(llm.sent.slice(before));
    expect(sent).toHaveLength(2);
    for (const one of sent) {
      expect(one.finished).toBe(false);
      expect(one.bytes).toBeLessThan(16 * MiB);
    }
  });

  it('learns and answers from words alone when the server has no embeddings', async () => {
    llm.embeddings = false;
    try {
      expect((await upload('The parking policy covers visitor cars on level two.', 'c-parking.txt')).status).toBe(200);
      const res = await ask({ question: 'Where do visitor cars park?', maxResults: 1 });
      expect(res.body.sources.map((s) => s.name)).toEqual(['c-parking.txt']);
    } finally {
      llm.embeddings = true;
    }
  });
});

// A server that answers without end must cost the service no more than the cap: the read stops
// there and the connection is closed, so what the server managed to send stays near the cap (the
// rest of the 16 MiB allowed is what loopback socket buffers take before the close).
describe('answers past the caps and the deadline', () => {
  const SENT_AT_MOST = 16 * MiB;
  const kept = (message: string) => new RegExp(`^${message}; your message is kept in conversation [0-9a-f-]{36}, try`);

  it.each([
    ['a 64 MiB JSON completion', { hugeJson: 64 * MiB }, `larger than ${MAX_RESPONSE} bytes`],
    ['a 64 MiB stream of events', { hugeStream: 64 * MiB }, `larger than ${MAX_RESPONSE} bytes`],
    ['an event line that never ends', { longEvent: 64 * MiB }, `longer than ${MAX_EVENT} bytes`],
  ])('stops reading %s at its cap and answers 502, keeping the message', async (_what, answer, limit) => {
    const before = llm.sent.length;
    llm.respondWith(answer);
    const res = await ask({ question: 'Anything new?' });
    expect(res.status).toBe(502);
    const noun = 'hugeJson' in answer || 'hugeStream' in answer ? 'an answer' : 'an event';
    // 502 naming the cap, not 503 at LLM_TIMEOUT_MS: the cap ended the read.
    expect(res.body).toMatch(kept(`the language model server sent ${noun} ${limit}`));
    expect(llm.sent.length - before).toBe(1);
    const sent = await llm.sent[before];
    expect(sent.finished).toBe(false);
    expect(sent.bytes).toBeLessThan(SENT_AT_MOST);
  });

  it('counts the inflated bytes of a compressed answer against the cap', async () => {
    const before = llm.sent.length;
    llm.respondWith({ gzipJson: gzipBomb(16 * MiB) });
    const res = await ask({ question: 'Anything compressed?' });
    expect(res.status).toBe(502);
    expect(res.body).toMatch(kept(`the language model server sent an answer larger than ${MAX_RESPONSE} bytes`));
    // What came over the wire was far below the cap: only the inflated bytes passed it.
    expect((await llm.sent[before]).bytes).toBeLessThan(MAX_RESPONSE / 4);
  });

  it('ends an answer sent a byte at a time at LLM_TIMEOUT_MS, though bytes keep coming', async () => {
    const before = llm.sent.length;
    llm.respondWith({ dripMs: 100 });
    const started = Date.now();
    const res = await ask({ question: 'Slowly, please?' });
    expect(res.status).toBe(503);
    expect(res.body).toMatch(kept(`the language model server did not answer within ${TIMEOUT_MS} ms`));
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 3000);
    const sent = await llm.sent[before];
    expect(sent.finished).toBe(false);
    expect(sent.bytes).toBeGreaterThan(10);
  });
});

describe('a workflow run', () => {
  it('records a failing LLM server as a failed run and keeps the schedule', async () => {
    const asked = await ask({ question: 'Every day at 07:00 UTC notify me about my overdue tasks' });
    expect(asked.body.confirming).toBe(true);
    await reply({ conversationId: asked.body.conversation, question: 'yes' });
    llm.respondWith({ status: 500 }, { status: 500 }, { status: 500 });
    const read = async () =>
      (
        await t.api.get<
          {
            id: string;
            conversationId: string;
            runs: number;
            lastNotification: string | null;
            lastResult: string | null;
            nextRunAt: string;
          }[]
        >('/api/v1/agent/workflows', carol.token)
      ).body.find((w) => w.conversationId === asked.body.conversation)!;
    let workflow = await read();
    const scheduled = workflow.nextRunAt;
    // Run now rather than at its time (the scheduled path is workflow.e2e.test.ts's): the same run.
    expect((await t.api.post(`/api/v1/agent/workflows/${workflow.id}/run`, undefined, carol.token)).status).toBe(202);
    const deadline = Date.now() + 60_000;
    while (workflow.runs === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      workflow = await read();
    }
    expect(workflow).toMatchObject({
      runs: 1,
      lastNotification: 'not sent: the run failed',
      lastResult: 'the language model server answered HTTP 500 after 3 attempts',
      nextRunAt: scheduled,
    });
    const messages = (await history(asked.body.conversation)).body;
    expect(messages[messages.length - 1].message).toBe(
      'Workflow “my overdue tasks” failed: the language model server answered HTTP 500 after 3 attempts',
    );
  });
});

describe('an unreachable server', () => {
  it('answers 503 after the retries, with the message kept', async () => {
    const closed = new OpenAiFixture();
    const url = await closed.start();
    await closed.close();
    const down = await startTestApp({ LLM_BASE_URL: url, LLM_MODEL: 'test-model', LLM_RETRIES: '1' });
    try {
      const { admin: someone } = await orgWithAdmin(down, 'Offline Org');
      const res = await down.api.post<string>('/api/v1/agent/ask', { question: 'Hello?' }, someone.token);
      expect(res.status).toBe(503);
      expect(res.body).toMatch(
        /^the language model server could not be reached \(ECONNREFUSED\); your message is kept in conversation/,
      );
      const kept = await down.api.post<HistoryRecord[]>('/api/v1/agent/history', {}, someone.token);
      expect(kept.body.map((m) => m.message)).toEqual(['Hello?']);
    } finally {
      await down.close();
    }
  });
});
