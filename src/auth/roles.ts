import { registerEnumType } from 'type-graphql';

/** Roles a token and grants carry (docs/tokens.md, docs/rules.md). ADMIN is a platform administrator; the others hold in one organization. */
export enum Role {
  ADMIN = 'ADMIN',
  ORG_ADMIN = 'ORG_ADMIN',
  MANAGER = 'MANAGER',
  EMPLOYEE = 'EMPLOYEE',
}

registerEnumType(Role, { name: 'Role', description: 'Roles a caller may hold' });

export const ROLES = Object.values(Role) as Role[];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as string[]).includes(value);
}
