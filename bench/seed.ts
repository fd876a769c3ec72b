import { Client } from 'pg';
import { Api } from '../test/helpers/api';
import { cloneRows, idOf, wordsSql } from './clone';

export interface SeedSize {
  employees: number;
  plans: number;
  tasksPerPlan: number;
  notesPerPlan: number;
  conversations: number;
  messagesPerConversation: number;
  documents: number;
  chunksPerDocument: number;
}

export interface Seeded {
  orgId: string;
  adminToken: string;
  planIds: string[];
  emails: string[];
  employeeIds: string[];
  counts: Record<string, number>;
}

type Sign = (claims: { sub: string; email: string; org?: string }) => string;

/** Calls the service and insists on the expected status; the seed stops on anything else. */
async function call<T>(
  api: Api,
  method: string,
  path: string,
  token: string,
  body?: unknown,
  expected = 201,
): Promise<T> {
  const response = await api.request<T>(
    method,
    path,
    body instanceof FormData ? { token, form: body } : { token, body },
  );
  if (response.status !== expected)
    throw new Error(`seed: ${method} ${path} answered ${response.status} ${response.text.slice(0, 300)}`);
  return response.body;
}

/**
 * One organization through the API (so every template row is one the service wrote), then the
 * bulk by copying those rows in SQL: seeding 100,000 messages through the API would take longer
 * than the benchmark.
 */
export async function seed(api: Api, databaseUrl: string, size: SeedSize, sign: Sign): Promise<Seeded> {
  const email = 'bench-admin@bench.example';
  const org = await call<{ id: string }>(api, 'post', '/api/v1/organization', sign({ sub: email, email }), {
    name: 'Bench Org',
  });
  const token = sign({ sub: email, email, org: org.id });
  const account = await call<{ id: string }>(api, 'post', '/api/v1/account', token, {
    email: 'person-0@bench.example',
    name: 'Person 0',
  });
  const employee = await call<{ id: string }>(api, 'post', '/api/v1/employee', token, {
    name: 'Person 0',
    email: 'person-0@bench.example',
    account: account.id,
    title: 'Engineer',
    department: 'Engineering',
    location: 'Berlin',
    startDate: '2024-01-15',
  });
  const plan = await call<{ id: string }>(api, 'post', '/api/v1/idp', token, {
    name: 'Template plan',
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    type: 'CAREER',
    assignees: [{ entityId: employee.id, entityType: 'EMPLOYEE' }],
  });
  const task = await call<{ id: string }>(api, 'post', `/api/v1/idp/${plan.id}/tasks`, token, {
    name: 'Template task',
    description: 'Read the guide',
    dueDate: '2026-06-30',
  });
  const note = await call<{ id: string }>(api, 'post', `/api/v1/idp/${plan.id}/notes`, token, {
    note: 'Template note',
  });
  const asked = await call<{ conversation: string }>(
    api,
    'post',
    '/api/v1/agent/ask',
    token,
    { question: 'Who is Person 0?' },
    200,
  );
  const form = new FormData();
  form.append('file', new Blob(['# Template\n\nA template document.'], { type: 'text/markdown' }), 'template.md');
  await call(api, 'post', '/api/v1/agent/add-file-knowledge', token, form, 200);

  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    // The answer to a learnt file is the agent's reply; the organization's only document is the template.
    const document = (await db.query<{ id: string }>('select id from knowledge_document')).rows[0];
    await db.query('begin');
    const counts = await copyTemplates(db, size, {
      account: account.id,
      employee: employee.id,
      plan: plan.id,
      task: task.id,
      note: note.id,
      conversation: asked.conversation,
      document: document.id,
    });
    await db.query('commit');
    await db.query('analyze');
    const planIds = (await db.query<{ id: string }>('select id from idp order by id')).rows.map((r) => r.id);
    const people = await db.query<{ id: string; email: string }>('select id, email from employee order by id');
    return {
      orgId: org.id,
      adminToken: token,
      planIds,
      emails: people.rows.map((r) => r.email),
      employeeIds: people.rows.map((r) => r.id),
      counts,
    };
  } finally {
    await db.end();
  }
}

interface Templates {
  account: string;
  employee: string;
  plan: string;
  task: string;
  note: string;
  conversation: string;
  document: string;
}

