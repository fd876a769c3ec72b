import { searchStatement } from '../src/modules/agent/conversation-search';
import { type AccountMember, member } from './helpers/directory';
import { orgWithAdmin } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

// Search over many messages (src/modules/agent/conversation-search.ts): with 100,000 stored
// messages PostgreSQL answers from the GIN index on the messages' stored words, and the ranking
// and paging hold. Timing is measured by the benchmarks, not here.

const MESSAGES = 100_000;
/** One message in 10,000 mentions the rare word. */
const RARE_EVERY = 10_000;

let t: TestApp;
let owner: AccountMember;
let conversation: string;

beforeAll(async () => {
  t = await startTestApp();
  const { org, admin } = await orgWithAdmin(t, 'Search Org');
  owner = await member(t, org, admin);
  const started = await t.api.post<{ id: string }>(
    '/api/v1/agent/conversations/start?name=Weekly%20notes',
    undefined,
    owner.token,
  );
  conversation = started.body.id;
  // Seeded in one statement: the API would take far longer and test nothing more here.
  await t.app.db.orm.em.getConnection().execute(
    `insert into agent_message (id, organization_id, conversation_id, user_id, agent, message_type, message, token_usage, time_spent, sources, "timestamp")
     select gen_random_uuid(), ?, ?, ?, '', 'user_request',
       'status update ' || i || ' about project ' || (array['apollo', 'gemini', 'mercury', 'voyager'])[1 + i % 4]
         || case when i % ${RARE_EVERY} = 0 then ' with the zephyr migration' else '' end,
       0, 0, '[]', now() - (i || ' seconds')::interval
     from generate_series(1, ${MESSAGES}) i`,
    [org.id, conversation, owner.id],
  );
  await t.app.db.orm.em.getConnection().execute('analyze agent_message');
}, 300_000);

afterAll(() => t.close());

it(`uses the GIN index on the stored words with ${MESSAGES.toLocaleString('en')} messages stored`, async () => {
  const [{ count }] = await t.app.db.orm.em
    .getConnection()
    .execute<{ count: string }[]>('select count(*) as count from agent_message');
  expect(Number(count)).toBe(MESSAGES);
  const org = (await t.api.get<{ organization: string }>(`/api/v1/agent/conversations/${conversation}`, owner.token))
    .body.organization;
  const { sql, params } = searchStatement({ orgId: org, accountId: owner.id }, 'zephyr', 20, 0);
  const plan = await t.app.db.orm.em.getConnection().execute<{ 'QUERY PLAN': string }[]>(`explain ${sql}`, params);
  const text = plan.map((row) => row['QUERY PLAN']).join('\n');
  expect(text).toMatch(/Bitmap Index Scan on agent_message_search_vector_index/);
  expect(text).not.toMatch(/Seq Scan on agent_message/);
});

it('finds the rare messages among them, ranked and highlighted, page by page', async () => {
  const first = await t.api.post<{ id: string; type: string; result: string; conversationId: string }[]>(
    '/api/v1/agent/search',
    { query: 'zephyr', count: 6 },
    owner.token,
  );
  expect(first.status).toBe(200);
  expect(first.body).toHaveLength(6);
  const second = await t.api.post<{ id: string }[]>(
    '/api/v1/agent/search',
    { query: 'zephyr', page: 1, count: 6 },
    owner.token,
  );
  expect(second.body).toHaveLength(MESSAGES / RARE_EVERY - 6);
  for (const hit of first.body) {
    expect(hit).toMatchObject({ type: 'message', conversationId: conversation });
    expect(hit.result).toMatch(/with the <b>zephyr<\/b> migration/);
  }
  expect(new Set([...first.body, ...second.body].map((h) => h.id)).size).toBe(MESSAGES / RARE_EVERY);
});

it('highlights a text repeated on the page once, and gives every hit its snippet, in rank order', async () => {
  // The snippet is built once per distinct text on the page: repeated answers must each keep theirs.
  const org = (await t.api.get<{ organization: string }>(`/api/v1/agent/conversations/${conversation}`, owner.token))
    .body.organization;
  await t.app.db.orm.em.getConnection().execute(
    `insert into agent_message (id, organization_id, conversation_id, user_id, agent, message_type, message, token_usage, time_spent, sources, "timestamp")
     select gen_random_uuid(), ?, ?, ?, '', 'user_request', m.text, 0, 0, '[]', now() - (m.age || ' seconds')::interval
     from (values ('the quasar quasar budget', 1), ('the quasar quasar budget', 2), ('a quasar note', 3)) m(text, age)`,
    [org, conversation, owner.id],
  );
  const res = await t.api.post<{ result: string }[]>('/api/v1/agent/search', { query: 'quasar' }, owner.token);
  expect(res.body.map((h) => h.result)).toEqual([
    '<b>quasar</b> <b>quasar</b> budget',
    '<b>quasar</b> <b>quasar</b> budget',
    '<b>quasar</b> note',
  ]);
});
