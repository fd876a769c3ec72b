import { GraphQLScalarType, Kind } from 'graphql';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Input ids. The messages are phrased to follow a field name ("organization must be a UUID"),
 * because the REST facade prefixes them with the name of the path parameter or body field.
 */
export const UUIDScalar = new GraphQLScalarType<string, string>({
  name: 'UUID',
  description: 'A UUID, e.g. 123e4567-e89b-12d3-a456-426614174000',
  serialize: (value) => String(value),
  parseValue(value) {
    if (typeof value !== 'string' || !UUID_PATTERN.test(value)) throw new TypeError('must be a UUID');
    return value.toLowerCase();
  },
  parseLiteral(ast) {
    if (ast.kind !== Kind.STRING || !UUID_PATTERN.test(ast.value)) throw new TypeError('must be a UUID');
    return ast.value.toLowerCase();
  },
});
