import { randomUUID } from 'node:crypto';
import {
  type AgentAnswer,
  type ConversationRecord,
  type Directory,
  type HistoryRecord,
  seedDirectory,
} from '../helpers/agent';
import { type AccountMember, member } from '../helpers/directory';
import { type Member, type OrgRecord, orgWithAdmin } from '../helpers/fixtures';
import { signOrgToken } from '../helpers/org-token';
import { idsByTime, pagingOf, readPaging } from '../helpers/paging';
import { startTestApp, type TestApp } from '../helpers/test-app';

// The agent routes (/agent: conversations, ask, reply, search, history) over HTTP against the
// real service with the default local engine. The OpenAI-compatible engine is covered by
// test/openai-engine.test.ts, live updates and GraphQL by test/agent.test.ts.

interface SearchHit {
  id: string;
  conversationId: string;
  result: string;
  timestamp: string;
  type: string;
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const CONVERSATION_FIELDS = ['id', 'name', 'organization', 'tenant', 'timestamp', 'userId'];
const HISTORY_FIELDS = [
  'agent',
  'conversationId',
  'id',
  'message',
  'messageType',
  'organization',
  'sources',
  'tenant',
  'timeSpent',
  'timestamp',
  'tokenUsage',
  'userId',
];

let t: TestApp;
let org: OrgRecord;
let admin: Member;
let carol: AccountMember;
let other: AccountMember;
let stranger: Member;
let dir: Directory;

beforeAll(async () => {
  t = await startTestApp();
  ({ org, admin } = await orgWithAdmin(t, 'Agent Org'));
  carol = await member(t, org, admin);
  other = await member(t, org, admin);
  ({ admin: stranger } = await orgWithAdmin(t, 'Stranger Org'));
  dir = await seedDirectory(t, admin, carol);
});

afterAll(() => t.close());

const ask = (body: unknown, token = carol.token) => t.api.post<AgentAnswer>('/api/v1/agent/ask', body, token);
const reply = (body: unknown, token = carol.token) => t.api.post<AgentAnswer>('/api/v1/agent/reply', body, token);
const history = (body: unknown, token = carol.token) =>
  t.api.post<HistoryRecord[]>('/api/v1/agent/history', body, token);
const search = (body: unknown, token = carol.token) => t.api.post<SearchHit[]>('/api/v1/agent/search', body, token);
const start = async (token = carol.token, query = '') => {
  const res = await t.api.post<ConversationRecord>(`/api/v1/agent/conversations/start${query}`, undefined, token);
  expect(res.status).toBe(200);
  return res.body;
};

function expectError(res: { status: number; body: unknown }, status: number, message: string | RegExp): void {
  expect({ status: res.status, body: res.body }).toEqual({
    status,
    body: typeof message === 'string' ? message : expect.stringMatching(message),
  });
}

async function asked(question: string, token = carol.token): Promise<AgentAnswer> {
  const res = await ask({ question }, token);
  expect(res.status).toBe(200);
  return res.body;
}

describe('conversations', () => {
  it('starts a conversation owned by the caller in the current organization', async () => {
    const conversation = await start();
    expect(Object.keys(conversation).sort()).toEqual(CONVERSATION_FIELDS);
    expect(conversation).toMatchObject({
      userId: carol.id,
      tenant: org.id,
      organization: org.id,
      name: 'New conversation',
    });
    expect(conversation.timestamp).toMatch(ISO);
    expect((await start(carol.token, '?name=Planning')).name).toBe('Planning');
  });

  it('refuses a start name over 200 characters and stores nothing', async () => {
    const before = (await t.api.get<ConversationRecord[]>('/api/v1/agent/conversations', carol.token)).body.length;
    const res = await t.api.post(`/api/v1/agent/conversations/start?name=${'x'.repeat(201)}`, undefined, carol.token);
    expectError(res, 400, 'name must be 1-200 characters');
    expect((await t.api.get<ConversationRecord[]>('/api/v1/agent/conversations', carol.token)).body).toHaveLength(
      before,
    );
  });

  it('lists only the caller’s own conversations, newest first', async () => {
    const older = await start(other.token);
    const newer = await start(other.token);
    await start(carol.token);
    const listed = await t.api.get<ConversationRecord[]>('/api/v1/agent/conversations', other.token);
    expect(listed.status).toBe(200);
    expect(listed.body.map((c) => c.id)).toEqual([newer.id, older.id]);
    const strangers = await t.api.get<ConversationRecord[]>('/api/v1/agent/conversations', stranger.token);
    expect(strangers.body).toEqual([]);
  });

  it('pages them newest first: GraphQL by cursor with totalCount, REST with limit, X-Total-Count and Link', async () => {
    const pager = await member(t, org, admin);
    const made: ConversationRecord[] = [];
    for (let i = 0; i < 5; i++) made.push(await start(pager.token));
    await start(carol.token);
    const list = {
      field: 'conversations',
      rest: '/api/v1/agent/conversations',
      token: pager.token,
      foreign: 'accounts',
    };
    expect(await readPaging(t.api, list)).toEqual(pagingOf(idsByTime(made, 'timestamp', true), list.rest));
  });

  it('reads one conversation; another user’s or another organization’s is 404', async () => {
    const mine = await start();
    expect((await t.api.get(`/api/v1/agent/conversations/${mine.id}`, carol.token)).body).toEqual(mine);
    expectError(await t.api.get(`/api/v1/agent/conversations/${mine.id}`, other.token), 404, 'conversation not found');
    expectError(
      await t.api.get(`/api/v1/agent/conversations/${mine.id}`, stranger.token),
      404,
      'conversation not found',
    );
    expectError(
      await t.api.get(`/api/v1/agent/conversations/${randomUUID()}`, carol.token),
      404,
      'conversation not found',
    );
    expectError(await t.api.get('/api/v1/agent/conversations/nope', carol.token), 400, 'id must be a UUID');
  });

  it('renames with PUT of a whole Conversation: only name changes', async () => {
    const mine = await start();
    const body = {
      ...mine,
      name: '  Career questions ',
      userId: other.id,
      tenant: randomUUID(),
      id: randomUUID(),
      timestamp: '2000-01-01T00:00:00Z',
    };
    const res = await t.api.request<ConversationRecord>('PUT', `/api/v1/agent/conversations/${mine.id}`, {
      body,
      token: carol.token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...mine, name: 'Career questions' });
    expect((await t.api.get(`/api/v1/agent/conversations/${mine.id}`, carol.token)).body).toEqual(res.body);
  });

  it('refuses a bad rename with a message naming the field and changes nothing', async () => {
    const mine = await start();
    const put = (body: unknown, id = mine.id, token = carol.token) =>
      t.api.request('PUT', `/api/v1/agent/conversations/${id}`, { body, token });
    expectError(await put({}), 400, 'name is required');
    expectError(await put({ name: '   ' }), 400, 'name must be 1-200 characters');
    expectError(await put({ name: 'x'.repeat(201) }), 400, 'name must be 1-200 characters');
    expectError(await put({ name: 5 }), 400, 'name must be a string');
    expectError(
      await t.api.request('PUT', `/api/v1/agent/conversations/${mine.id}`, { token: carol.token }),
      400,
      /request body must be a JSON object/,
    );
    expectError(
      await t.api.request('PUT', `/api/v1/agent/conversations/${mine.id}`, {
        token: carol.token,
        raw: { body: '{"name":', type: 'application/json' },
      }),
      400,
      /JSON/,
    );
    expectError(await put({ name: 'Theirs' }, mine.id, other.token), 404, 'conversation not found');
    expectError(await put({ name: 'Theirs' }, mine.id, stranger.token), 404, 'conversation not found');
    expectError(await put({ name: 'Nobody' }, randomUUID()), 404, 'conversation not found');
    expect((await t.api.get<ConversationRecord>(`/api/v1/agent/conversations/${mine.id}`, carol.token)).body.name).toBe(
      'New conversation',
    );
  });

  it('deletes a conversation: 200 without a body, then gone from the list, history and search', async () => {
    const answer = await asked('Who does Carol Jones report to?');
    const id = answer.conversation;
    expectError(await t.api.delete(`/api/v1/agent/conversations/${id}`, other.token), 404, 'conversation not found');
    const res = await t.api.delete(`/api/v1/agent/conversations/${id}`, carol.token);
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
    expectError(await t.api.get(`/api/v1/agent/conversations/${id}`, carol.token), 404, 'conversation not found');
    expectError(await t.api.delete(`/api/v1/agent/conversations/${id}`, carol.token), 404, 'conversation not found');
    expectError(await history({ conversationId: id }), 404, 'conversation not found');
    expectError(await reply({ conversationId: id, question: 'And then?' }), 404, 'conversation not found');
    const listed = await t.api.get<ConversationRecord[]>('/api/v1/agent/conversations', carol.token);
    expect(listed.body.map((c) => c.id)).not.toContain(id);
    expect((await history({})).body.filter((m) => m.conversationId === id)).toEqual([]);
    expect((await search({ query: 'Carol report' })).body.filter((h) => h.conversationId === id)).toEqual([]);
  });
});

describe('authentication and roles', () => {
  // Every row has its three values: jest would take a missing third for a done callback.
  const routes: [string, string, unknown][] = [
    ['GET', '/api/v1/agent/conversations', undefined],
    ['POST', '/api/v1/agent/conversations/start', undefined],
    ['GET', `/api/v1/agent/conversations/${randomUUID()}`, undefined],
    ['PUT', `/api/v1/agent/conversations/${randomUUID()}`, { name: 'x' }],
    ['DELETE', `/api/v1/agent/conversations/${randomUUID()}`, undefined],
    ['POST', '/api/v1/agent/ask', { question: 'hi' }],
    ['POST', '/api/v1/agent/reply', { question: 'hi', conversationId: randomUUID() }],
    ['POST', '/api/v1/agent/search', { query: 'hi' }],
    ['POST', '/api/v1/agent/history', {}],
  ];

  it.each(routes)('%s %s answers 401 without a token or with a bad one', async (method, path, body) => {
    expectError(await t.api.request(method, path, { body }), 401, 'authentication required');
    expect((await t.api.request(method, path, { body, token: 'not-a-jwt' })).status).toBe(401);
  });

  it.each(routes)(
    '%s %s answers 403 to an organization token: conversations belong to users',
    async (method, path, body) => {
      const keyed = await t.api.post<OrgRecord>(
        '/api/v1/organization/keys',
        { name: `agent ${randomUUID()}` },
        admin.token,
      );
      const key = keyed.body.keys.find((k) => k.secretBase64)!;
      const token = signOrgToken(key.id, key.secretBase64!);
      expectError(
        await t.api.request(method, path, { body, token }),
        403,
        'conversations belong to users: an organization token cannot use the agent',
      );
    },
  );
});

describe('POST /api/v1/agent/ask', () => {
  it('starts a conversation named after the question and answers a directory question with its sources', async () => {
    const answer = await asked('Who does Carol Jones report to?');
    expect(answer).toMatchObject({
      success: true,
      confirming: false,
      reply: 'Carol Jones reports to Alice Moreau (Engineering Manager).',
    });
    expect(answer.agent).toMatchObject({
      name: 'Dex',
      title: 'Directory specialist',
      coordinator: false,
      beanName: 'directoryAgent',
    });
    expect(answer.sources).toEqual([
      { name: 'Carol Jones', type: 'employee', url: `/api/v1/employee/${dir.carol}` },
      { name: 'Alice Moreau', type: 'employee', url: `/api/v1/employee/${dir.alice}` },
    ]);
    const conversation = await t.api.get<ConversationRecord>(
      `/api/v1/agent/conversations/${answer.conversation}`,
      carol.token,
    );
    expect(conversation.body).toMatchObject({
      name: 'Who does Carol Jones report to?',
      userId: carol.id,
      tenant: org.id,
    });
  });

  it('answers who reports to someone, headcounts, group members and the caller’s tasks due this month', async () => {
    expect((await asked('Who reports to Bob Stone?')).reply).toBe('1 person reports to Bob Stone: Alice Moreau.');
    expect((await asked('How many employees do we have?')).reply).toBe('The organization has 4 active employees.');
    expect((await asked('How many people work in engineering?')).reply).toBe(
      '3 active employees work in Engineering: Alice Moreau, Bob Stone, Carol Jones.',
    );
    expect((await asked('Who is in the Platform Guild?')).reply).toBe(
      'Platform Guild has 2 members: Alice Moreau, Carol Jones.',
    );
    expect((await asked('Who is my manager?')).reply).toBe(
      'Carol Jones reports to Alice Moreau (Engineering Manager).',
    );
    expect((await asked('Who is Alice Moreau?')).reply).toBe(
      'Alice Moreau is Engineering Manager in Engineering, based in Lyon, reporting to Bob Stone.',
    );
    const tasks = await asked('What are my IDP tasks due this month?');
    expect(tasks.reply).toMatch(
      /^You have 1 open plan task due in \w+ \d{4}: “Pass the Kubernetes certification” \(plan “Cloud Skills”, due \d{4}-\d{2}-28\)\.$/,
    );
    expect(tasks.sources).toEqual([
      {
        name: 'Pass the Kubernetes certification',
        type: 'idpTask',
        url: `/api/v1/idp/${dir.plan}/tasks/${dir.taskThisMonth}`,
      },
    ]);
    expect((await asked('What are my tasks due this month?', other.token)).reply).toMatch(
      /^You have no open plan tasks due in/,
    );
  });

  it('reads people as people write them: contractions, pronouns, chains of managers, roles and initials', async () => {
    expect((await asked("who's Carol's manager's manager?")).reply).toBe(
      'Alice Moreau reports to Bob Stone (CTO). (Carol Jones → Alice Moreau → Bob Stone)',
    );
    expect((await asked("Bob's team - who reports directly to him?")).reply).toBe(
      '1 person reports to Bob Stone: Alice Moreau.',
    );
    expect((await asked('who is our CTO?')).reply).toBe('Bob Stone is CTO in Engineering, based in Berlin.');
    expect((await asked('who is the engineering manager')).reply).toBe(
      'Alice Moreau is Engineering Manager in Engineering, based in Lyon, reporting to Bob Stone.',
    );
    expect((await asked('whos in the PG?')).reply).toBe('Platform Guild has 2 members: Alice Moreau, Carol Jones.');
    expect((await asked('where is our CTO based?')).reply).toBe('Bob Stone is based in Berlin.');
    const groups = await asked('which groups is Carol part of?');
    expect(groups.reply).toBe('Carol Jones is a member of 1 group: Platform Guild.');
    expect(groups.sources.map((s) => s.type)).toEqual(['employee', 'group']);
    expect((await asked('what groups is Bob in?')).reply).toBe('Bob Stone is in no group.');
    // Several questions in one message are answered in turn, a pronoun meaning the first one's person.
    const both = await asked('what does Alice do and where is she based?');
    expect(both.reply).toBe('Alice Moreau is Engineering Manager in Engineering.\nAlice Moreau is based in Lyon.');
    expect((await asked("Bob's title?")).reply).toBe('Bob Stone is CTO in Engineering.');
    expect((await asked('who does the engineering manager report to?')).reply).toBe(
      'Alice Moreau reports to Bob Stone (CTO).',
    );
    // A manager the chain does not reach, and a role nobody holds, are not guessed.
    expect((await asked("who is Bob's manager's manager?")).reply).toMatch(/^I don’t know/);
    expect((await asked('who is our head of astronautics?')).reply).toMatch(/^I don’t know/);
    // A chain climbs at most five managers: a longer one is not a name either.
    expect((await asked(`who is Carol${"'s manager".repeat(8)}?`)).reply).toMatch(/^I don’t know/);
  });

  it('answers from the organization’s records with the passages it found, citing them', async () => {
    const answer = await asked('What about the Kubernetes certification?');
    expect(answer.agent.name).toBe('Sage');
    expect(answer.reply).toBe(
      `Task Pass the Kubernetes certification: Book the CKA exam and pass it (due ${answer.reply.match(/due (\d{4}-\d{2}-\d{2})/)?.[1]}) (source: Pass the Kubernetes certification)`,
    );
    expect(answer.sources).toEqual([
      {
        name: 'Pass the Kubernetes certification',
        type: 'idpTask',
        url: `/api/v1/idp/${dir.plan}/tasks/${dir.taskThisMonth}`,
      },
    ]);
    // Another user may not read Carol's private plan: nothing is found for them.
    expect((await asked('What about the Kubernetes certification?', other.token)).reply).toMatch(/^I don’t know/);
  });

  it('says plainly that it does not know, without sources, rather than inventing', async () => {
    const unknownFact = await asked('What is the office wifi password?');
    expect(unknownFact).toMatchObject({
      success: true,
      sources: [],
      reply: 'I don’t know. I found nothing about that in the directory, the development plans or the knowledge base.',
    });
    expect((await asked('Who does Zed Nobody report to?')).reply).toBe(
      'I don’t know anyone called “Zed Nobody” in the directory.',
    );
    expect((await asked('How many people work in Astronautics?')).reply).toBe(
      'I don’t know of a department called “Astronautics” in the directory.',
    );
    expect((await asked('Who is in the Chess Club?')).reply).toBe('I don’t know a group called “Chess Club”.');
  });

  it('sends requests to act to the planner, which restates the plan and asks for confirmation', async () => {
    const answer = await asked('Every Monday at 9am email me my overdue tasks');
    expect(answer).toMatchObject({ confirming: true, agent: { name: 'Tempo', beanName: 'plannerAgent' } });
    expect(answer.reply).toBe(
      `I will run “my overdue tasks” every Monday at 09:00 (UTC), and the result is e-mailed to ${carol.email}. Reply “yes” to schedule it.`,
    );
    const declined = await reply({ conversationId: answer.conversation, question: 'no thanks' });
    expect(declined.body).toMatchObject({
      confirming: false,
      agent: { name: 'Tempo' },
      reply: 'All right, I will not schedule it.',
    });
  });

  it('refuses bad bodies with a message naming the field, and stores nothing', async () => {
    const before = (await t.api.get<ConversationRecord[]>('/api/v1/agent/conversations', other.token)).body.length;
    expectError(await ask({}, other.token), 400, 'question is required');
    expectError(await ask({ question: '   ' }, other.token), 400, 'question is required');
    expectError(await ask({ question: 42 }, other.token), 400, 'question must be a string');
    expectError(
      await ask({ question: 'x'.repeat(10_001) }, other.token),
      400,
      'question must be at most 10000 characters',
    );
    expectError(await ask({ question: 'Hi', maxResults: 0 }, other.token), 400, 'maxResults must be between 1 and 50');
    expectError(await ask({ question: 'Hi', maxResults: 51 }, other.token), 400, 'maxResults must be between 1 and 50');
    expectError(await ask({ question: 'Hi', maxResults: 'many' }, other.token), 400, 'maxResults must be an integer');
    expectError(
      await ask({ question: 'Hi', conversationId: randomUUID() }, other.token),
      400,
      'conversationId must be omitted: ask starts a new conversation; use reply to continue one',
    );
    expectError(
      await ask({ question: 'Hi', additionalInstructions: 7 }, other.token),
      400,
      'additionalInstructions must be a string',
    );
    expectError(
      await t.api.request('POST', '/api/v1/agent/ask', {
        token: other.token,
        raw: { body: 'question=hi', type: 'application/x-www-form-urlencoded' },
      }),
      400,
      /request body must be a JSON object/,
    );
    expectError(
      await t.api.request('POST', '/api/v1/agent/ask', {
        token: other.token,
        raw: { body: '{"question": "hi"', type: 'application/json' },
      }),
      400,
      /JSON/,
    );
    expectError(
      await t.api.request('POST', '/api/v1/agent/ask', {
        token: other.token,
        raw: { body: '["hi"]', type: 'application/json' },
      }),
      400,
      'request body must be a JSON object',
    );
    expect((await t.api.get<ConversationRecord[]>('/api/v1/agent/conversations', other.token)).body).toHaveLength(
      before,
    );
  });
});

describe('POST /api/v1/agent/reply', () => {
  it('continues the conversation; a follow-up that finds nothing alone is read with the previous question', async () => {
    const first = await asked('Tell me about the Kubernetes certification');
    const next = await reply({ conversationId: first.conversation, question: 'Tell me more.' });
    expect(next.status).toBe(200);
    expect(next.body.conversation).toBe(first.conversation);
    expect(next.body.sources).toEqual(first.sources);
    const messages = (await history({ conversationId: first.conversation })).body;
    expect(messages.map((m) => [m.messageType, m.agent])).toEqual([
      ['user_request', ''],
      ['agent_response', 'Sage'],
      ['user_request', ''],
      ['agent_response', 'Sage'],
    ]);
    expect(messages[2].message).toBe('Tell me more.');
  });

  it('bounds the passages with maxResults', async () => {
    // Three work in Engineering.
    const all = await ask({ question: 'Engineering', maxResults: 5 });
    expect(all.body.sources).toHaveLength(3);
    const one = await reply({ conversationId: all.body.conversation, question: 'Engineering', maxResults: 1 });
    expect(one.body.sources).toHaveLength(1);
  });

  it('needs a conversation of the caller', async () => {
    const mine = await start();
    expectError(
      await reply({ question: 'Hi' }),
      400,
      'conversationId is required: reply continues a conversation (use ask to start one)',
    );
    expectError(await reply({ question: 'Hi', conversationId: 'abc' }), 400, 'conversationId must be a UUID');
    expectError(await reply({ conversationId: mine.id }), 400, 'question is required');
    expectError(await reply({ question: 'Hi', conversationId: randomUUID() }), 404, 'conversation not found');
    expectError(await reply({ question: 'Hi', conversationId: mine.id }, other.token), 404, 'conversation not found');
    expectError(
      await reply({ question: 'Hi', conversationId: mine.id }, stranger.token),
      404,
      'conversation not found',
    );
    expect((await history({ conversationId: mine.id })).body).toEqual([]);
  });
});

describe('POST /api/v1/agent/history', () => {
  it('answers the messages of a conversation oldest first, each with every history field', async () => {
    const answer = await asked('Who does Alice Moreau report to?');
    const res = await history({ conversationId: answer.conversation });
    expect(res.status).toBe(200);
    const [question, response] = res.body;
    expect(res.body).toHaveLength(2);
    expect(Object.keys(question).sort()).toEqual(HISTORY_FIELDS);
    expect(question).toMatchObject({
      tenant: org.id,
      userId: carol.id,
      agent: '',
      messageType: 'user_request',
      message: 'Who does Alice Moreau report to?',
      tokenUsage: 0,
      conversationId: answer.conversation,
      sources: [],
    });
    expect(response).toMatchObject({
      agent: 'Dex',
      messageType: 'agent_response',
      message: answer.reply,
      tokenUsage: 0,
      sources: answer.sources,
    });
    expect(response.timeSpent).toBeGreaterThanOrEqual(0);
    expect(Date.parse(response.timestamp)).toBeGreaterThan(Date.parse(question.timestamp));
  });

  it('spans all the caller’s conversations without conversationId, and only newer messages with since', async () => {
    const mark = new Date().toISOString();
    const a = await asked('How many employees do we have?', other.token);
    const b = await asked('Who is in the Platform Guild?', other.token);
    const all = (await history({}, other.token)).body;
    expect(all.every((m) => m.userId === other.id)).toBe(true);
    const since = (await history({ since: mark }, other.token)).body;
    expect(since.map((m) => m.conversationId)).toEqual([
      a.conversation,
      a.conversation,
      b.conversation,
      b.conversation,
    ]);
    expect(all.slice(-4)).toEqual(since);
    const later = (await history({ since: since[3].timestamp }, other.token)).body;
    expect(later).toEqual([since[3]]);
  });

  it('refuses bad bodies and others’ conversations', async () => {
    const theirs = await asked('How many employees do we have?', other.token);
    expectError(await history({ since: 'yesterday' }), 400, /^since /);
    expectError(await history({ conversationId: 'x' }), 400, 'conversationId must be a UUID');
    expectError(await history({ conversationId: theirs.conversation }), 404, 'conversation not found');
    expectError(await history({ conversationId: theirs.conversation }, stranger.token), 404, 'conversation not found');
    expectError(
      await t.api.request('POST', '/api/v1/agent/history', { token: carol.token }),
      400,
      /request body must be a JSON object/,
    );
  });
});

describe('POST /api/v1/agent/search', () => {
  it('finds conversation names and messages of the caller, ranked, with highlighted snippets', async () => {
    const seeker = await member(t, org, admin);
    const first = await asked('Who is in the Platform Guild?', seeker.token);
    await asked('How many employees do we have?', seeker.token);
    await asked('Who is in the Platform Guild?', other.token);
    const res = await search({ query: 'guild' }, seeker.token);
    expect(res.status).toBe(200);
    expect(res.body.map((h) => h.type).sort()).toEqual(['conversation', 'message', 'message']);
    for (const hit of res.body) {
      expect(hit.conversationId).toBe(first.conversation);
      expect(hit.result).toMatch(/<b>Guild<\/b>/);
      expect(hit.timestamp).toMatch(ISO);
    }
    expect(res.body.find((h) => h.type === 'conversation')?.id).toBe(first.conversation);
    expect((await search({ query: 'guild -platform' }, seeker.token)).body).toEqual([]);
    expect((await search({ query: '"active employees"' }, seeker.token)).body.map((h) => h.type)).toEqual(['message']);
    expect((await search({ query: 'guild' }, stranger.token)).body).toEqual([]);
    // Only stop words: nothing to match, and no error.
    expect(await search({ query: 'the and of' }, seeker.token)).toMatchObject({ status: 200, body: [] });
  });

  it('pages with page (0-based) and count', async () => {
    const pager = await member(t, org, admin);
    for (let i = 0; i < 3; i++) await asked(`Who is in the Platform Guild? ${i}`, pager.token);
    const all = (await search({ query: 'guild', count: 100 }, pager.token)).body;
    expect(all).toHaveLength(9);
    const pages = [0, 1, 2].map((page) => search({ query: 'guild', page, count: 4 }, pager.token));
    const got = (await Promise.all(pages)).map((r) => r.body);
    expect(got.map((p) => p.length)).toEqual([4, 4, 1]);
    expect(got.flat()).toEqual(all);
  });

  it('refuses bad bodies with a message naming the field', async () => {
    expectError(await search({}), 400, 'query is required');
    expectError(await search({ query: '' }), 400, 'query must be 1-500 characters');
    expectError(await search({ query: 'x', page: -1 }), 400, 'page must be 0 or more');
    expectError(await search({ query: 'x', count: 0 }), 400, 'count must be between 1 and 100');
    expectError(await search({ query: 'x', count: 101 }), 400, 'count must be between 1 and 100');
    expectError(await search({ query: 'x', count: 'ten' }), 400, 'count must be an integer');
    expectError(
      await t.api.request('POST', '/api/v1/agent/search', { token: carol.token }),
      400,
      /request body must be a JSON object/,
    );
  });
});
