import type { GraphQLSchema } from 'graphql';
import { createBus } from '../src/graphql/pubsub';
import { buildApiSchema } from '../src/graphql/schema';
import { prepareRoute, selectAll } from '../src/rest/documents';
import { RESOLVERS, ROUTES } from '../src/modules';
import { startTestApp, type TestApp } from './helpers/test-app';

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
  it('documents every route of the table as OpenAPI 3.1', async () => {
    const res = await t.api.get<{
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      components: { schemas: Record<string, unknown> };
    }>('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    for (const route of ROUTES) {
      const path = `/api/v1${route.path.replace(/:(\w+)/g, '{$1}')}`;
      const operation = res.body.paths[path]?.[route.method];
      expect(operation).toBeDefined();
      expect(Object.keys(operation.responses)).toEqual(
        expect.arrayContaining([String(route.status ?? 200), '400', '401', '403', '404']),
      );
    }
    expect(res.body.components.schemas.Organization).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['id', 'name', 'alias']),
    });
    const bodyOf = (path: string) =>
      (res.body.paths[path].post as unknown as { requestBody: { content: Record<string, { schema: unknown }> } })
        .requestBody.content;
    expect(bodyOf('/api/v1/agent/add-file-knowledge')).toEqual({
      'multipart/form-data': {
        schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] },
      },
    });
    expect(Object.keys(bodyOf('/api/v1/agent/add-url-knowledge'))).toEqual(['text/plain']);
    expect(Object.keys(bodyOf('/api/v1/agent/ask'))).toEqual(['application/json']);
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
