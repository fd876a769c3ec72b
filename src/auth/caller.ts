import { Role } from './roles';

/** Who is calling, resolved once per request from the bearer token. */
export interface Caller {
  kind: 'user' | 'organizationKey';
  /** Stable id recorded as changedBy/createdBy: the account id, or the organization key id. */
  actorId: string;
  /** The caller's account; null for organization tokens. */
  accountId: string | null;
  email: string | null;
  /** The current organization, or null when the caller has none. */
  orgId: string | null;
  /** Roles in the current organization: the account's grants there (or the key's role); never the token's claims. */
  roles: ReadonlySet<Role>;
  /** A platform administrator (ADMIN in a user token's roles claim, the one role a token carries). */
  platformAdmin: boolean;
  /** Roles per organization the caller belongs to (grants, or the key's organization). */
  memberships: ReadonlyMap<string, ReadonlySet<Role>>;
  /** When the token expires (unix seconds): live subscriptions end there. Absent for callers made without a token. */
  expiresAt?: number;
}

/** ADMIN may do anything; otherwise the caller must hold one of the roles in the current organization. */
export function hasAnyRole(caller: Caller, roles: readonly Role[]): boolean {
  if (caller.platformAdmin) return true;
  if (roles.length === 0) return true;
  return roles.some((role) => caller.roles.has(role));
}
