import {
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type GraphQLSchema,
  getNamedType,
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

const ERROR_RESPONSES: Record<string, string> = {
  '400': 'Bad input or malformed JSON; the message names the field',
  '401': 'Missing or invalid token',
  '403': 'Authenticated but not allowed',
  '404': 'Unknown id, or an object of another organization',
  '409': 'Conflict, e.g. an alias in use',
  '429': 'Too many requests for this token (RATE_LIMIT_PER_MINUTE); Retry-After says when to try again',
  '500': 'Internal error; nothing internal is revealed',
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
  for (const route of routes) {
    const root = route.operation === 'query' ? schema.getQueryType() : schema.getMutationType();
    const field = root?.getFields()[route.field];
    if (!field) continue;
    const argOf = (param: string) => field.args.find((a) => a.name === (route.args?.[param] ?? param));
    const parameters = [
      ...pathParams(route.path).map((param) => ({
        name: param,
        in: 'path',
        required: true,
        schema: describe(argOf(param)!.type),
      })),
      ...(route.query ?? []).map((param) => ({
        name: param,
        in: 'query',
        required: false,
        schema: describe(argOf(param)!.type),
      })),
      ...fileVariant(route).parameters,
    ];
    const bodyArg = route.body ? field.args.find((a) => a.name === route.body) : undefined;
    const success = route.noContent
      ? { description: 'Done; no body' }
      : {
          description: 'Success',
          content: {
            'application/json': { schema: describe(route.pick ? pickedType(field.type, route.pick) : field.type) },
            ...fileVariant(route).content,
          },
        };
    const errors = Object.fromEntries(
      Object.entries(ERROR_RESPONSES).map(([status, description]) => [
        status,
        {
          description,
          content: {
            'application/json': { schema: { type: 'string' } },
            'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } },
          },
        },
      ]),
    );
    const path = `/api/v1${route.path.replace(/:(\w+)/g, '{$1}')}`;
    paths[path] ??= {};
    paths[path][route.method] = {
      tags: [route.tag],
      summary: route.summary,
      operationId: `${route.method}${route.path.replace(/[/:](\w)/g, (_, c: string) => c.toUpperCase()).replace(/[^A-Za-z0-9]/g, '')}`,
      parameters,
      ...requestBody(route, bodyArg ? describe(bodyArg.type) : undefined),
      responses: { [String(route.status ?? 200)]: success, ...errors },
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
    info: { title: 'Talent directory REST API', version, description: 'REST facade over the GraphQL API at /graphql.' },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    paths,
    components: {
      schemas: components,
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
