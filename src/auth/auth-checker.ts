import type { AuthCheckerFn } from 'type-graphql';
import { forbidden, unauthenticated } from '../graphql/errors';
import { hasAnyRole } from './caller';
import type { Context } from './context';
import type { Role } from './roles';

/**
 * TypeGraphQL's @Authorized(...roles): no caller is a 401, a caller without any of the roles in
 * the current organization a 403. Rules about other organizations live in the services.
 */
export const authChecker: AuthCheckerFn<Context, Role> = ({ context }, roles) => {
  if (!context.caller) throw unauthenticated();
  if (!hasAnyRole(context.caller, roles)) throw forbidden(`requires the ${roles.join(' or ')} role`);
  return true;
};
