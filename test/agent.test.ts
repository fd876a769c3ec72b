import { randomUUID } from 'node:crypto';
import { ChangeEvent } from '../src/events/change-event.entity';
import { seedDirectory } from './helpers/agent';
import { type AccountMember, member } from './helpers/directory';
import { type Member, type OrgRecord, orgWithAdmin } from './helpers/fixtures';
import { connect, subscribe } from './helpers/live';
import { startTestApp, type TestApp } from './helpers/test-app';

// The agent through GraphQL (queries, mutations and the conversationUpdates subscription over
// graphql-ws) with the local engine, and the change events conversations make. The REST routes
// are covered by test/e2e/agent.e2e.test.ts.

const ANSWER =
  'success reply confirming conversation subtasks { reply } agent { name title coordinator beanName persona avatar bio shortBio } sources { name type url }';
const ASK = `mutation ($input: UserRequest!) { ask(input: $input) { ${ANSWER} } }`;
const REPLY = `mutation ($input: UserRequest!) { reply(input: $input) { ${ANSWER} } }`;
const UPDATES =
  'subscription ($id: ID!) { conversationUpdates(conversationId: $id) { conversationId kind chunk message { messageType agent message sources { name } } } }';

interface Update {
  conversationUpdates: {
    conversationId: string;
    kind: string;
    chunk: string | null;
    message: { messageType: string; agent: string; message: string; sources: { name: string }[] } | null;
  };
}

let t: TestApp;
let org: OrgRecord;
let admin: Member;
let carol: AccountMember;
let other: AccountMember;

beforeAll(async () => {
  t = await startTestApp();
  ({ org, admin } = await orgWithAdmin(t, 'GraphQL Agent Org'));
  carol = await member(t, org, admin);
  other = await member(t, org, admin);
  await seedDirectory(t, admin, carol);
});

afterAll(() => t.close());

const gql = <T = Record<string, unknown>>(
  query: string,
  variables: Record<string, unknown> = {},
  token = carol.token,
) => t.api.graphql<T>(query, variables, token);

