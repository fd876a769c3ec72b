import { DEMO_ALIAS, DEMO_OWNER, DOCUMENTS, GROUPS, PEOPLE, PLANS } from './demo-data';

/** How many records seeding created of each kind (zeros when everything was there already). */
export interface Seeded {
  organization: string;
  created: { organization: number; employees: number; groups: number; plans: number; tasks: number; documents: number };
}

/** A platform administrator's token, acting in the organization given (none: in no organization). */
export type AdminToken = (org?: string) => string;

interface Named {
  id: string;
  name: string;
}

/** A date `days` from today, as YYYY-MM-DD (UTC). */
const fromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Creates the demo organization (alias `demo`, owned by ana@example.com) and what it holds, over
 * the service's own REST API, so that everything passes the same validation as a user's requests.
 * Idempotent: what exists (by alias or name) is kept and only what is missing is created, so a
 * seeding cut short is completed by the next one.
 */
export async function seedDemo(baseUrl: string, adminToken: AdminToken): Promise<Seeded> {
  let token = adminToken();
  const call = async <T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> => {
    const form = body instanceof FormData;
    const res = await fetch(`${baseUrl}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined && !form ? { 'content-type': 'application/json' } : {}),
      },
      body: form ? body : body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  };
  const must = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await call<T>(method, path, body);
    if (res.status >= 300)
      throw new Error(`demo data: ${method} /api/v1${path} answered ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const created = { organization: 0, employees: 0, groups: 0, plans: 0, tasks: 0, documents: 0 };

  const found = await call<Named>('GET', `/organization/alias/${DEMO_ALIAS}`);
  if (found.status !== 200 && found.status !== 404)
    throw new Error(`demo data: looking up the organization answered ${found.status}`);
  const org =
    found.status === 200
      ? found.body
      : await must<Named>('POST', '/organization', { name: 'Demo Company', alias: DEMO_ALIAS, ownerEmail: DEMO_OWNER });
  if (found.status === 404) created.organization++;
  token = adminToken(org.id);

  const employees = new Map((await must<Named[]>('GET', '/employee?limit=500')).map((e) => [e.name, e.id]));
  for (const { manager, ...person } of PEOPLE) {
    if (employees.has(person.name)) continue;
    const made = await must<Named>('POST', '/employee', {
      ...person,
      manager: manager ? employees.get(manager) : undefined,
    });
    employees.set(made.name, made.id);
    created.employees++;
  }

  const groups = new Set((await must<Named[]>('GET', '/group?limit=500')).map((g) => g.name));
  for (const group of GROUPS.filter((g) => !groups.has(g.name))) {
    await must('POST', '/group', { ...group, members: group.members.map((name) => employees.get(name)) });
    created.groups++;
  }

  const owner = await must<Named>('GET', `/account/${encodeURIComponent(DEMO_OWNER)}`);
  const plans = new Set((await must<Named[]>('GET', '/idp?limit=500&scope=ALL')).map((p) => p.name));
  for (const plan of PLANS.filter((p) => !plans.has(p.name))) {
    const made = await must<Named>('POST', '/idp', {
      name: plan.name,
      type: plan.type,
      startDate: fromToday(-30),
      owner: owner.id,
    });
    created.plans++;
    for (const task of plan.tasks) {
      await must('POST', `/idp/${made.id}/tasks`, {
        name: task.name,
        description: task.description,
        dueDate: fromToday(task.dueInDays),
      });
      created.tasks++;
    }
  }

  const documents = new Set((await must<Named[]>('GET', '/agent/knowledge?limit=500')).map((d) => d.name));
  for (const doc of DOCUMENTS) {
    const title = /^# (.+)$/m.exec(doc.text)?.[1] ?? doc.name;
    if (documents.has(doc.name) || documents.has(title)) continue;
    const form = new FormData();
    form.append('file', new Blob([doc.text], { type: 'text/markdown' }), doc.name);
    await must('POST', '/agent/add-file-knowledge', form);
    created.documents++;
  }
  return { organization: org.id, created };
}
