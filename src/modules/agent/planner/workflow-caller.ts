import type { EntityManager } from '@mikro-orm/postgresql';
import { GraphQLError } from 'graphql';
import type { Caller } from '../../../auth/caller';
import { accountCaller, type SignInAccounts } from '../../../auth/context';
import { Organization } from '../../organization/organization.entity';
import type { QuotaOwner } from './workflow-quotas';

/** Who a workflow's work runs as, or why its owner may no longer have work done in their name. */
export type OwnerCaller = { caller: Caller } | { refused: string };

/**
 * The workflow's owner as a caller in the workflow's organization, resolved as sign-in resolves a
 * token's subject (SignInAccounts.signedInById, then accountCaller): the account must exist and be
 * active and hold a grant in the organization, and its roles there are its grants'. The
 * organization must still be active. A run without a token is no platform ADMIN. Asked before
 * every run and when the owner resumes the workflow: rights change after a workflow is made.
 */
export async function ownerCaller(
  em: EntityManager,
  accounts: SignInAccounts,
  owner: QuotaOwner,
): Promise<OwnerCaller> {
  try {
    const account = await accounts.signedInById(em, owner.userId);
    if (!account) return { refused: 'its owner’s account no longer exists' };
    const caller = accountCaller(account, {
      org: owner.orgId,
      orgNamed: 'of the workflow',
      platformAdmin: false,
    });
    const organization = await em.findOne(Organization, owner.orgId);
    if (!organization) return { refused: 'its organization no longer exists' };
    if (!organization.active) return { refused: 'its organization is deactivated' };
    return { caller };
  } catch (error) {
    const code = error instanceof GraphQLError ? error.extensions.code : undefined;
    if (code === 'FORBIDDEN' || code === 'UNAUTHENTICATED')
      return { refused: `its owner may no longer act in the organization: ${(error as GraphQLError).message}` };
    throw error;
  }
}
