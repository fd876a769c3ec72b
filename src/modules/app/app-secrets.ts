import { isOrgAdmin } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import type { SecretBox } from '../../common/secret-box';
import type { StringMap } from '../../graphql/string-map';

/**
 * Who may read secretData and mappingSecrets of an organization: its ORG_ADMINs, platform
 * ADMINs and the organization's own tokens. Everyone else reads the record without them.
 */
export function canSeeSecrets(caller: Caller, orgId: string): boolean {
  return isOrgAdmin(caller, orgId) || (caller.kind === 'organizationKey' && caller.orgId === orgId);
}

/** The decrypted map for a caller who may see it, otherwise null. */
export function revealSecrets(secrets: SecretBox, caller: Caller, orgId: string, stored: StringMap): StringMap | null {
  return canSeeSecrets(caller, orgId) ? secrets.decryptMap(stored) : null;
}
