import { DEFAULT_PAGE, MAX_PAGE } from '../src/common/connection';
import { ROUTES } from '../src/modules';
import { pathParams } from '../src/rest/routes';
import { NO_ROLE_CHECK } from '../src/rest/openapi-responses';
import { type OpenApi, operationOf, restDocument } from './helpers/openapi';

// The REST OpenAPI document (src/rest/openapi.ts) a client generator reads: operation ids, the
// error answers each route can give, parameter bounds and headers. Built without a database, as
// the service builds it at start; test/openapi-client.unit.test.ts lints it and generates a client.
let doc: OpenApi;

beforeAll(async () => {
  doc = await restDocument();
});

const byId = (id: string) => {
  const operation = ROUTES.map((route) => operationOf(doc, route)).find((o) => o.operationId === id);
  if (!operation) throw new Error(`no operation ${id}`);
  return operation;
};
const statuses = (id: string) => Object.keys(byId(id).responses);
const idsWith = (status: string) =>
  ROUTES.map((route) => operationOf(doc, route))
    .filter((operation) => operation.responses[status])
    .map((operation) => operation.operationId)
    .sort();

describe('operation ids', () => {
  it('are unique, readable identifiers', () => {
    const ids = ROUTES.map((route) => operationOf(doc, route).operationId);
    expect(new Set(ids).size).toBe(ROUTES.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]+$/);
  });

  it('say what the route does: list/get for reads, the mutation’s name for writes', () => {
    const ids = (path: string) =>
      ROUTES.filter((route) => route.path === path).map(
        (route) => `${route.method} ${operationOf(doc, route).operationId}`,
      );
    expect([...ids('/employee'), ...ids('/employee/:id')]).toEqual([
      'get listEmployees',
      'post createEmployee',
      'get getEmployee',
      'patch updateEmployee',
      'delete deleteEmployee',
    ]);
    // Two routes run updateOrganization: the current organization's says so.
    expect(ids('/organization')).toEqual([
      'get listOrganizations',
      'post createOrganization',
      'patch updateCurrentOrganization',
    ]);
    expect(ids('/organization/:organization')).toEqual(['get getOrganization', 'patch updateOrganization']);
    expect(ids('/idp/:id/tasks/:taskId/notes')).toEqual(['get listIdpTaskNotes', 'post addIdpTaskNote']);
    expect(ids('/agent/search')).toEqual(['post agentSearch']);
  });
});