async function copyTemplates(db: Client, size: SeedSize, t: Templates): Promise<Record<string, number>> {
  const people = `generate_series(1, ${size.employees - 1}) i`;
  const grant = (await db.query<{ id: string }>('select id from "grant" where account_id = $1', [t.account])).rows[0]
    .id;
  const counts: Record<string, number> = {};
  counts.accounts =
    1 +
    (await cloneRows(db, 'account', t.account, people, {
      id: idOf('account', 'i'),
      email: `'person-' || i || '@bench.example'`,
      name: `'Person ' || i`,
    }));
  await cloneRows(db, 'grant', grant, people, { id: idOf('grant', 'i'), account_id: idOf('account', 'i') });
  counts.employees =
    1 +
    (await cloneRows(db, 'employee', t.employee, people, {
      id: idOf('employee', 'i'),
      account_id: idOf('account', 'i'),
      email: `'person-' || i || '@bench.example'`,
      name: `'Person ' || i`,
      title: `(array['Engineer','Designer','Analyst','Manager','Recruiter'])[1 + i % 5]`,
      department: `(array['Engineering','Design','Finance','People','Sales'])[1 + i % 5]`,
    }));

  // Plans: copies only; the template plan and its rows go afterwards, so the counts are exact.
  const plans = `generate_series(1, ${size.plans}) p`;
  counts.plans = await cloneRows(db, 'idp', t.plan, plans, { id: idOf('idp', 'p'), name: `'Plan ' || p` });
  const assignee = (await db.query<{ id: string }>('select id from idp_assignee where idp_id = $1', [t.plan])).rows[0]
    .id;
  await cloneRows(db, 'idp_assignee', assignee, plans, {
    id: idOf('assignee', 'p'),
    idp_id: idOf('idp', 'p'),
    entity_id: idOf('employee', `(1 + p % ${Math.max(1, size.employees - 1)})`),
  });
  counts.tasks = await cloneRows(db, 'idp_task', t.task, `${plans}, generate_series(1, ${size.tasksPerPlan}) k`, {
    id: idOf('task', 'p', 'k'),
    idp_id: idOf('idp', 'p'),
    name: `'Task ' || k || ' of plan ' || p`,
    order: 'k - 1',
  });
  counts.notes = await cloneRows(db, 'idp_note', t.note, `${plans}, generate_series(1, ${size.notesPerPlan}) n`, {
    id: idOf('note', 'p', 'n'),
    idp_id: idOf('idp', 'p'),
    note: `'Note ' || n || ' on plan ' || p`,
  });
  for (const table of ['idp_note', 'idp_task', 'idp_assignee'])
    await db.query(`delete from ${table} where idp_id = $1`, [t.plan]);
  await db.query('delete from idp where id = $1', [t.plan]);

  // Conversations of the administrator, messages alternating question and answer.
  const talks = `generate_series(1, ${size.conversations}) c`;
  counts.conversations = await cloneRows(db, 'conversation', t.conversation, talks, {
    id: idOf('conversation', 'c'),
    name: wordsSql(`'name' || c`, 'c', 4),
    timestamp: `now() - c * interval '1 hour'`,
  });
  const messages = await db.query<{ id: string; message_type: string }>(
    'select id, message_type from agent_message where conversation_id = $1 order by timestamp',
    [t.conversation],
  );
  counts.messages = 0;
  for (const [index, template] of messages.rows.entries()) {
    counts.messages += await cloneRows(
      db,
      'agent_message',
      template.id,
      `${talks}, generate_series(${index + 1}, ${size.messagesPerConversation}, ${messages.rows.length}) m`,
      {
        id: idOf('message', 'c', 'm'),
        conversation_id: idOf('conversation', 'c'),
        message: wordsSql(`c || '.' || m`, 'c * 7 + m', 14),
        timestamp: `now() - c * interval '1 hour' + m * interval '1 second'`,
      },
    );
  }
  await db.query('delete from agent_message where conversation_id = $1', [t.conversation]);
  await db.query('delete from conversation where id = $1', [t.conversation]);

  // Knowledge: documents of ~1,000-character chunks, one theme per document.
  const docs = `generate_series(1, ${size.documents}) d`;
  counts.documents = await cloneRows(db, 'knowledge_document', t.document, docs, {
    id: idOf('document', 'd'),
    name: `'Handbook part ' || d || '.md'`,
    chunks: String(size.chunksPerDocument),
  });
  const chunk = (await db.query<{ id: string }>('select id from knowledge_chunk where document_id = $1', [t.document]))
    .rows[0].id;
  counts.chunks = await cloneRows(
    db,
    'knowledge_chunk',
    chunk,
    `${docs}, generate_series(1, ${size.chunksPerDocument}) k`,
    {
      id: idOf('chunk', 'd', 'k'),
      document_id: idOf('document', 'd'),
      position: 'k - 1',
      text: wordsSql(`d || ':' || k`, 'd', 120),
    },
  );
  await db.query('delete from knowledge_chunk where document_id = $1', [t.document]);
  await db.query('delete from knowledge_document where id = $1', [t.document]);
  return counts;
}
