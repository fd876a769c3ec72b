import { createBus } from '../../src/graphql/pubsub';
import { buildApiSchema } from '../../src/graphql/schema';
import { RESOLVERS, ROUTES } from '../../src/modules';
import { openApiDocument } from '../../src/rest/openapi';
import type { RestRoute } from '../../src/rest/routes';

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: Record<string, unknown>;
}

export interface Operation {
  operationId: string;
  parameters: Parameter[];
  requestBody?: unknown;
  responses: Record<string, { $ref?: string; description?: string; headers?: Record<string, unknown> }>;
}

export interface OpenApi {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: {
    responses: Record<string, { description: string; headers?: Record<string, unknown>; content?: unknown }>;
    headers: Record<string, unknown>;
  };
}

/**
 * The REST OpenAPI document as the service builds it at start (src/app.ts), from a schema built
 * without a database; test/rest.test.ts checks the served one is this.
 */
export async function restDocument(): Promise<OpenApi> {
  const schema = await buildApiSchema(
    RESOLVERS.map((r) => r.type),
    [],
    createBus(),
  );
  // A JSON round trip, as a client receives it (undefined descriptions dropped).
  return JSON.parse(JSON.stringify(openApiDocument(schema, ROUTES, '1.0.0'))) as OpenApi;
}

/** The document's path of a route: /api/v1 and {param} for :param. */
export const documentPath = (route: RestRoute) => `/api/v1${route.path.replace(/:(\w+)/g, '{$1}')}`;

/** The operation a route is documented as. */
export const operationOf = (doc: OpenApi, route: RestRoute) => doc.paths[documentPath(route)][route.method];
