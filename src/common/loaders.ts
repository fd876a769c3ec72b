import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';

/** A batch function: given many keys, load them all with one query. */
export type BatchLoad<K, V> = (em: EntityManager, keys: readonly K[]) => Promise<V[]>;

/**
 * Per-request DataLoaders, created on first use and keyed by their batch function, so that
 * relations of a list load in one query per relation rather than one per row.
 */
export class Loaders {
  private readonly loaders = new Map<BatchLoad<never, unknown>, DataLoader<unknown, unknown>>();

  constructor(private readonly em: EntityManager) {}

  get<K, V>(batch: BatchLoad<K, V>): DataLoader<K, V> {
    let loader = this.loaders.get(batch as BatchLoad<never, unknown>);
    if (!loader) {
      loader = new DataLoader<K, V>((keys) => batch(this.em, keys)) as DataLoader<unknown, unknown>;
      this.loaders.set(batch as BatchLoad<never, unknown>, loader);
    }
    return loader as DataLoader<K, V>;
  }
}

/** Groups rows by a key, in the order of `keys`, for one-to-many batch loads. */
export function groupBy<K, V>(keys: readonly K[], rows: V[], keyOf: (row: V) => K): V[][] {
  const groups = new Map<K, V[]>(keys.map((key) => [key, []]));
  for (const row of rows) groups.get(keyOf(row))?.push(row);
  return keys.map((key) => groups.get(key) ?? []);
}
