import type { AccountMember } from './directory';
import type { Member } from './fixtures';
import type { TestApp } from './test-app';

export interface Source {
  name: string;
  type: string;
  url: string;
}

export interface AgentAnswer {
  success: boolean;
  agent: {
    name: string;
    title: string;
    coordinator: boolean;
    beanName: string;
    persona: string;
    avatar: string;
    bio: string;
    shortBio: string;
  };
  reply: string;
  sources: Source[];
  confirming: boolean;
  subtasks?: unknown[];
  conversation: string;
}

export interface ConversationRecord {
  id: string;
  userId: string;
  tenant: string;
  timestamp: string;
  name: string;
  organization: string;
}

export interface HistoryRecord {
  tenant: string;
  userId: string;
  agent: string;
  messageType: string;
  message: string;
  tokenUsage: number;
  timeSpent: number;
  conversationId: string;
  timestamp: string;
  sources: Source[];
  id: string;
}

/** The first day of this month plus `days`, as YYYY-MM-DD (UTC), for tasks due "this month". */
export function dayOfThisMonth(day: number, monthsAhead = 0): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + monthsAhead, day)).toISOString().slice(0, 10);
}

export interface Directory {
  bob: string;
  alice: string;
  carol: string;
  group: string;
  plan: string;
  taskThisMonth: string;
}

/**
 * A small directory: Bob (CTO) manages Alice (Engineering Manager), who manages Carol (Software
 * Engineer, the account `carolAccount`); Alice and Carol form the Platform Guild; Carol owns a
 * plan with a task due this month and one due next month.
 */
export async function seedDirectory(t: TestApp, admin: Member, carolAccount: AccountMember): Promise<Directory> {
  const post = async (path: string, body: unknown, token = admin.token): Promise<string> => {
    const res = await t.api.post<{ id: string }>(path, body, token);
    if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${res.text}`);
    return res.body.id;
  };
  const bob = await post('/api/v1/employee', {
    name: 'Bob Stone',
    title: 'CTO',
    department: 'Engineering',
    location: 'Berlin',
  });
  const alice = await post('/api/v1/employee', {
    name: 'Alice Moreau',
    title: 'Engineering Manager',
    department: 'Engineering',
    manager: bob,
    location: 'Lyon',
  });
  const carol = await post('/api/v1/employee', {
    name: 'Carol Jones',
    title: 'Software Engineer',
    department: 'Engineering',
    manager: alice,
    account: carolAccount.id,
  });
  await post('/api/v1/employee', { name: 'Dan Okafor', title: 'Recruiter', department: 'People' });
  const group = await post('/api/v1/group', {
    name: 'Platform Guild',
    description: 'Keeps the deployment platform healthy',
    members: [alice, carol],
  });
  const plan = await post(
    '/api/v1/idp',
    { name: 'Cloud Skills', startDate: dayOfThisMonth(1, -1), type: 'LEARNING' },
    carolAccount.token,
  );
  const taskThisMonth = await post(
    `/api/v1/idp/${plan}/tasks`,
    {
      name: 'Pass the Kubernetes certification',
      description: 'Book the CKA exam and pass it',
      dueDate: dayOfThisMonth(28),
    },
    carolAccount.token,
  );
  await post(
    `/api/v1/idp/${plan}/tasks`,
    { name: 'Write a Terraform module', dueDate: dayOfThisMonth(10, 1) },
    carolAccount.token,
  );
  return { bob, alice, carol, group, plan, taskThisMonth };
}

/**
 * The next whole minute at least 20 s away (so a run is not missed while a test confirms the
 * workflow), and its UTC time as HH:MM for a request such as "every day at HH:MM UTC".
 */
export function nextMinuteAhead(): { at: Date; hhmm: string } {
  // 8 s is ample for a test to ask and confirm before the minute comes, and keeps the wait short.
  const at = new Date(Math.ceil((Date.now() + 8_000) / 60_000) * 60_000);
  return { at, hhmm: `${String(at.getUTCHours()).padStart(2, '0')}:${String(at.getUTCMinutes()).padStart(2, '0')}` };
}

/**
 * Asks `question` in a new conversation over REST, then plans it (POST /api/v1/agent/assign):
 * the assignment holder, after checking both answered 200.
 */
export async function askThenAssign<T>(t: TestApp, question: string, token: string): Promise<T> {
  const asked = await t.api.post<AgentAnswer>('/api/v1/agent/ask', { question }, token);
  expect(asked.status).toBe(200);
  const assigned = await t.api.post<T>('/api/v1/agent/assign', { conversationId: asked.body.conversation }, token);
  expect(assigned.status).toBe(200);
  return assigned.body;
}