describe('GraphQL', () => {
  it('asks, replies and reads history and conversations', async () => {
    const asked = await gql<{
      ask: { reply: string; conversation: string; agent: { name: string; coordinator: boolean }; subtasks: unknown[] };
    }>(ASK, { input: { question: 'Who reports to Alice Moreau?' } });
    expect(asked.errors).toBeUndefined();
    expect(asked.data!.ask).toMatchObject({
      reply: '1 person reports to Alice Moreau: Carol Jones.',
      agent: { name: 'Dex', coordinator: false },
      subtasks: [],
    });
    const id = asked.data!.ask.conversation;
    const replied = await gql<{ reply: { reply: string } }>(REPLY, {
      input: { conversationId: id, question: 'How many employees do we have?' },
    });
    expect(replied.data!.reply.reply).toBe('The organization has 4 active employees.');
    const read = await gql<{
      agentHistory: { messageType: string; agent: string }[];
      conversations: { nodes: { id: string; name: string }[] };
    }>(
      'query ($input: UserRequest) { agentHistory(input: $input) { messageType agent } conversations { nodes { id name } } }',
      {
        input: { conversationId: id },
      },
    );
    expect(read.data!.agentHistory).toEqual([
      { messageType: 'user_request', agent: '' },
      { messageType: 'agent_response', agent: 'Dex' },
      { messageType: 'user_request', agent: '' },
      { messageType: 'agent_response', agent: 'Dex' },
    ]);
    expect(read.data!.conversations.nodes).toContainEqual({ id, name: 'Who reports to Alice Moreau?' });
  });

  it('starts, renames, searches and deletes conversations', async () => {
    const started = await gql<{ startConversation: { id: string; name: string } }>(
      'mutation { startConversation(name: "Quarterly goals") { id name } }',
    );
    const id = started.data!.startConversation.id;
    const renamed = await gql<{ renameConversation: { name: string } }>(
      'mutation ($id: UUID!) { renameConversation(id: $id, input: { name: "Yearly goals" }) { name } }',
      { id },
    );
    expect(renamed.data!.renameConversation.name).toBe('Yearly goals');
    const found = await gql<{ agentSearch: { id: string; type: string; result: string }[] }>(
      '{ agentSearch(input: { query: "yearly" }) { id type result } }',
    );
    expect(found.data!.agentSearch).toEqual([{ id, type: 'conversation', result: '<b>Yearly</b> goals' }]);
    const deleted = await gql<{ deleteConversation: boolean }>(
      'mutation ($id: UUID!) { deleteConversation(id: $id) }',
      { id },
    );
    expect(deleted.data!.deleteConversation).toBe(true);
    const gone = await gql('query ($id: UUID!) { conversation(id: $id) { id } }', { id });
    expect(gone.errors?.[0]).toMatchObject({ message: 'conversation not found', extensions: { code: 'NOT_FOUND' } });
  });

  it('lists the agents: a coordinator and three specialists', async () => {
    const res = await gql<{ agentProfiles: { name: string; coordinator: boolean; beanName: string }[] }>(
      '{ agentProfiles { name coordinator beanName } }',
    );
    expect(res.data!.agentProfiles).toEqual([
      { name: 'Atlas', coordinator: true, beanName: 'coordinator' },
      { name: 'Dex', coordinator: false, beanName: 'directoryAgent' },
      { name: 'Sage', coordinator: false, beanName: 'knowledgeAgent' },
      { name: 'Tempo', coordinator: false, beanName: 'plannerAgent' },
    ]);
  });

  it('answers errors with their codes', async () => {
    const noQuestion = await gql(ASK, { input: {} });
    expect(noQuestion.errors?.[0]).toMatchObject({
      message: 'question is required',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const foreign = await gql(REPLY, { input: { conversationId: randomUUID(), question: 'Hi' } });
    expect(foreign.errors?.[0]).toMatchObject({ message: 'conversation not found', extensions: { code: 'NOT_FOUND' } });
    const anonymous = await t.api.graphql(ASK, { input: { question: 'Hi' } });
    expect(anonymous.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const badCount = await gql('{ agentSearch(input: { query: "x", count: 500 }) { id } }');
    expect(badCount.errors?.[0]).toMatchObject({
      message: 'count must be between 1 and 100',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });
});

describe('long runs of white space and control characters', () => {
  /** Far below the minutes a backtracking reader took on such a question, far above an answer's time on a loaded machine. */
  const BOUND_MS = 5_000;
  const HISTORY = 'query ($input: UserRequest) { agentHistory(input: $input) { messageType message } }';

  it('answers "who is" + 9,985 spaces + a name at once, read and kept as "who is <name>"', async () => {
    // 10,000 characters: the most a question may have (agent.inputs.ts QUESTION_MAX).
    const question = `who is${' '.repeat(9_985)}Ana Silva`;
    expect(question).toHaveLength(10_000);
    // The short question first: nobody of that name sends it on to the knowledge specialist,
    // whose word lists load on first use; that is not what is timed.
    const short = await gql<{ ask: { reply: string } }>(ASK, { input: { question: 'who is Ana Silva' } });
    const started = performance.now();
    const asked = await gql<{ ask: { reply: string; conversation: string } }>(ASK, { input: { question } });
    expect(performance.now() - started).toBeLessThan(BOUND_MS);
    expect(asked.errors).toBeUndefined();
    expect(asked.data!.ask.reply).toBe('I don’t know anyone called “Ana Silva” in the directory.');
    expect(asked.data!.ask.reply).toBe(short.data!.ask.reply);
    const history = await gql<{ agentHistory: { messageType: string; message: string }[] }>(HISTORY, {
      input: { conversationId: asked.data!.ask.conversation },
    });
    expect(history.data!.agentHistory[0]).toEqual({ messageType: 'user_request', message: 'who is Ana Silva' });
  });

  it('reads a question of tabs, line breaks and control characters as its words', async () => {
    const question = `Who is${'\t \u0007'.repeat(1_000)}\n\nCarol\u001b \r\n Jones?${'\n'.repeat(5_000)}`;
    const started = performance.now();
    const asked = await gql<{ ask: { reply: string } }>(ASK, { input: { question } });
    expect(performance.now() - started).toBeLessThan(BOUND_MS);
    expect(asked.errors).toBeUndefined();
    expect(asked.data!.ask.reply).toBe('Carol Jones is Software Engineer in Engineering, reporting to Alice Moreau.');
    const empty = await gql(ASK, { input: { question: '\u0007\u001b\u007f' } });
    expect(empty.errors?.[0]).toMatchObject({
      message: 'question is required',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });
});

describe('conversationUpdates', () => {
  it('delivers the user’s message, the reply in chunks while it is written, then the final message', async () => {
    const started = await gql<{ startConversation: { id: string } }>('mutation { startConversation { id } }');
    const id = started.data!.startConversation.id;
    const client = connect(t, carol.token);
    try {
      const live = subscribe<Update>(client, UPDATES, { id });
      await live.ready;
      const replied = await gql<{ reply: { reply: string } }>(REPLY, {
        input: { conversationId: id, question: 'Who is Alice Moreau?' },
      });
      const expected = 'Alice Moreau is Engineering Manager in Engineering, based in Lyon, reporting to Bob Stone.';
      expect(replied.data!.reply.reply).toBe(expected);
      const updates = (await live.until((u) => u.conversationUpdates.message?.messageType === 'agent_response')).map(
        (u) => u.conversationUpdates,
      );
      live.stop();
      expect(updates[0]).toEqual({
        conversationId: id,
        kind: 'MESSAGE',
        chunk: null,
        message: { messageType: 'user_request', agent: '', message: 'Who is Alice Moreau?', sources: [] },
      });
      const chunks = updates.slice(1, -1);
      expect(chunks.length).toBeGreaterThan(1);
      expect(chunks.every((u) => u.kind === 'CHUNK' && u.conversationId === id)).toBe(true);
      expect(chunks.map((u) => u.chunk).join('')).toBe(expected);
      expect(updates[updates.length - 1]).toEqual({
        conversationId: id,
        kind: 'MESSAGE',
        chunk: null,
        message: {
          messageType: 'agent_response',
          agent: 'Dex',
          message: expected,
          sources: [{ name: 'Alice Moreau' }, { name: 'Bob Stone' }],
        },
      });
    } finally {
      await client.dispose();
    }
  });

  it('is only for the conversation’s owner', async () => {
    const started = await gql<{ startConversation: { id: string } }>('mutation { startConversation { id } }');
    const client = connect(t, other.token);
    try {
      for (const id of [started.data!.startConversation.id, randomUUID(), 'not-an-id']) {
        const live = subscribe<Update>(client, UPDATES, { id });
        await expect(live.until(() => true)).rejects.toMatchObject({
          message: 'conversation not found',
          extensions: { code: 'NOT_FOUND' },
        });
      }
    } finally {
      await client.dispose();
    }
  });

  it('does not mix conversations: a subscriber sees only the one it chose', async () => {
    const a = (await gql<{ startConversation: { id: string } }>('mutation { startConversation { id } }')).data!
      .startConversation.id;
    const b = (await gql<{ startConversation: { id: string } }>('mutation { startConversation { id } }')).data!
      .startConversation.id;
    const client = connect(t, carol.token);
    try {
      const live = subscribe<Update>(client, UPDATES, { id: a });
      await live.ready;
      await gql(REPLY, { input: { conversationId: b, question: 'How many employees do we have?' } });
      await gql(REPLY, { input: { conversationId: a, question: 'Who is in the Platform Guild?' } });
      const updates = await live.until((u) => u.conversationUpdates.message?.messageType === 'agent_response');
      live.stop();
      expect(updates.every((u) => u.conversationUpdates.conversationId === a)).toBe(true);
    } finally {
      await client.dispose();
    }
  });
});

describe('change events', () => {
  it('records conversation.post, a messages patch per exchange and conversation.delete, without message text', async () => {
    const asked = await gql<{ ask: { conversation: string } }>(ASK, {
      input: { question: 'Who is in the Platform Guild?' },
    });
    const id = asked.data!.ask.conversation;
    await gql('mutation ($id: UUID!) { deleteConversation(id: $id) }', { id });
    const events = await t.app.db.orm.em
      .fork()
      .find(ChangeEvent, { objectId: id }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    expect(events.map((e) => [e.type, e.changedFields])).toEqual([
      ['conversation.post', []],
      ['conversation.patch', ['messages']],
      ['conversation.delete', []],
    ]);
    expect(events[0].organization).toBe(org.id);
    expect(JSON.stringify(events)).not.toContain('Platform Guild has');
  });
});
