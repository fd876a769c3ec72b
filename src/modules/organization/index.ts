import { type ModuleDescriptor, resolver } from '../module';
import { OrganizationKey } from './organization-key.entity';
import { OrganizationOwned } from './organization-owned';
import { OrganizationPreference } from './organization-preference.entity';
import { OrganizationPreferenceService } from './organization-preference.service';
import { OrganizationProfile } from './organization-profile.embeddable';
import { Organization } from './organization.entity';
import { OrganizationResolver } from './organization.resolver';
import { ORGANIZATION_ROUTES } from './organization.routes';

/** Organizations (the tenants), their profile, keys and preferences. */
export const organizationModule: ModuleDescriptor = {
  name: 'organization',
  entities: [OrganizationOwned, OrganizationProfile, Organization, OrganizationKey, OrganizationPreference],
  resolvers: [
    resolver(
      OrganizationResolver,
      ({ organizations }) => new OrganizationResolver(organizations, new OrganizationPreferenceService()),
    ),
  ],
  routes: ORGANIZATION_ROUTES,
};
