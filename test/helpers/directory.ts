import { randomUUID } from 'node:crypto';
import type { Member, OrgRecord } from './fixtures';
import type { ServiceClient } from './test-app';

export interface AccountRecord {
  id: string;
  email: string;
  name: string;
  active: boolean;
  status: { current: string; changedAt: string; changedBy: string | null };
  created: { createdAt: string; createdBy: string | null };
  grants: { orgId: string; role: string; employeeId: string | null }[];
  preferences: { namespace: string; values: Record<string, string> }[];
}

/** A member of an organization together with the id of their account. */
export type AccountMember = Member & { id: string };

/** A new account in `org`, created by its admin, with `role` granted on top of EMPLOYEE. */
export async function member(
  t: ServiceClient,
  org: OrgRecord,
  admin: Member,
  role = 'EMPLOYEE',
): Promise<AccountMember> {
  const email = `m-${randomUUID().slice(0, 8)}@example.com`;
  const created = await t.api.post<AccountRecord>('/api/v1/account', { email }, admin.token);
  if (created.status !== 201) throw new Error(`could not create account: ${created.status} ${created.text}`);
  if (role !== 'EMPLOYEE') {
    const granted = await t.api.post(`/api/v1/account/${created.body.id}/grant`, { role }, admin.token);
    if (granted.status !== 200) throw new Error(`could not grant ${role}: ${granted.text}`);
  }
  return { id: created.body.id, email, sub: email, token: t.token({ sub: email, email, org: org.id }) };
}

/** Adds the account id to a member (e.g. an admin from orgWithAdmin), read with their own token. */
export async function withId(t: ServiceClient, someone: Member): Promise<AccountMember> {
  const own = await t.api.get<AccountRecord>(`/api/v1/account/${encodeURIComponent(someone.email)}`, someone.token);
  if (own.status !== 200) throw new Error(`could not read account of ${someone.email}: ${own.status} ${own.text}`);
  return { ...someone, id: own.body.id };
}

/** The roles an account record lists in one organization, sorted. */
export function rolesIn(account: Pick<AccountRecord, 'grants'>, orgId: string): string[] {
  return account.grants
    .filter((g) => g.orgId === orgId)
    .map((g) => g.role)
    .sort();
}
