import {
  type DocumentNode,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type GraphQLSchema,
  getNamedType,
  isObjectType,
  isRequiredArgument,
  parse,
  validate,
} from 'graphql';
import { MAX_PAGE } from '../common/connection';
import type { ListExtensions } from '../common/part-list';
import { restFields } from '../graphql/rest-fields';
import type { RestRoute } from './routes';

const MAX_DEPTH = 4;

/**
 * The shape of a REST answer: every REST key of a type (src/graphql/rest-fields.ts), nested
 * objects included, so that a field added to the schema appears in REST responses without touching
 * the facade, unless it is marked GraphQL-only (test/rest-shapes.unit.test.ts keeps these shapes as
 * committed). A type already being expanded on the path is not expanded again (except once directly
 * inside itself), and fields that need arguments are left out. The document a route runs selects
 * the same, with aliases where a field answers under another key (restSelection).
 */
export function selectAll(type: GraphQLOutputType): string {
  return selection(type, [], (key) => key);
}

/**
 * What a route's document selects: selectAll's shape, each field that REST answers under another
 * key (@RestName) aliased to it, e.g. `manager: managerId`, so the answer has exactly those keys.
 */
export function restSelection(type: GraphQLOutputType): string {
  return selection(
    type,
    [],
    (key, field) => `${key === field.name ? key : `${key}: ${field.name}`}${wholeParts(field)}`,
  );
}

/** REST answers a record with all its parts, up to MAX_PAGE of each (a GraphQL client pages them with `first`). */
const wholeParts = (field: GraphQLField<unknown, unknown>) =>
  (field.extensions as ListExtensions).partList ? `(first: ${MAX_PAGE})` : '';

function selection(
  type: GraphQLOutputType,
  seen: GraphQLNamedType[],
  select: (key: string, field: GraphQLField<unknown, unknown>) => string,
): string {
  const named = getNamedType(type);
  if (!isObjectType(named)) return '';
  // A type that holds a list of itself (subtasks, tasks depending on a task) is expanded one level down.
  const selfNested = seen.length > 0 && seen[seen.length - 1] === named && seen.filter((t) => t === named).length === 1;
  if ((seen.includes(named) && !selfNested) || seen.length >= MAX_DEPTH) return '';
  const parts: string[] = [];
  for (const [key, field] of restFields(named)) {
    if (field.args.some(isRequiredArgument)) continue;
    const selected = select(key, field);
    if (!isObjectType(getNamedType(field.type))) {
      parts.push(selected);
      continue;
    }
    const sub = selection(field.type, [...seen, named], select);
    if (sub) parts.push(`${selected} ${sub}`);
  }
  return `{ ${parts.join(' ')} }`;
}

/** The type of field `name` of an object type (the part of a result a route answers with). */
export function pickedType(type: GraphQLOutputType, name: string): GraphQLOutputType {
  const named = getNamedType(type);
  const picked = isObjectType(named) ? named.getFields()[name] : undefined;
  if (!picked) throw new Error(`no field ${name} on ${named.name}`);
  return picked.type;
}

function hasTotal(type: GraphQLOutputType): boolean {
  const named = getNamedType(type);
  return isObjectType(named) && 'totalCount' in named.getFields();
}

export interface PreparedRoute {
  route: RestRoute;
  field: GraphQLField<unknown, unknown>;
  document: DocumentNode;
}

/** Builds and validates the document of each route once, at start-up; a bad row stops the start. */
export function prepareRoute(schema: GraphQLSchema, route: RestRoute): PreparedRoute {
  const root = route.operation === 'query' ? schema.getQueryType() : schema.getMutationType();
  const field = root?.getFields()[route.field];
  if (!field) throw new Error(`REST route ${route.method} ${route.path}: no ${route.operation} field ${route.field}`);
  const args: readonly GraphQLArgument[] = field.args;
  const definitions = args.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
  const call = args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  // A list answered from a connection also asks for its total: the X-Total-Count and Link headers.
  const total = route.pick && isObjectType(getNamedType(field.type)) && hasTotal(field.type) ? ' totalCount' : '';
  const selection = route.pick
    ? `{ ${route.pick} ${restSelection(pickedType(field.type, route.pick))}${total} }`
    : restSelection(field.type);
  const source = `${route.operation} Rest${definitions ? `(${definitions})` : ''} { result: ${field.name}${call ? `(${call})` : ''} ${selection} }`;
  const document = parse(source);
  const errors = validate(schema, document);
  if (errors.length) throw new Error(`REST route ${route.method} ${route.path}: ${errors[0].message}`);
  return { route, field, document };
}
