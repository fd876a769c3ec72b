import type { EntityClass, FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import type { Caller } from '../auth/caller';

/**
 * A batch function: given many keys, load them all with one query. It gets the request's caller
 * for loads whose answer depends on who asks (which of these plans may the caller read).
 */
export type BatchLoad<K, V> = (em: EntityManager, keys: readonly K[], caller: Caller | null) => Promise<V[]>;

/**
 * Per-request DataLoaders, created on first use and keyed by their batch function, so that
 * relations of a list load in one query per relation rather than one per row.
 */
export class Loaders {
  private readonly loaders = new Map<BatchLoad<never, unknown>, DataLoader<unknown, unknown>>();

  constructor(
    private readonly em: EntityManager,
    private readonly caller: Caller | null = null,
  ) {}

  get<K, V>(batch: BatchLoad<K, V>): DataLoader<K, V> {
    let loader = this.loaders.get(batch as BatchLoad<never, unknown>);
    if (!loader) {
      loader = new DataLoader<K, V>((keys) => batch(this.em, keys, this.caller)) as DataLoader<unknown, unknown>;
      this.loaders.set(batch as BatchLoad<never, unknown>, loader);
    }
    return loader as DataLoader<K, V>;
  }

  /**
   * The record of `entity` with this id, batched with the request's other loads of the class
   * (byId): null without an id, or when there is no such record in the current organization.
   */
  async one<T extends { id: string }>(entity: EntityClass<T>, id: string | null | undefined): Promise<T | null> {
    return id ? ((await this.get(byId(entity)).load(id)) ?? null) : null;
  }
}

/** Groups rows by a key, in the order of `keys`, for one-to-many batch loads. */
export function groupBy<K, V>(keys: readonly K[], rows: V[], keyOf: (row: V) => K): V[][] {
  const groups = new Map<K, V[]>(keys.map((key) => [key, []]));
  for (const row of rows) groups.get(keyOf(row))?.push(row);
  return keys.map((key) => groups.get(key) ?? []);
}

const BY_ID = new Map<EntityClass<object>, BatchLoad<string, unknown>>();

/**
 * The batch load of records of `entity` by id, in the order of the ids (undefined for one not
 * found): one query for a page's relations. It reads through the request's EntityManager, so the
 * tenant filter keeps out another organization's records. One function per class, so that every
 * field loading the same class in a request shares its DataLoader.
 */
export function byId<T extends { id: string }>(entity: EntityClass<T>): BatchLoad<string, T | undefined> {
  let batch = BY_ID.get(entity);
  if (!batch) {
    batch = async (em, ids) => {
      // An array of primary keys is a filter of its own: `id in (...)`.
      const rows = await em.find(entity, [...ids] as FilterQuery<T>);
      const found = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => found.get(id));
    };
    BY_ID.set(entity, batch);
  }
  return batch as BatchLoad<string, T | undefined>;
}
