import { createBus } from '../src/graphql/pubsub';
import type { AgentMessage } from '../src/modules/agent/agent-message.entity';
import { ConversationRelay } from '../src/modules/agent/conversation-relay';
import { UpdateKind } from '../src/modules/agent/conversation-update';
import type { AgentAnswer, HistoryRecord } from './helpers/agent';
import { type AccountMember, member } from './helpers/directory';
import { orgWithAdmin } from './helpers/fixtures';
import { connect, subscribe } from './helpers/live';
import { OpenAiFixture } from './helpers/openai-server';
import { startTestApp, type TestApp, testDatabase } from './helpers/test-app';

// Conversation updates between two instances on one PostgreSQL server
// (src/modules/agent/conversation-relay.ts): a subscriber of one sees every message and chunk of a
// reply the other answers, in order and once; the answering instance's own subscribers see each
// update once too, on the embedded database (where nothing is relayed) as on PostgreSQL.

const UPDATES = `subscription ($id: ID!) { conversationUpdates(conversationId: $id) {
  conversationId kind chunk
  message { id conversationId userId tenant agent messageType message tokenUsage timeSpent timestamp sources { name } }
} }`;

interface Update {
  conversationId: string;
  kind: 'MESSAGE' | 'CHUNK';
  chunk: string | null;
  message: { id: string; messageType: string; message: string } | null;
}

/** A reply with a chunk over NOTIFY's 8000 bytes, of multi-byte characters and surrogate pairs. */
const BIG = 'Grüße aus Köln, 日本語のテキスト, “quotes” \\ and 😀🎉 '.repeat(150);
const CHUNKS = ['Here ', 'is ', 'the ', 'answer: ', BIG, ' — that’s ', 'all 👋', '.'];
const STREAMED = CHUNKS.join('');
const QUESTION = 'What is new this week? 😀';

let llm: OpenAiFixture;
let a: TestApp;
/** A second instance on a's database: PostgreSQL only. */
let b: TestApp | undefined;
let carol: AccountMember;

beforeAll(async () => {
  llm = new OpenAiFixture();
  const env = { LLM_BASE_URL: await llm.start(), LLM_API_KEY: 'sk-test-relay', LLM_MODEL: 'test-model' };
  a = await startTestApp(env);
  if (testDatabase() === 'postgres') b = await startTestApp({ ...env, DATABASE_URL: a.app.config.databaseUrl });
  const { org, admin } = await orgWithAdmin(a, 'Relay Org');
  carol = await member(a, org, admin);
});

afterAll(async () => {
  // a drops the database b shares: b goes first.
  await b?.close();
  await a?.close();
  await llm?.close();
});

/**
 * Subscribes on each of `watching` to a new conversation, has `answering` reply in it, and
 * returns what each subscriber received.
 */
async function replyOn(answering: TestApp, watching: TestApp[]): Promise<Update[][]> {
  const started = await a.api.post<{ id: string }>('/api/v1/agent/conversations/start', {}, carol.token);
  expect(started.status).toBeLessThan(300);
  const id = started.body.id;
  const clients = watching.map((t) => connect(t, carol.token));
  try {
    const subscribers = clients.map((client) => subscribe<{ conversationUpdates: Update }>(client, UPDATES, { id }));
    await Promise.all(subscribers.map((live) => live.ready));
    llm.respondWith({ chunks: CHUNKS });
    const answered = await answering.api.post<AgentAnswer>(
      '/api/v1/agent/reply',
      { conversationId: id, question: QUESTION },
      carol.token,
    );
    expect(answered.status).toBe(200);
    expect(answered.body.reply).toBe(STREAMED);
    await Promise.all(
      subscribers.map((live) => live.until((u) => u.conversationUpdates.message?.messageType === 'agent_response')),
    );
    // Whatever would come twice comes in this time.
    await new Promise((resolve) => setTimeout(resolve, 500));
    return subscribers.map((live) => live.received.map((u) => u.conversationUpdates));
  } finally {
    await Promise.all(clients.map((client) => client.dispose()));
  }
}

