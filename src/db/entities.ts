import { Created, Status } from '../common/record.embeddables';
import { Account } from '../modules/account/account.entity';
import { AccountPreference } from '../modules/account/account-preference.entity';
import { Employee } from '../modules/employee/employee.entity';
import { Group } from '../modules/group/group.entity';
import { GroupMember } from '../modules/group/group-member.entity';
import { Grant } from '../modules/account/grant.entity';
import { Organization } from '../modules/organization/organization.entity';
import { OrganizationKey } from '../modules/organization/organization-key.entity';
import { OrganizationPreference } from '../modules/organization/organization-preference.entity';
import { OrganizationProfile } from '../modules/organization/organization-profile.embeddable';

/** Every entity and embeddable the ORM knows; listed once, so discovery needs no file globbing. */
export const ENTITIES = [Status, Created, OrganizationProfile, Organization, OrganizationKey, OrganizationPreference, Account, AccountPreference, Grant, Employee, Group, GroupMember];
