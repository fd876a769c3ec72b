import { badInput, forbidden, notFound, unauthenticated } from '../graphql/errors';
import type { Caller } from './caller';
import type { Context } from './context';
import { Role } from './roles';

const NO_ROLES: ReadonlySet<Role> = new Set();

export function requireCaller(ctx: Context): Caller {
  if (!ctx.caller) throw unauthenticated();
  return ctx.caller;
}

/** The caller's current organization; a 400 when the token names none and the caller belongs to none. */
export function currentOrganization(caller: Caller): string {
  if (!caller.orgId)
    throw badInput('no current organization: the token has no org claim and the caller belongs to none');
  return caller.orgId;
}

export function rolesIn(caller: Caller, orgId: string): ReadonlySet<Role> {
  if (orgId === caller.orgId) return caller.roles;
  return caller.memberships.get(orgId) ?? NO_ROLES;
}

/** Members and platform administrators may read an organization; to anyone else it does not exist. */
export function canRead(caller: Caller, orgId: string): boolean {
  return caller.platformAdmin || orgId === caller.orgId || caller.memberships.has(orgId);
}

export function isOrgAdmin(caller: Caller, orgId: string): boolean {
  return caller.platformAdmin || rolesIn(caller, orgId).has(Role.ORG_ADMIN);
}

/** 404 when the caller may not see the organization, 403 when it may see it but lacks every role. */
export function requireRoleIn(caller: Caller, orgId: string, roles: readonly Role[]): void {
  if (!canRead(caller, orgId)) throw notFound('organization');
  if (caller.platformAdmin) return;
  const held = rolesIn(caller, orgId);
  if (!roles.some((role) => held.has(role)))
    throw forbidden(`requires the ${roles.join(' or ')} role in this organization`);
}

/** The current organization, once the caller is checked to administer it (ORG_ADMIN, an organization token or ADMIN). */
export function administeredOrganization(ctx: Context): string {
  const caller = requireCaller(ctx);
  const orgId = currentOrganization(caller);
  requireRoleIn(caller, orgId, [Role.ORG_ADMIN]);
  return orgId;
}

/** The organizations whose data the caller may see in views that span organizations. */
export function readableOrganizations(caller: Caller): readonly string[] | 'all' {
  if (caller.platformAdmin) return 'all';
  const ids = new Set(caller.memberships.keys());
  if (caller.orgId) ids.add(caller.orgId);
  return [...ids];
}
