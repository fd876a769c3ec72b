import { randomUUID } from 'node:crypto';
import type { GraphQLSchema } from 'graphql';
import { createBus } from '../src/graphql/pubsub';
import { buildApiSchema } from '../src/graphql/schema';
import { prepareRoute, selectAll } from '../src/rest/documents';
import { openApiDocument } from '../src/rest/openapi';
import { RESOLVERS, ROUTES } from '../src/modules';
import { orgWithAdmin } from './helpers/fixtures';
import { signUserToken, startTestApp, type TestApp } from './helpers/test-app';

// The REST facade machinery: the route table, its generated documents, OpenAPI and /docs.
let t: TestApp;
let schema: GraphQLSchema;

beforeAll(async () => {
  t = await startTestApp();
  schema = await buildApiSchema(
    RESOLVERS.map((r) => r.type),
    [],
    createBus(),
  );
});

afterAll(() => t.close());

describe('route table', () => {
  it('prepares a valid document for every route', () => {
    for (const route of ROUTES) expect(() => prepareRoute(schema, route)).not.toThrow();
  });

  it('refuses a row whose field does not exist, at start-up', () => {
    expect(() =>
      prepareRoute(schema, {
        method: 'get',
        path: '/x',
        operation: 'query',
        field: 'noSuchField',
        tag: 'x',
        summary: 'x',
      }),
    ).toThrow(/no query field noSuchField/);
  });

  it('selects every field of the returned type, nested objects included', () => {
    const selection = selectAll(schema.getQueryType()!.getFields().organization.type);
    for (const field of [
      'id',
      'name',
      'alias',
      'active',
      'owners',
      'status { current changedAt changedBy }',
      'created { createdAt createdBy }',
      'keys {',
    ]) {
      expect(selection).toContain(field);
    }
  });
});

describe('GET /api/v1/openapi.json', () => {
  it('serves the document built from the route table and the schema alone, with no database', async () => {
    const res = await t.api.get<{ openapi: string; info: { version: string } }>('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body).toEqual(JSON.parse(JSON.stringify(openApiDocument(schema, ROUTES, res.body.info.version))));
  });
});

describe('a known path called with a method it does not have', () => {
  it('answers 405 with Allow naming its methods, in the usual error shapes, before judging the caller', async () => {
    const res = await t.api.request('DELETE', '/api/v1/employee');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, POST');
    expect(res.body).toBe('DELETE is not allowed on /api/v1/employee; allowed: GET, HEAD, POST');
    const problem = await t.api.request('PUT', '/api/v1/agent/ask', {
      headers: { accept: 'application/problem+json' },
    });
    expect(problem.status).toBe(405);
    expect(problem.headers.get('allow')).toBe('POST');
    expect(problem.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(problem.body).toMatchObject({ status: 405, title: 'Method Not Allowed', code: 'METHOD_NOT_ALLOWED' });
  });

  it('matches parameters as Express does, and names the methods of every pattern the path matches', async () => {
    const { admin } = await orgWithAdmin(t);
    const byId = await t.api.request('POST', `/api/v1/employee/${randomUUID()}`, { token: admin.token });
    expect(byId.status).toBe(405);
    expect(byId.headers.get('allow')).toBe('GET, HEAD, PATCH, DELETE');
    // /organization/keys has POST; /organization/:organization (organization = "keys") GET and PATCH.
    const keys = await t.api.request('PUT', '/api/v1/organization/keys', { token: admin.token });
    expect(keys.status).toBe(405);
    expect(keys.headers.get('allow')).toBe('GET, HEAD, POST, PATCH');
    // HEAD of a path without GET is a method it does not have either.
    const head = await t.api.request('HEAD', '/api/v1/agent/ask');
    expect(head.status).toBe(405);
    expect(head.headers.get('allow')).toBe('POST');
  });

  it('answers 405 on the OpenAPI document and /health too', async () => {
    for (const path of ['/api/v1/openapi.json', '/health']) {
      const res = await t.api.request('POST', path);
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD');
      expect((await t.api.request('HEAD', path)).status).toBe(200);
    }
  });

  it('leaves unknown paths 404, the methods a path has served, and OPTIONS as it was', async () => {
    const unknown = await t.api.request('DELETE', '/api/v1/no-such-thing');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('allow')).toBeNull();
    expect((await t.api.request('DELETE', `/api/v1/employee/${randomUUID()}/extra`)).status).toBe(404);
    expect((await t.api.request('HEAD', '/api/v1/employee')).status).toBe(401);
    // OPTIONS keeps Express's own answer: 200 with the methods in Allow.
    const options = await t.api.request('OPTIONS', '/api/v1/employee');
    expect(options.status).toBe(200);
    expect(options.headers.get('allow')).toBe('GET, HEAD, POST');
  });
});

describe('401 answers', () => {
  it('carry a Bearer challenge, naming the refused token per RFC 6750', async () => {
    const none = await t.api.get('/api/v1/employee');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="api"');
    const expired = await t.api.get(
      '/api/v1/employee',
      signUserToken({ email: 'late@example.com' }, { expiresIn: -3600 }),
    );
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toBe(
      'Bearer realm="api", error="invalid_token", error_description="token expired"',
    );
    const basic = await t.api.request('GET', '/api/v1/employee', { headers: { authorization: 'Basic YTpi' } });
    expect(basic.status).toBe(401);
    expect(basic.headers.get('www-authenticate')).toBe(
      'Bearer realm="api", error="invalid_request", error_description="authorization header must be \'Bearer <token>\'"',
    );
  });
});

describe('GET /docs', () => {
  it('serves the interactive reference and its assets from the package, with no CDN', async () => {
    const page = await t.api.get<string>('/docs');
    expect(page.status).toBe(200);
    expect(page.text).toContain('/docs/assets/swagger-ui-bundle.js');
    expect(page.text).not.toMatch(/https?:\/\//);
    const bundle = await fetch(`${t.app.url}/docs/assets/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect((await bundle.text()).length).toBeGreaterThan(100_000);
  });
});

describe('GET /health', () => {
  it('answers 200 with the database state', async () => {
    const res = await t.api.get('/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', database: 'up' });
  });
});

describe('GraphQL endpoint', () => {
  it('serves no landing page outside development', async () => {
    const res = await fetch(`${t.app.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(await res.text()).not.toMatch(/<html/i);
  });
});