describe('error answers', () => {
  it('are shared components, referenced; every reference resolves', () => {
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(ROUTES.length * 5);
    for (const ref of new Set(refs)) {
      const [, ...parts] = ref.slice('"$ref":"'.length, -1).split('/');
      let target: unknown = doc;
      for (const part of parts) target = (target as Record<string, unknown> | undefined)?.[part];
      expect({ ref, resolved: target !== undefined }).toEqual({ ref, resolved: true });
    }
    for (const operation of ROUTES.map((route) => operationOf(doc, route)))
      for (const [status, response] of Object.entries(operation.responses))
        if (Number(status) >= 400) expect(response.$ref).toMatch(/^#\/components\/responses\//);
  });

  it('401, 403, 408, 429, 500 and 503 on every route: the token, the server and the limits apply to all', () => {
    for (const route of ROUTES)
      expect(Object.keys(operationOf(doc, route).responses)).toEqual(
        expect.arrayContaining(['401', '403', '408', '429', '500', '503']),
      );
  });

  it('400 exactly where the route takes input', () => {
    const takesInput = (route: (typeof ROUTES)[number]) =>
      pathParams(route.path).length > 0 || Boolean(route.query?.length || route.body || route.text || route.upload);
    for (const route of ROUTES) {
      const id = operationOf(doc, route).operationId;
      expect({ id, documents400: statuses(id).includes('400') }).toEqual({ id, documents400: takesInput(route) });
    }
    // Both kinds exist, so the rule above is tested both ways.
    expect(statuses('getCurrentOrganizationProfile')).not.toContain('400');
    expect(statuses('listEmployees')).toContain('400');
    expect(statuses('createEmployee')).toContain('400');
  });

  it('a 403 a role check gives where one can; only the organization claim elsewhere', () => {
    expect(byId('listEmployees').responses['403'].description).toBe(NO_ROLE_CHECK);
    expect(byId('getEmployee').responses['403'].description).toBe(NO_ROLE_CHECK);
    expect(byId('createEmployee').responses['403'].description).toBeUndefined();
    expect(byId('listWebhooks').responses['403'].description).toBe('ORG_ADMIN only');
    expect(doc.components.responses.Forbidden.description).toMatch(/role/);
  });

  it('404 where the path names an object, or the body does', () => {
    expect(statuses('getEmployee')).toContain('404');
    expect(statuses('deleteEmployee')).toContain('404');
    expect(statuses('listEmployees')).not.toContain('404');
    expect(statuses('createEmployee')).not.toContain('404');
    // The conversation is named in the body.
    expect(statuses('reply')).toContain('404');
    // Lists by a type in the path answer an empty list, not 404.
    expect(statuses('listAppsByType')).not.toContain('404');
  });

  it('409 only where a service refuses a conflict', () => {
    expect(idsWith('409')).toEqual([
      'createAccount',
      'createApp',
      'createEmployee',
      'createGroup',
      'createOrganization',
      'deleteWebhookKey',
      'mapEntity',
      'redeliverWebhookDelivery',
      'revokeRole',
      'runWorkflow',
      'testWebhook',
      'updateAccount',
      'updateApp',
      'updateCurrentOrganization',
      'updateEmployee',
      'updateGroup',
      'updateMapping',
      'updateOrganization',
    ]);
  });

  it('413 on routes with a body, naming its limit', () => {
    const withBody = ROUTES.filter((route) => route.body || route.text || route.upload).map(
      (route) => operationOf(doc, route).operationId,
    );
    expect(idsWith('413')).toEqual(withBody.sort());
    expect(byId('createEmployee').responses['413'].description).toMatch(/BODY_LIMIT_BYTES/);
    expect(byId('addFileKnowledge').responses['413'].description).toMatch(/KNOWLEDGE_MAX_BYTES/);
    expect(byId('addUrlKnowledge').responses['413'].description).toMatch(/16 KB/);
  });

  it('502 only where a route calls the language-model server or fetches a page', () => {
    expect(idsWith('502')).toEqual(['addUrlKnowledge', 'ask', 'reply']);
    expect(byId('ask').responses['503'].description).toMatch(/language-model server/);
  });

  it('429 says when it happens', () => {
    expect(doc.components.responses.TooManyRequests.description).toMatch(/only when RATE_LIMIT_PER_MINUTE/i);
    expect(byId('organizationsByAppSecret').responses['429'].description).toMatch(/failed look-ups/);
  });
});

describe('parameters', () => {
  it('limit and offset with the bounds and defaults the service enforces', () => {
    // Any method: the look-up by secret is a POST (the secret travels in the body).
    const lists = ROUTES.filter((route) => route.query?.includes('limit'));
    expect(lists.length).toBeGreaterThan(10);
    for (const route of lists) {
      const { parameters, operationId } = operationOf(doc, route);
      const limit = parameters.find((p) => p.name === 'limit')!;
      expect({ operationId, schema: limit.schema }).toEqual({
        operationId,
        schema: expect.objectContaining({ type: 'integer', minimum: 1, maximum: MAX_PAGE }),
      });
      // Most lists page 50 or 100 a page; those REST answered whole until they paged (WholePageArgs), MAX_PAGE.
      expect([DEFAULT_PAGE, 100, MAX_PAGE]).toContain(limit.schema.default);
      const offset = parameters.find((p) => p.name === 'offset');
      if (offset) expect(offset.schema).toEqual({ type: 'integer', minimum: 0, default: 0 });
    }
    const limitOf = (id: string) => byId(id).parameters.find((p) => p.name === 'limit')!.schema.default;
    expect(limitOf('listEmployees')).toBe(DEFAULT_PAGE);
    expect(limitOf('listIdpTasksDue')).toBe(DEFAULT_PAGE);
    expect(limitOf('listGroups')).toBe(100);
    expect(limitOf('listOrganizations')).toBe(MAX_PAGE);
    expect(limitOf('organizationsByAppSecret')).toBe(MAX_PAGE);
    expect(limitOf('listWebhookKeys')).toBe(MAX_PAGE);
    expect(limitOf('listIdpTasks')).toBe(MAX_PAGE);
  });

  it('path parameters that are UUIDs say so; no parameter is nullable', () => {
    expect(byId('getEmployee').parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
    ]);
    expect(byId('getAccount').parameters[0].schema).toEqual({ type: 'string' });
    for (const route of ROUTES)
      for (const parameter of operationOf(doc, route).parameters)
        expect(Array.isArray(parameter.schema.type) ? parameter.schema.type : [parameter.schema.type]).not.toContain(
          'null',
        );
  });
});

describe('headers', () => {
  it('Retry-After on 429 and 503, WWW-Authenticate on 401, Allow on 405', () => {
    const { responses } = doc.components;
    expect(Object.keys(responses.TooManyRequests.headers!)).toEqual(['Retry-After']);
    expect(Object.keys(responses.ServiceUnavailable.headers!)).toEqual(['Retry-After']);
    expect(Object.keys(responses.Unauthorized.headers!)).toEqual(['WWW-Authenticate']);
    expect(Object.keys(responses.MethodNotAllowed.headers!)).toEqual(['Allow']);
  });

  it('X-Total-Count and Link on the answers of the lists paged with limit', () => {
    for (const route of ROUTES) {
      const success = operationOf(doc, route).responses[String(route.status ?? 200)];
      const paged = route.query?.includes('limit');
      expect(Object.keys(success.headers ?? {})).toEqual(paged ? ['X-Total-Count', 'Link'] : []);
    }
  });
});
