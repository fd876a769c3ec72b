import { type EntityManager, type EntityMetadata, ReferenceKind } from '@mikro-orm/core';
import { EVENT_OBJECTS, PARTS } from './event-objects';

type Class = abstract new (...args: never[]) => object;

/** A row the database changes on its own when the ORM deletes another: removed, or a reference set to null. */
export interface CascadedChange {
  entity: object;
  meta: EntityMetadata;
  operation: 'delete' | 'patch';
  /** The nulled reference, for a patch. */
  field?: string;
}

/**
 * Rows that database triggers delete with a record (migration Migration20261122210000): its
 * mappings, and an employee's or group's assignments on plans and tasks. Filled by
 * `@deletedByTrigger` on the entities whose rows go.
 */
const TRIGGERED: { of: string; entity: Class; where(ids: string[]): object }[] = [];

/**
 * Class decorator of an entity whose rows a database trigger deletes with a record of the entity
 * named `of`: those matching `where(ids)` of the deleted records. Change capture then reports them.
 */
export function deletedByTrigger(of: string, where: (ids: string[]) => object): (target: Class) => void {
  return (entity) => {
    TRIGGERED.push({ of, entity, where });
  };
}

/**
 * What the database will do by itself when the flush deletes `deleted` (class name -> ids):
 * rows removed by `on delete cascade` foreign keys or by triggers, recursively, and references
 * cleared by `on delete set null`. Read before the rows go (in the flush's transaction when there
 * is one), without entering the identity map, so change capture can write their events too.
 * `known` holds `Class:id` of rows the flush itself changes; they are not reported twice.
 */
export async function cascadedChanges(
  em: EntityManager,
  deleted: Map<string, string[]>,
  known: Set<string>,
): Promise<CascadedChange[]> {
  const changes: CascadedChange[] = [];
  // Only rows that make events are read (a webhook's deliveries go with it unannounced).
  const metas = Object.values(em.getMetadata().getAll()).filter(
    (meta) => EVENT_OBJECTS.has(meta.class as never) || PARTS.has(meta.class as never),
  );
  let frontier = deleted;
  while (frontier.size) {
    const next = new Map<string, string[]>();
    const record = (entity: object, meta: EntityMetadata, operation: 'delete' | 'patch', field?: string): void => {
      const key = rowKey(em, meta, entity);
      if (known.has(key)) return;
      known.add(key);
      changes.push({ entity, meta, operation, field: operation === 'patch' ? field : undefined });
      if (operation === 'delete' && meta.primaryKeys.length === 1) {
        next.set(meta.className, [
          ...(next.get(meta.className) ?? []),
          String(rowData(em, entity)[meta.primaryKeys[0]]),
        ]);
      }
    };
    for (const [className, ids] of frontier) {
      for (const meta of metas) {
        for (const prop of meta.relations) {
          if (prop.kind !== ReferenceKind.MANY_TO_ONE || prop.type !== className) continue;
          if (prop.deleteRule !== 'cascade' && prop.deleteRule !== 'set null') continue;
          const rows = await read(em, meta, { [prop.name]: { $in: ids } });
          for (const entity of rows)
            record(entity, meta, prop.deleteRule === 'cascade' ? 'delete' : 'patch', prop.name);
        }
      }
      for (const rule of TRIGGERED.filter((r) => r.of === className)) {
        const meta = em.getMetadata().get(rule.entity.name);
        for (const entity of await read(em, meta, rule.where(ids))) record(entity, meta, 'delete');
      }
    }
    frontier = next;
  }
  return changes;
}

function rowData(em: EntityManager, entity: object): Record<string, unknown> {
  return em.getComparator().prepareEntity(entity as never) as Record<string, unknown>;
}

/** `Class:[primary key values]`: one row, whichever way it was loaded. */
export function rowKey(em: EntityManager, meta: EntityMetadata, entity: object): string {
  const data = rowData(em, entity);
  return `${meta.className}:${JSON.stringify(meta.primaryKeys.map((pk) => data[pk]))}`;
}

function read(em: EntityManager, meta: EntityMetadata, where: object): Promise<object[]> {
  return em.find(meta.className, where as never, { filters: false, disableIdentityMap: true }) as Promise<object[]>;
}