/** The user's message, the chunks, the agent's message: each once, in that order. */
function expectReply(updates: Update[]): { messages: Update[]; chunks: string[] } {
  const messages = updates.filter((u) => u.kind === 'MESSAGE');
  expect(messages.map((u) => [u.message!.messageType, u.message!.message])).toEqual([
    ['user_request', QUESTION],
    ['agent_response', STREAMED],
  ]);
  expect(updates[0]).toBe(messages[0]);
  expect(updates[updates.length - 1]).toBe(messages[1]);
  const chunks = updates.slice(1, -1);
  expect(chunks.every((u) => u.kind === 'CHUNK' && u.message === null)).toBe(true);
  expect(chunks.map((u) => u.chunk).join('')).toBe(STREAMED);
  return { messages, chunks: chunks.map((u) => u.chunk!) };
}

it('delivers a reply to the answering instance’s subscribers once, the chunks as the model streamed them', async () => {
  expect(Buffer.byteLength(BIG)).toBeGreaterThan(8000);
  const [own] = await replyOn(a, [a]);
  expect(expectReply(own).chunks).toEqual(CHUNKS);
});

if (testDatabase() === 'postgres') {
  describe('between two instances on one PostgreSQL server', () => {
    it.each([
      ['B', 'A'],
      ['A', 'B'],
    ])('delivers a reply answered by %s to a subscriber of %s, in order and once', async (answering) => {
      const [one, two] = answering === 'A' ? [a, b!] : [b!, a];
      const [own, other] = await replyOn(one, [one, two]);
      const mine = expectReply(own);
      const theirs = expectReply(other);
      // The answering instance publishes the chunks as the model streamed them; the other gets the
      // big one in pieces under 8000 bytes, the rest as they were.
      expect(mine.chunks).toEqual(CHUNKS);
      expect(theirs.chunks.length).toBeGreaterThan(CHUNKS.length);
      expect(theirs.chunks.slice(0, 4)).toEqual(CHUNKS.slice(0, 4));
      expect(theirs.chunks.slice(-3)).toEqual(CHUNKS.slice(-3));
      // Messages travel by id and are read back: the same fields as the answering instance shows.
      expect(theirs.messages).toEqual(mine.messages);
    });

    it('publishes a message read back by id before the chunks sent right after it', async () => {
      const started = await a.api.post<{ id: string }>('/api/v1/agent/conversations/start', {}, carol.token);
      const id = started.body.id;
      llm.respondWith({ chunks: ['Fine.'] });
      const replied = await a.api.post('/api/v1/agent/reply', { conversationId: id, question: QUESTION }, carol.token);
      expect(replied.status).toBe(200);
      const [request] = (
        await a.api.post<HistoryRecord[]>('/api/v1/agent/history', { conversationId: id }, carol.token)
      ).body;
      const client = connect(a, carol.token);
      // A third instance on the same database, sending as fast as it can: each chunk's notification
      // arrives while the message's is still being read back.
      const sender = new ConversationRelay(a.app.db.orm, createBus(), a.app.config.databaseUrl, a.app.logger);
      try {
        const live = subscribe<{ conversationUpdates: Update }>(client, UPDATES, { id });
        await live.ready;
        const update = { conversationId: id, userId: request.userId, message: null, chunk: null };
        sender.send({ ...update, kind: UpdateKind.MESSAGE, message: { id: request.id } as AgentMessage });
        const pieces = Array.from({ length: 30 }, (_, i) => `piece ${i}, `);
        for (const chunk of pieces) sender.send({ ...update, kind: UpdateKind.CHUNK, chunk });
        const received = await live.until((u) => u.conversationUpdates.chunk === pieces.at(-1));
        expect(received.map((u) => u.conversationUpdates.message?.id ?? u.conversationUpdates.chunk)).toEqual([
          request.id,
          ...pieces,
        ]);
      } finally {
        await sender.close();
        await client.dispose();
      }
    });
  });
}
