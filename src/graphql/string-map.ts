import { GraphQLScalarType, Kind, type ValueNode } from 'graphql';

export type StringMap = Record<string, string>;

function check(value: unknown): StringMap {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new TypeError('must be an object whose values are strings');
  const map: StringMap = {};
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry !== 'string') throw new TypeError(`must be an object whose values are strings (${key} is not)`);
    // Built on a plain object with own keys only: "__proto__" stays an ordinary key.
    Object.defineProperty(map, key, { value: entry, enumerable: true, writable: true, configurable: true });
  }
  return map;
}

function literal(ast: ValueNode): unknown {
  if (ast.kind !== Kind.OBJECT) throw new TypeError('must be an object whose values are strings');
  return Object.fromEntries(ast.fields.map((field) => [field.name.value, field.value.kind === Kind.STRING ? field.value.value : null]));
}

/** SPEC's `map`: a JSON object whose values are strings and whose keys are arbitrary. */
export const StringMapScalar = new GraphQLScalarType<StringMap, StringMap>({
  name: 'StringMap',
  description: 'A JSON object whose values are strings',
  serialize: (value) => value as StringMap,
  parseValue: check,
  parseLiteral: (ast) => check(literal(ast)),
});
