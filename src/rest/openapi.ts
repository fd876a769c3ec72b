import {
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type GraphQLSchema,
  GraphQLNonNull,
  type GraphQLArgument,
  type GraphQLField,
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isRequiredArgument,
  isScalarType,
} from 'graphql';
import { restFields } from '../graphql/rest-fields';
import { pickedType } from './documents';
import { errorResponses, HEADERS, responseComponents } from './openapi-responses';
import { pathParams, type RestRoute } from './routes';

type JsonSchema = Record<string, unknown>;

const SCALARS: Record<string, JsonSchema> = {
  String: { type: 'string' },
  ID: { type: 'string' },
  Boolean: { type: 'boolean' },
  Int: { type: 'integer' },
  Float: { type: 'number' },
  UUID: { type: 'string', format: 'uuid' },
  DateTimeISO: { type: 'string', format: 'date-time' },
  LocalDate: { type: 'string', format: 'date' },
  StringMap: { type: 'object', additionalProperties: { type: 'string' } },
};

/**
 * The OpenAPI 3.1 document of the REST routes, generated from the same route table and schema
 * that serve them, so it cannot drift from what the facade does.
 */
export function openApiDocument(schema: GraphQLSchema, routes: readonly RestRoute[], version: string): JsonSchema {
  const components: Record<string, JsonSchema> = {};

  const named = (type: GraphQLNamedType): JsonSchema => {
    if (isScalarType(type)) return SCALARS[type.name] ?? { type: 'string' };
    if (isEnumType(type)) return { type: 'string', enum: type.getValues().map((v) => v.name) };
    if (!components[type.name]) {
      components[type.name] = {};
      const properties: Record<string, JsonSchema> = {};
      const required: string[] = [];
      if (isObjectType(type)) {
        for (const [key, field] of restFields(type)) {
          if (field.args.some(isRequiredArgument)) continue;
          properties[key] = describe(field.type, field.description);
          if (isNonNullType(field.type)) required.push(key);
        }
      } else if (isInputObjectType(type)) {
        for (const field of Object.values(type.getFields())) {
          properties[field.name] = describe(field.type, field.description);
          if (isNonNullType(field.type) && field.defaultValue === undefined) required.push(field.name);
        }
      }
      components[type.name] = { type: 'object', description: type.description ?? undefined, properties, required };
    }
    return { $ref: `#/components/schemas/${type.name}` };
  };

  const describe = (type: GraphQLOutputType | GraphQLInputType, description?: string | null): JsonSchema => {
    const inner = isNonNullType(type) ? type.ofType : type;
    let schemaOf: JsonSchema;
    if (isListType(inner)) schemaOf = { type: 'array', items: describe(inner.ofType) };
    else schemaOf = named(getNamedType(inner));
    if (!isNonNullType(type) && !schemaOf.$ref) schemaOf = { ...schemaOf, type: [schemaOf.type, 'null'] };
    return description ? { ...schemaOf, description } : schemaOf;
  };

  const paths: Record<string, Record<string, JsonSchema>> = {};
  const operationIds = new Set<string>();
  for (const route of routes) {
    const root = route.operation === 'query' ? schema.getQueryType() : schema.getMutationType();
    const field = root?.getFields()[route.field];
    if (!field) continue;
    const argOf = (param: string) => field.args.find((a) => a.name === (route.args?.[param] ?? param))!;
    // A parameter is never null (an absent query parameter is left out), whatever the argument allows.
    const paramSchema = (param: string) => ({
      ...describe(new GraphQLNonNull(getNullableType(argOf(param).type))),
      ...bounds(param, argOf(param)),
    });
    const parameters = [
      ...pathParams(route.path).map((param) => ({
        name: param,
        in: 'path',
        required: true,
        schema: paramSchema(param),
      })),
      ...(route.query ?? []).map((param) => ({
        name: param,
        in: 'query',
        required: false,
        schema: paramSchema(param),
      })),
      ...fileVariant(route).parameters,
    ];
    const bodyArg = route.body ? field.args.find((a) => a.name === route.body) : undefined;
    const success = route.noContent
      ? { description: 'Done; no body' }
      : {
          description: 'Success',
          ...(isPaged(route) ? { headers: { 'X-Total-Count': header('XTotalCount'), Link: header('Link') } } : {}),
          content: {
            'application/json': { schema: describe(route.pick ? pickedType(field.type, route.pick) : field.type) },
            ...fileVariant(route).content,
          },
        };
    const path = `/api/v1${route.path.replace(/:(\w+)/g, '{$1}')}`;
    const id = operationId(route, field);
    if (operationIds.has(id))
      throw new Error(`operationId ${id} of ${route.method} ${route.path} is taken: give the row its own`);
    operationIds.add(id);
    paths[path] ??= {};
    paths[path][route.method] = {
      tags: [route.tag],
      summary: route.summary,
      operationId: id,
      parameters,
      ...requestBody(route, bodyArg ? describe(bodyArg.type) : undefined),
      responses: {
        [String(route.status ?? 200)]: success,
        ...errorResponses(
          route,
          pathParams(route.path).some((param) => getNamedType(argOf(param).type).name === 'UUID'),
        ),
      },
      'x-graphql': `${route.operation} ${route.field}`,
    };
  }

  components.Problem = {
    type: 'object',
    description: 'RFC 9457 problem details, sent when the request accepts application/problem+json',
    properties: {
      type: { type: 'string' },
      title: { type: 'string' },
      status: { type: 'integer' },
      detail: { type: 'string' },
      code: { type: 'string' },
    },
    required: ['type', 'title', 'status', 'detail'],
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Talent directory REST API',
      version,
      description:
        'REST facade over the GraphQL API at /graphql. A path called with a method it does not have answers 405 with Allow (components.responses.MethodNotAllowed).',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    paths,
    components: {
      schemas: components,
      responses: responseComponents(),
      headers: HEADERS,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}

/** A route's `?<query>=1` file answer (RestRoute.file): its query parameter and its content, any media type. */
function fileVariant(route: RestRoute): { parameters: JsonSchema[]; content: Record<string, JsonSchema> } {
  if (!route.file) return { parameters: [], content: {} };
  const { query, summary } = route.file;
  return {
    parameters: [
      { name: query, in: 'query', required: false, description: summary, schema: { type: 'string', enum: ['1', '0'] } },
    ],
    content: { '*/*': { schema: { type: 'string', format: 'binary', description: `With ?${query}=1: ${summary}` } } },
  };
}

const header = (name: string) => ({ $ref: `#/components/headers/${name}` });

/**
 * A list REST pages with limit (docs/rest.md, "Lists"): its answers carry X-Total-Count and Link,
 * whatever its method (the look-up by secret is a POST: the secret travels in the body).
 */
const isPaged = (route: RestRoute) => Boolean(route.query?.includes('limit'));

/**
 * The operationId: the row's own, else from the root field it runs: listX/getX for a GET of a
 * query (list when it answers a list), the field's name otherwise (createEmployee, agentSearch).
 */
function operationId(route: RestRoute, field: GraphQLField<unknown, unknown>): string {
  if (route.operationId) return route.operationId;
  if (route.method !== 'get') return route.field;
  const list = route.pick !== undefined || isListType(getNullableType(field.type));
  return `${list ? 'list' : 'get'}${route.field[0].toUpperCase()}${route.field.slice(1)}`;
}

/**
 * What the service enforces on the paging parameters: a page size's range and default are written
 * in its argument's description from the constants its validation uses ("Page size, 1-500
 * (default 50)", src/common/connection.ts and the modules' page arguments); offsets start at 0.
 */
function bounds(param: string, arg: GraphQLArgument): JsonSchema {
  if (param === 'offset') return { minimum: 0, default: 0 };
  const size = /Page size, (\d+)-(\d+) \(default (\d+)\)/.exec(arg.description ?? '');
  if (!size) return {};
  return { minimum: Number(size[1]), maximum: Number(size[2]), default: Number(size[3]) };
}

/** The body a route reads: JSON for the argument named by `body`, a text/plain value, or a multipart file part. */
function requestBody(route: RestRoute, json: JsonSchema | undefined): { requestBody?: JsonSchema } {
  if (json) return { requestBody: { required: true, content: { 'application/json': { schema: json } } } };
  if (route.text)
    return {
      requestBody: {
        required: true,
        content: { 'text/plain': { schema: { type: 'string', description: route.text } } },
      },
    };
  if (route.upload) {
    const form = {
      type: 'object',
      properties: { [route.upload]: { type: 'string', format: 'binary' } },
      required: [route.upload],
    };
    return { requestBody: { required: true, content: { 'multipart/form-data': { schema: form } } } };
  }
  return {};
}
