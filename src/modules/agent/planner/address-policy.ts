import type { EntityManager } from '@mikro-orm/postgresql';
import { NotificationPolicy } from '../../organization/notification-policy';
import { Organization } from '../../organization/organization.entity';

/**
 * Why the organization's notification policy does not let a workflow e-mail `address`, or null
 * when it does. OWN_ADDRESSES (the default) allows the addresses of the organization's active
 * accounts (an account with a grant in it) and addresses in its `notificationDomains`;
 * ANY_ADDRESS allows any. Asked when a request is planned, when it is confirmed, and again before
 * each e-mail is sent, since the policy, the domains and the accounts change.
 */
export async function addressRefusal(em: EntityManager, orgId: string, address: string): Promise<string | null> {
  const organization = await em.findOne(Organization, orgId);
  if (!organization) return 'the organization no longer exists';
  if (organization.notificationPolicy === NotificationPolicy.ANY_ADDRESS) return null;
  const email = address.trim().toLowerCase();
  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (organization.notificationDomains.includes(domain)) return null;
  // Account e-mails are stored lower-cased.
  const [member] = await em.execute<unknown[]>(
    `select 1 from account a join "grant" g on g.account_id = a.id
      where a.email = ? and g.organization_id = ? and a.active limit 1`,
    [email, orgId],
  );
  if (member) return null;
  return `${address} is not an address of this organization: its notification policy (OWN_ADDRESSES) lets workflows e-mail only its members’ addresses and its own domains (an ORG_ADMIN sets notificationPolicy and notificationDomains)`;
}
