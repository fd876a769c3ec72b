import { isOrgAdmin } from '../../auth/access';
import type { Caller } from '../../auth/caller';
import type { SecretBox } from '../../common/secret-box';
import type { StringMap } from '../../graphql/string-map';

/**
 * Who may read secretData and mappingSecrets of an organization: its ORG_ADMINs, platform
 * ADMINs and the organization's own tokens acting as ORG_ADMIN (a key without limitToRole).
 * A key's limitToRole restricts the role its tokens act with (docs/tokens.md, "Organization
 * tokens"), so a token limited to EMPLOYEE or MANAGER reads the record without them, as everyone
 * else does.
 */
export function canSeeSecrets(caller: Caller, orgId: string): boolean {
  return isOrgAdmin(caller, orgId);
}

/** The decrypted map for a caller who may see it, otherwise null. */
export function revealSecrets(secrets: SecretBox, caller: Caller, orgId: string, stored: StringMap): StringMap | null {
  return canSeeSecrets(caller, orgId) ? secrets.decryptMap(stored) : null;
}
