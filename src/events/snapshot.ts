import {
  type EntityData,
  type EntityManager,
  type EntityMetadata,
  type EntityProperty,
  helper,
  ReferenceKind,
} from '@mikro-orm/core';
import { apiNames } from './event-objects';

export type Snapshot = Record<string, unknown>;

/** Columns holding JSON come out of the ORM's entity data as text. */
function plain(prop: EntityProperty, value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'string' && (prop.type === 'jsonb' || prop.type === 'json' || prop.runtimeType === 'object')) {
    return JSON.parse(value) as unknown;
  }
  return value;
}

/**
 * The values of a record as events carry them, from the ORM's entity data (the shape it compares
 * to find changes, so that a record's current and previous values come out alike): scalars as
 * stored, embedded objects as objects, to-one relations as ids. Hidden columns (secrets) and
 * lazy columns that were not loaded are left out; collections are not part of a record's values.
 */
export function snapshot(meta: EntityMetadata, data: EntityData<object>, names: Record<string, string> = {}): Snapshot {
  const values: Snapshot = {};
  const row = data as Record<string, unknown>;
  for (const prop of meta.props) {
    if (prop.hidden || prop.persist === false || prop.embedded) continue;
    if (prop.kind === ReferenceKind.EMBEDDED) {
      const children = Object.entries(prop.embeddedProps ?? {});
      values[names[prop.name] ?? prop.name] = Object.fromEntries(
        children.map(([name, child]) => [name, plain(child, row[child.name])]),
      );
    } else if (
      prop.kind === ReferenceKind.SCALAR ||
      prop.kind === ReferenceKind.MANY_TO_ONE ||
      (prop.kind === ReferenceKind.ONE_TO_ONE && prop.owner)
    ) {
      // The ORM leaves nulls out of its entity data; a lazy column left out was not loaded.
      if (prop.name in row || !prop.lazy) values[names[prop.name] ?? prop.name] = plain(prop, row[prop.name]);
    }
  }
  return values;
}

/** The current values of a loaded record, as events carry them. */
export function valuesOf(em: EntityManager, entity: object, meta: EntityMetadata = helper(entity).__meta): Snapshot {
  return snapshot(meta, em.getComparator().prepareEntity(entity as never), apiNames(meta));
}

/**
 * The API names of the fields an update changed, from the ORM's change-set payload. A changed
 * embedded column counts as its embedded object; a property is named by its API name (`names`);
 * a hidden column counts only when it has one.
 */
export function changedFields(meta: EntityMetadata, payload: object, names: Record<string, string> = {}): string[] {
  const changed = new Set<string>();
  for (const key of Object.keys(payload)) {
    const prop = meta.properties[key as never] as EntityProperty | undefined;
    if (!prop) continue;
    const top = prop.embedded ? (meta.properties[prop.embedded[0] as never] as EntityProperty) : prop;
    if (top.hidden) {
      if (names[top.name]) changed.add(names[top.name]);
    } else if (top.persist !== false) {
      changed.add(names[top.name] ?? top.name);
    }
  }
  return [...changed].sort();
}
