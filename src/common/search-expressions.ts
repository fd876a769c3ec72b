import type { PropertyOptions } from '@mikro-orm/core';
import { foldedSql } from './fold-name';

/**
 * The text the agent's retrieval matches each kind of record on. Each is also the expression of a
 * GIN index on its table (the entities' @Index), and PostgreSQL uses such an index only for the
 * same expression: so both are written from here. Reading every row instead was the whole cost of
 * an answer at 10,000 employees (bench/RESULTS.md).
 */
export const SEARCHED = {
  employee: `"name" || ' ' || coalesce("title", '') || ' ' || coalesce("department", '') || ' ' || coalesce("location", '')`,
  idp: `"name" || ' ' || "type"`,
  idpTask: `"name" || ' ' || coalesce("description", '')`,
};

/**
 * Storage options of every search index. With GIN's default fast update, new entries wait in a
 * pending list that every search reads in full until a vacuum merges it: after 10,000 chunks were
 * stored, that list was most of an answer's time (`node dist/bench/run.js --only=agent/ask`, 10
 * connections: p95 310 → 194 ms). Searches run on every question; writes pay the merge instead.
 */
const GIN_OPTIONS = 'with (fastupdate = off)';

/** The match expression with its columns qualified by a table alias, for queries. */
export function searched(kind: keyof typeof SEARCHED, alias: string): string {
  return `to_tsvector('english', ${SEARCHED[kind].replace(/"(\w+)"/g, `${alias}.$1`)})`;
}

/**
 * A text column's words as a stored `tsvector` (the property options of a generated column named
 * `search_vector`), with its GIN index. Search and retrieval match and rank on it: computing
 * `to_tsvector` again for each matched row at query time was most of their cost (bench/RESULTS.md).
 * Lazy and hidden, so entities never load it and events never carry it.
 */
export function searchVector(
  table: string,
  column: string,
): { property: PropertyOptions<object>; index: { name: string; expression: string } } {
  const name = `${table}_search_vector_index`;
  return {
    property: {
      type: 'string',
      columnType: 'tsvector',
      generated: `(to_tsvector('english', "${column}")) stored`,
      nullable: true,
      lazy: true,
      hidden: true,
    },
    index: { name, expression: `create index "${name}" on "${table}" using gin ("search_vector") ${GIN_OPTIONS}` },
  };
}

/** The statement that creates the GIN index for an entity's @Index. */
export function searchIndex(kind: keyof typeof SEARCHED, table: string): { name: string; expression: string } {
  const name = `${table}_search_index`;
  return {
    name,
    expression: `create index "${name}" on "${table}" using gin (to_tsvector('english', ${SEARCHED[kind]})) ${GIN_OPTIONS}`,
  };
}

/**
 * What separates the words of a name in SQL: spaces and ASCII punctuation ("Anne-Marie O'Brien" is
 * anne, marie, o, brien). The agent's splitWords splits the question's words the same way.
 */
export const NAME_SEPARATORS_SQL = `'[[:space:][:punct:]’‘]+'`;

/**
 * An employee's name as its folded words (`name_words`, a stored generated column) with its GIN
 * index. The agent finds the people a question names by these words; splitting and folding every
 * name at question time was most of an answer's cost at 10,000 employees (bench/RESULTS.md).
 */
export const NAME_WORDS = {
  property: {
    type: 'string[]',
    columnType: 'text[]',
    generated: `(regexp_split_to_array(${foldedSql('"name"')}, ${NAME_SEPARATORS_SQL})) stored`,
    nullable: true,
    lazy: true,
    hidden: true,
  } satisfies PropertyOptions<object>,
  index: {
    name: 'employee_name_words_index',
    expression: `create index "employee_name_words_index" on "employee" using gin ("name_words") ${GIN_OPTIONS}`,
  },
};
