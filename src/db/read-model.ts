import type { EntityManager } from '@mikro-orm/core';

// Helpers for read models: plain objects built from rows (rowsByIds in tenant-filter.ts), which
// reads serve instead of managed entities.

/**
 * A timestamptz column as the entity would hold it: the driver hands timestamps over as text, and
 * the platform parses them exactly as hydration does, so both paths answer the same instant.
 */
export function readDate(em: EntityManager, value: string): Date {
  return em.getPlatform().parseDate(value);
}

/** One row (or undefined) per key, in the order of `keys`, for batch loads by primary key. */
export function oneEach<K, V>(keys: readonly K[], rows: V[], keyOf: (row: V) => K): (V | undefined)[] {
  const byKey = new Map<K, V>();
  for (const row of rows) byKey.set(keyOf(row), row);
  return keys.map((key) => byKey.get(key));
}
