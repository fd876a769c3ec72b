import { badArgument } from '../graphql/errors';
import { isLocalDate, isStorableTime, UUID_PATTERN } from '../graphql/scalars';
import { isUnstorable } from '../graphql/validation';

/**
 * Keyset cursors: a list order's tag and the sort key values of one row, as base64url JSON. They
 * are opaque to clients but come back from them, so each value read from one is checked against
 * the type of its key before any query or comparison sees it: a forged cursor is bad input naming
 * `after` (never a database error, which would be a 500 with the forged text in the error log),
 * and its text is never repeated in the answer.
 */

/** The fields a list is ordered by, the last one unique (the id). */
export type SortKeys<T> = readonly (keyof T & string)[];

/** How a list is ordered: its sort keys, all ascending or all descending (newest first). */
export interface ListOrder<T> {
  keys: SortKeys<T>;
  descending?: boolean;
}

/** What a sort key holds, and so what its value in a cursor must be. */
type KeyKind = 'uuid' | 'time' | 'date' | 'integer' | 'text';

/**
 * The sort keys that are not free text, by name. Times are named `...At` or `timestamp` (epoch
 * milliseconds in a cursor); every other key is text. Every list is fuzzed with forged cursors
 * (test/e2e/forged-cursors.e2e.test.ts), which a key of the wrong kind here fails.
 */
const KINDS: Record<string, KeyKind> = { id: 'uuid', order: 'integer', dueDate: 'date' };

const kindOf = (key: string): KeyKind => KINDS[key] ?? (key.endsWith('At') || key === 'timestamp' ? 'time' : 'text');

/**
 * The longest `after` read: a real cursor is at most a few kilobytes (the longest keys are a
 * mapping's namespace and mappedId, 2400 bytes together).
 */
export const MAX_CURSOR_LENGTH = 8192;

/** An integer sort key (a task's place in its plan) is an int4 column. */
const INT4 = 2 ** 31;

/** Names the order in the cursor, so a cursor of one order is refused by another. */
const tagOf = (order: { keys: readonly string[]; descending?: boolean }) =>
  `${order.keys.join(',')}${order.descending ? ' desc' : ''}`;

/** A keyset cursor: its order and the sort key values of the last row, opaque to clients. */
export function cursorOf<T>(row: T, order: ListOrder<T>): string {
  return encodeCursor([tagOf(order), ...order.keys.map((key) => sortValue(row[key]))]);
}

/** Times travel as epoch milliseconds, everything else as its text (an integer key too). */
function sortValue(value: unknown): string | number {
  return value instanceof Date ? value.getTime() : String(value);
}

function encodeCursor(values: (string | number)[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

const NOT_A_CURSOR = 'after is not a cursor of this list';
const NOT_OF_THIS_ORDER = 'after is not a cursor of this list in this order';

/**
 * The values of a cursor made in `order`, each checked against its key: a uuid for an id, a time
 * PostgreSQL reads for a time, a calendar date, an int4, text PostgreSQL can store. Any other
 * cursor is bad input naming `after`.
 */
export function cursorValues<T>(after: string, order: ListOrder<T>): (string | Date)[] {
  const [tag, ...values] = decodeCursor(after, order.keys.length + 1);
  if (tag !== tagOf(order)) throw badArgument('after', NOT_OF_THIS_ORDER);
  return values.map((value, i) => {
    const read = readKey(kindOf(order.keys[i]), value);
    if (read === undefined) throw badArgument('after', NOT_OF_THIS_ORDER);
    return read;
  });
}

/** A cursor's value of a key of `kind`, as queries take it; undefined when it is none. */
function readKey(kind: KeyKind, value: unknown): string | Date | undefined {
  if (kind === 'time') return typeof value === 'number' && isStorableTime(value) ? new Date(value) : undefined;
  if (typeof value !== 'string') return undefined;
  switch (kind) {
    case 'uuid':
      // Lowercase, as ids are stored and compared (code unit order, in memory).
      return UUID_PATTERN.test(value) ? value.toLowerCase() : undefined;
    case 'date':
      return isLocalDate(value) ? value : undefined;
    case 'integer': {
      const number = /^-?\d{1,10}$/.test(value) ? Number(value) : NaN;
      return number >= -INT4 && number < INT4 ? String(number) : undefined;
    }
    case 'text':
      return isUnstorable(value) ? undefined : value;
  }
}

/** The JSON array of `length` strings and numbers a cursor holds, or bad input naming `after`. */
function decodeCursor(cursor: string, length: number): unknown[] {
  // Past the longest real cursor, nothing is decoded: a forged one could be as long as the body.
  if (cursor.length <= MAX_CURSOR_LENGTH) {
    try {
      const values: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
      if (Array.isArray(values) && values.length === length) return values;
    } catch {}
  }
  throw badArgument('after', NOT_A_CURSOR);
}
