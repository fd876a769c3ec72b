import { GraphQLScalarType, Kind } from 'graphql';

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDate(value: unknown): string {
  const match = typeof value === 'string' ? DATE_PATTERN.exec(value) : null;
  if (!match) throw new TypeError('must be a date (YYYY-MM-DD)');
  const [, y, m, d] = match.map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  // Rejects 2026-02-30 and the like: the date must survive a round trip.
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) {
    throw new TypeError('must be a date (YYYY-MM-DD)');
  }
  return value as string;
}

/** A calendar date, YYYY-MM-DD, checked to exist. */
export const LocalDateScalar = new GraphQLScalarType<string, string>({
  name: 'LocalDate',
  description: 'A calendar date, YYYY-MM-DD',
  serialize: (value) => String(value),
  parseValue: parseDate,
  parseLiteral(ast) {
    if (ast.kind !== Kind.STRING) throw new TypeError('must be a date (YYYY-MM-DD)');
    return parseDate(ast.value);
  },
});
