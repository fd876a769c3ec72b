import { GraphQLScalarType, Kind } from 'graphql';
import { GraphQLDateTimeISO } from 'graphql-scalars';

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

/** Whether `value` is a calendar date, YYYY-MM-DD, that exists (years 0100-9999: Date.UTC reads 0-99 as 1900-1999). */
export function isLocalDate(value: unknown): value is string {
  const match = typeof value === 'string' ? DATE_PATTERN.exec(value) : null;
  if (!match) return false;
  const [, y, m, d] = match.map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  // Rejects 2026-02-30 and the like: the date must survive a round trip.
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function parseDate(value: unknown): string {
  if (!isLocalDate(value)) throw new TypeError('must be a date (YYYY-MM-DD)');
  return value;
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

/**
 * The times the service stores and compares: years 0001-9999. MikroORM writes a Date into SQL as
 * its ISO text, which PostgreSQL reads only with a four-digit year from 0001 (year 0 and the
 * expanded years a Date can hold, -271821 to +275760, are errors), so a time outside is bad input.
 */
export const EARLIEST_TIME = Date.parse('0001-01-01T00:00:00.000Z');
export const LATEST_TIME = Date.parse('9999-12-31T23:59:59.999Z');

export const isStorableTime = (ms: number) => Number.isInteger(ms) && ms >= EARLIEST_TIME && ms <= LATEST_TIME;

const TIME_MESSAGE = 'must be a date-time such as 2026-01-31T09:00:00Z, in the years 0001-9999';

/** A time read by `parse` (graphql-scalars' own reading), refused outside the storable years. */
function storableTime(parse: () => unknown): Date {
  let date: unknown;
  try {
    date = parse();
  } catch {
    // graphql-scalars' messages repeat the whole value; this one names none (and so no attacker text).
    throw new TypeError(TIME_MESSAGE);
  }
  if (!(date instanceof Date) || !isStorableTime(date.getTime())) throw new TypeError(TIME_MESSAGE);
  return date;
}

/**
 * Every Date of the schema (TypeGraphQL's scalarsMap): graphql-scalars' DateTimeISO, the same name,
 * description and output, whose inputs (`updatedSince`, `since`, ...) are also refused outside the
 * years PostgreSQL reads, with a message phrased to follow the field's name as UUID's is.
 */
export const DateTimeScalar = new GraphQLScalarType<Date, string>({
  ...GraphQLDateTimeISO.toConfig(),
  parseValue: (value) => storableTime(() => GraphQLDateTimeISO.parseValue(value)),
  parseLiteral: (ast) => storableTime(() => GraphQLDateTimeISO.parseLiteral(ast)),
});
