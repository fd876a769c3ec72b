import {
  type GraphQLError,
  type GraphQLInputType,
  coerceInputValue,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
} from 'graphql';

/**
 * Drops the keys of a JSON body that its input type does not define, at every depth, so that a
 * legacy client sending a whole record back (id, status, created, ...) is served. Keys such as
 * `__proto__` never reach the service this way either.
 */
export function pruneUnknown(value: unknown, type: GraphQLInputType): unknown {
  const nullable = getNullableType(type);
  if (isListType(nullable))
    return Array.isArray(value) ? value.map((item) => pruneUnknown(item, nullable.ofType)) : value;
  if (!isInputObjectType(nullable) || !value || typeof value !== 'object' || Array.isArray(value)) return value;
  const fields = nullable.getFields();
  const pruned: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (Object.hasOwn(fields, key)) pruned[key] = pruneUnknown(field, fields[key].type);
  }
  return pruned;
}

const ARTICLES: Record<string, string> = {
  String: 'a string',
  ID: 'a string',
  Boolean: 'a boolean',
  Int: 'an integer',
  Float: 'a number',
};

/** Turns graphql-js's coercion message into one that starts with the field it is about. */
function explain(
  where: string,
  path: readonly (string | number)[],
  error: GraphQLError,
  type: GraphQLInputType,
): string {
  const message = error.message;
  const join = (field: string) => (where ? `${where}.${field}` : field);
  let m = /^Field "([^"]+)" of required type "[^"]+" was not provided\./.exec(message);
  if (m) return `${join(m[1])} is required`;
  if (/not to be null/.test(message)) return `${where} is required`;
  m = /^(String|ID|Boolean|Int|Float) cannot represent/.exec(message);
  if (m) return `${where} must be ${ARTICLES[m[1]]}`;
  if (/to be an object/.test(message)) return `${where || 'request body'} must be a JSON object`;
  if (/does not exist in ".+" enum/.test(message) || /Enum ".+" cannot represent/.test(message)) {
    const enumType = findEnum(type, path);
    return `${where} must be one of ${enumType ? enumType.join(', ') : 'the allowed values'}`;
  }
  m = /^Expected type "[^"]+"\. (.*)$/s.exec(message);
  if (m) return `${where} ${m[1]}`;
  return `${where} is invalid`;
}

function findEnum(type: GraphQLInputType, path: readonly (string | number)[]): string[] | undefined {
  let current: GraphQLInputType = type;
  for (const part of path) {
    const nullable = getNullableType(current);
    if (typeof part === 'number' && isListType(nullable)) current = nullable.ofType;
    else if (isInputObjectType(nullable) && nullable.getFields()[part]) current = nullable.getFields()[part].type;
    else return undefined;
  }
  let named = getNullableType(current);
  while (isListType(named)) named = getNullableType(named.ofType);
  return isEnumType(named) ? named.getValues().map((v) => v.name) : undefined;
}

/**
 * Checks one variable against its type the way graphql-js will, and returns the first problem as
 * a message naming the field (`name` is the REST name of the parameter; '' for the body).
 */
export function inputProblem(name: string, value: unknown, type: GraphQLInputType): string | null {
  let problem: string | null = null;
  coerceInputValue(value, type, (path, _invalid, error) => {
    if (problem) return;
    const where = [name, ...path.map(String)].filter(Boolean).join('.');
    problem = explain(where, path, error, type);
  });
  return problem;
}
