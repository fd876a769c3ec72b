import { GraphQLScalarType, Kind, type ValueNode } from 'graphql';

export type StringMap = Record<string, string>;
/** A map in a patch: a key set to null removes that key. */
export type StringMapPatch = Record<string, string | null>;

const MAX_KEYS = 200;

function check(value: unknown, nullValues: boolean): StringMapPatch {
  const shape = nullValues ? 'an object whose values are strings or null' : 'an object whose values are strings';
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new TypeError(`must be ${shape}`);
  const entries = Object.entries(value);
  if (entries.length > MAX_KEYS) throw new TypeError(`must have at most ${MAX_KEYS} keys`);
  const map: StringMapPatch = {};
  for (const [key, entry] of entries) {
    if (typeof entry !== 'string' && !(nullValues && entry === null))
      throw new TypeError(`must be ${shape} (${key} is not)`);
    // Built on a plain object with own keys only: "__proto__" stays an ordinary key.
    Object.defineProperty(map, key, { value: entry, enumerable: true, writable: true, configurable: true });
  }
  return map;
}

function literal(ast: ValueNode): unknown {
  if (ast.kind !== Kind.OBJECT) throw new TypeError('must be an object whose values are strings');
  const value = (node: ValueNode) =>
    node.kind === Kind.STRING ? node.value : node.kind === Kind.NULL ? null : undefined;
  return Object.fromEntries(ast.fields.map((field) => [field.name.value, value(field.value)]));
}

/**
 * A string map (appData, secretData, mappingData, mappingSecrets, preference values): a JSON object
 * whose values are strings and whose keys are arbitrary.
 */
export const StringMapScalar = new GraphQLScalarType<StringMap, StringMap>({
  name: 'StringMap',
  description: 'A JSON object whose values are strings',
  serialize: (value) => value as StringMap,
  parseValue: (value) => check(value, false) as StringMap,
  parseLiteral: (ast) => check(literal(ast), false) as StringMap,
});

/** A map sent in a patch: it replaces the stored map, and a key whose value is null is left out. */
export const StringMapPatchScalar = new GraphQLScalarType<StringMapPatch, StringMapPatch>({
  name: 'StringMapPatch',
  description:
    'A JSON object whose values are strings or null; it replaces the stored map, and a null value removes that key',
  serialize: (value) => value as StringMapPatch,
  parseValue: (value) => check(value, true),
  parseLiteral: (ast) => check(literal(ast), true),
});

/** The map a patch leaves: its string values, without the keys set to null. */
export function withoutNulls(patch: StringMapPatch): StringMap {
  const map: StringMap = {};
  for (const [key, value] of Object.entries(patch)) {
    if (value !== null)
      Object.defineProperty(map, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return map;
}
