import { randomUUID } from 'node:crypto';
import type { ServiceClient } from './test-app';

export interface OrgRecord {
  id: string;
  name: string;
  alias: string;
  active: boolean;
  owners: string[];
  status: { current: string; changedAt: string; changedBy: string | null };
  created: { createdAt: string; createdBy: string | null };
  profile: Record<string, string | null>;
  keys: { id: string; name: string; limitToRole: string | null; secretBase64: string | null; createdAt: string }[];
}

export interface Member {
  email: string;
  sub: string;
  /** A token naming the organization. */
  token: string;
}

/** A user who creates an organization and so becomes its owner (ORG_ADMIN). */
export async function orgWithAdmin(
  t: ServiceClient,
  name = `Org ${randomUUID().slice(0, 8)}`,
): Promise<{ org: OrgRecord; admin: Member }> {
  const email = `admin-${randomUUID().slice(0, 8)}@example.com`;
  const first = t.token({ sub: email, email });
  const created = await t.api.post<OrgRecord>('/api/v1/organization', { name }, first);
  if (created.status !== 201) throw new Error(`could not create organization: ${created.status} ${created.text}`);
  const org = created.body;
  return { org, admin: { email, sub: email, token: t.token({ sub: email, email, org: org.id }) } };
}

/** A platform administrator's token (ADMIN role, no organization). */
export function platformAdmin(t: ServiceClient, org?: string): string {
  return t.token({
    sub: 'platform-admin',
    email: 'platform-admin@example.com',
    roles: ['ADMIN'],
    ...(org ? { org } : {}),
  });
}
