import { type RestRoute } from '../../rest/routes';

const tag = 'Organizations';

/** The organization module's REST routes below /api/v1 (docs/rest.md); each runs the root field it names. */
export const ORGANIZATION_ROUTES: RestRoute[] = [
  // Static paths come before parameterised ones: Express matches in order.
  { method: 'get', path: '/organization', operation: 'query', field: 'organizations', tag, summary: 'Organizations the caller holds a grant in (ADMIN: all)' },
  { method: 'post', path: '/organization', operation: 'mutation', field: 'createOrganization', body: 'input', status: 201, tag, summary: 'Create an organization; the caller (or ownerEmail) becomes its owner' },
  { method: 'patch', path: '/organization', operation: 'mutation', field: 'updateOrganization', body: 'input', tag, summary: 'Update the current organization' },
  { method: 'get', path: '/organization/profile', operation: 'query', field: 'organizationProfile', tag, summary: 'Profile of the current organization' },
  { method: 'post', path: '/organization/profile', operation: 'mutation', field: 'replaceOrganizationProfile', body: 'input', status: 201, tag, summary: 'Create or replace the profile of the current organization' },
  { method: 'patch', path: '/organization/profile', operation: 'mutation', field: 'updateOrganizationProfile', body: 'input', tag, summary: 'Change fields of the profile of the current organization' },
  { method: 'post', path: '/organization/keys', operation: 'mutation', field: 'createOrganizationKey', body: 'input', status: 201, tag, summary: 'Create a key of the current organization (secretBase64 shown once)' },
  { method: 'delete', path: '/organization/keys/:key', operation: 'mutation', field: 'deleteOrganizationKey', tag, summary: 'Delete a key of the current organization' },
  { method: 'get', path: '/organization/preferences/:namespace', operation: 'query', field: 'organizationPreferences', tag, summary: 'One preferences namespace of the current organization' },
  { method: 'put', path: '/organization/preferences/:namespace', operation: 'mutation', field: 'setOrganizationPreferences', body: 'input', tag, summary: 'Replace one preferences namespace of the current organization' },
  { method: 'get', path: '/organization/alias/:alias', operation: 'query', field: 'organizationByAlias', tag, summary: 'Organization by alias' },
  { method: 'get', path: '/organization/by-app/:type', operation: 'query', field: 'organizationsByApp', tag, summary: 'Organizations with an app of this type (ADMIN: all; others: their own)' },
  { method: 'get', path: '/organization/by-app-id/:type/:externalId', operation: 'query', field: 'organizationsByAppId', tag, summary: 'Organizations with an app of this type and external id' },
  { method: 'get', path: '/organization/by-app-data/:type/:key/:value', operation: 'query', field: 'organizationsByAppData', tag, summary: 'Organizations with an app of this type whose appData has key = value' },
  { method: 'post', path: '/organization/by-app-secret/:type/:key', operation: 'query', field: 'organizationsByAppSecret', body: 'input', tag, summary: 'Organizations with an app of this type whose secretData has key = secret (body: secret)' },
  { method: 'get', path: '/organization/:organization', operation: 'query', field: 'organization', args: { organization: 'id' }, tag, summary: 'Organization by id' },
  { method: 'patch', path: '/organization/:organization', operation: 'mutation', field: 'updateOrganization', body: 'input', args: { organization: 'id' }, tag, summary: 'Update an organization' },
  { method: 'get', path: '/organization/:organization/profile', operation: 'query', field: 'organizationProfile', args: { organization: 'id' }, tag, summary: 'Profile of an organization' },
  { method: 'post', path: '/organization/:organization/profile', operation: 'mutation', field: 'replaceOrganizationProfile', body: 'input', args: { organization: 'id' }, status: 201, tag, summary: 'Create or replace the profile of an organization' },
  { method: 'patch', path: '/organization/:organization/profile', operation: 'mutation', field: 'updateOrganizationProfile', body: 'input', args: { organization: 'id' }, tag, summary: 'Change fields of the profile of an organization' },
  { method: 'get', path: '/organization/:organization/preferences/:namespace', operation: 'query', field: 'organizationPreferences', tag, summary: 'One preferences namespace of an organization' },
  { method: 'put', path: '/organization/:organization/preferences/:namespace', operation: 'mutation', field: 'setOrganizationPreferences', body: 'input', tag, summary: 'Replace one preferences namespace of an organization' },
  { method: 'post', path: '/organization/:organization/keys', operation: 'mutation', field: 'createOrganizationKey', body: 'input', status: 201, tag, summary: 'Create a key of an organization (secretBase64 shown once)' },
  { method: 'delete', path: '/organization/:organization/keys/:key', operation: 'mutation', field: 'deleteOrganizationKey', tag, summary: 'Delete a key of an organization' },
];
