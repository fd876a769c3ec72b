/**
 * The REST interface (SPEC section 4) as a table over the GraphQL schema. Each row names the root
 * field it runs; path parameters and query parameters become arguments of the same name (or the
 * name in `args`), and the JSON body becomes the argument named by `body`.
 */
export interface RestRoute {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Express path below /api/v1, e.g. '/organization/:organization'. */
  path: string;
  operation: 'query' | 'mutation';
  field: string;
  /** The argument that receives the JSON body. */
  body?: string;
  /** Path or query parameter -> argument name, where they differ. */
  args?: Record<string, string>;
  /** Query string parameters accepted (e.g. limit, offset). */
  query?: string[];
  /** Success status; 200 unless stated. */
  status?: number;
  /** The success response has no body. */
  noContent?: boolean;
  tag: string;
  summary: string;
}

const org = 'Organizations';

export const ROUTES: RestRoute[] = [
  // Static paths come before parameterised ones: Express matches in order.
  { method: 'get', path: '/organization', operation: 'query', field: 'organizations', tag: org, summary: 'Organizations the caller holds a grant in (ADMIN: all)' },
  { method: 'post', path: '/organization', operation: 'mutation', field: 'createOrganization', body: 'input', status: 201, tag: org, summary: 'Create an organization; the caller (or ownerEmail) becomes its owner' },
  { method: 'patch', path: '/organization', operation: 'mutation', field: 'updateOrganization', body: 'input', tag: org, summary: 'Update the current organization' },
  { method: 'get', path: '/organization/profile', operation: 'query', field: 'organizationProfile', tag: org, summary: 'Profile of the current organization' },
  { method: 'post', path: '/organization/profile', operation: 'mutation', field: 'replaceOrganizationProfile', body: 'input', status: 201, tag: org, summary: 'Create or replace the profile of the current organization' },
  { method: 'patch', path: '/organization/profile', operation: 'mutation', field: 'updateOrganizationProfile', body: 'input', tag: org, summary: 'Change fields of the profile of the current organization' },
  { method: 'post', path: '/organization/keys', operation: 'mutation', field: 'createOrganizationKey', body: 'input', status: 201, tag: org, summary: 'Create a key of the current organization (secretBase64 shown once)' },
  { method: 'delete', path: '/organization/keys/:key', operation: 'mutation', field: 'deleteOrganizationKey', tag: org, summary: 'Delete a key of the current organization' },
  { method: 'get', path: '/organization/preferences/:namespace', operation: 'query', field: 'organizationPreferences', tag: org, summary: 'One preferences namespace of the current organization' },
  { method: 'put', path: '/organization/preferences/:namespace', operation: 'mutation', field: 'setOrganizationPreferences', body: 'input', tag: org, summary: 'Replace one preferences namespace of the current organization' },
  { method: 'get', path: '/organization/alias/:alias', operation: 'query', field: 'organizationByAlias', tag: org, summary: 'Organization by alias' },
  { method: 'get', path: '/organization/:organization', operation: 'query', field: 'organization', args: { organization: 'id' }, tag: org, summary: 'Organization by id' },
  { method: 'patch', path: '/organization/:organization', operation: 'mutation', field: 'updateOrganization', body: 'input', args: { organization: 'id' }, tag: org, summary: 'Update an organization' },
  { method: 'get', path: '/organization/:organization/profile', operation: 'query', field: 'organizationProfile', args: { organization: 'id' }, tag: org, summary: 'Profile of an organization' },
  { method: 'post', path: '/organization/:organization/profile', operation: 'mutation', field: 'replaceOrganizationProfile', body: 'input', args: { organization: 'id' }, status: 201, tag: org, summary: 'Create or replace the profile of an organization' },
  { method: 'patch', path: '/organization/:organization/profile', operation: 'mutation', field: 'updateOrganizationProfile', body: 'input', args: { organization: 'id' }, tag: org, summary: 'Change fields of the profile of an organization' },
  { method: 'get', path: '/organization/:organization/preferences/:namespace', operation: 'query', field: 'organizationPreferences', tag: org, summary: 'One preferences namespace of an organization' },
  { method: 'put', path: '/organization/:organization/preferences/:namespace', operation: 'mutation', field: 'setOrganizationPreferences', body: 'input', tag: org, summary: 'Replace one preferences namespace of an organization' },
  { method: 'post', path: '/organization/:organization/keys', operation: 'mutation', field: 'createOrganizationKey', body: 'input', status: 201, tag: org, summary: 'Create a key of an organization (secretBase64 shown once)' },
  { method: 'delete', path: '/organization/:organization/keys/:key', operation: 'mutation', field: 'deleteOrganizationKey', tag: org, summary: 'Delete a key of an organization' },
];

/** Path parameter names of an Express path. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
}
