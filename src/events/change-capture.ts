import {
  ChangeSetType,
  type ChangeSet,
  type EntityManager,
  type EntityMetadata,
  type EventSubscriber,
  type FlushEventArgs,
  type TransactionEventArgs,
} from '@mikro-orm/core';
import { TENANT_ENTITY, TENANT_FILTER, type TenantParams } from '../db/tenant-filter';
import { actorOf } from './actor';
import { cascadedChanges, rowKey } from './cascades';
import { ChangeEvent } from './change-event.entity';
import { apiNames, EVENT_OBJECTS, type Operation, PARTS } from './event-objects';
import { changedFields, type Snapshot, snapshot, valuesOf } from './snapshot';

/** One row's change, from the flush or from what the database does with it. */
interface RowChange {
  entity: object;
  meta: EntityMetadata;
  operation: Operation;
  changedFields: string[];
  before: Snapshot | null;
  after: Snapshot | null;
}

interface Draft {
  object: string;
  operation: Operation;
  objectId: string;
  organization: string | null;
  changedFields: string[];
  current: Snapshot | null;
  previous: Snapshot | null;
}

const OPERATION: Partial<Record<ChangeSetType, Operation>> = {
  [ChangeSetType.CREATE]: 'post',
  [ChangeSetType.UPDATE]: 'patch',
  [ChangeSetType.UPDATE_EARLY]: 'patch',
  [ChangeSetType.DELETE]: 'delete',
  [ChangeSetType.DELETE_EARLY]: 'delete',
};

/**
 * Change capture, the one place events are made (docs/events-and-webhooks.md, "Change events").
 * On every flush it turns the change sets of the objects named in event-objects.ts into
 * ChangeEvent rows and adds them to the same flush, so they are written in the transaction that
 * writes the change: a rolled-back change leaves no event, a committed one always has its event.
 * Rows the database deletes or clears along with a deleted one (cascades, triggers) are read first
 * and get their events too. Rows that are part of an object (a group's members) make a `patch` of
 * that object, unless the object itself was created or deleted in the same flush.
 */
export class ChangeCapture implements EventSubscriber {
  private readonly wroteEvents = new WeakSet<EntityManager>();
  private readonly listeners: (() => void)[] = [];

  /** Calls `listener` after each commit that wrote events (the outbox relay starts then). */
  onCommit(listener: () => void): void {
    this.listeners.push(listener);
  }

  async onFlush({ em, uow }: FlushEventArgs): Promise<void> {
    const changes = await this.rowChanges(em, [...uow.getChangeSets()]);
    if (!changes.length) return;
    const tenant = em.getFilterParams<TenantParams>(TENANT_FILTER)?.organization ?? null;
    const drafts = new Map<string, Draft>();
    for (const change of changes) {
      const object = EVENT_OBJECTS.get(change.meta.class as never);
      if (!object || (change.operation === 'patch' && change.changedFields.length === 0)) continue;
      const objectId = String(change.after?.id ?? change.before?.id);
      drafts.set(`${object}:${objectId}`, {
        object,
        operation: change.operation,
        objectId,
        organization: organizationOf(change.entity, change.meta) ?? tenant,
        changedFields: change.changedFields,
        current: change.after,
        previous: change.before,
      });
    }
    const owners = await this.partOwners(em, uow, changes, drafts);
    for (const change of changes) {
      const part = PARTS.get(change.meta.class as never);
      if (!part) continue;
      const object = EVENT_OBJECTS.get(part.owner)!;
      const ownerId = part.ownerId(change.entity);
      const existing = drafts.get(`${object}:${ownerId}`);
      if (existing) {
        if (existing.operation === 'patch' && !existing.changedFields.includes(part.field))
          existing.changedFields = [...existing.changedFields, part.field].sort();
        continue;
      }
      // The owner's own values did not change: both sides show them, and changedFields names the part.
      const owner = owners.get(`${object}:${ownerId}`);
      const values = owner ? valuesOf(em, owner) : { id: ownerId };
      drafts.set(`${object}:${ownerId}`, {
        object,
        operation: 'patch',
        objectId: ownerId,
        organization: organizationOf(change.entity, change.meta) ?? tenant,
        changedFields: [part.field],
        current: values,
        previous: values,
      });
    }
    if (!drafts.size) return;
    const actor = actorOf(em);
    for (const draft of drafts.values()) {
      uow.computeChangeSet(
        Object.assign(new ChangeEvent(), draft, { type: `${draft.object}.${draft.operation}`, actor }),
      );
    }
    this.wroteEvents.add(em);
  }

  afterTransactionCommit({ em }: TransactionEventArgs): void {
    if (this.wroteEvents.has(em)) for (const listener of this.listeners) listener();
  }

  /**
   * The owners of changed parts that the flush does not change itself, by `object:id`: from the
   * identity map when loaded, otherwise read in one query per owner type.
   */
  private async partOwners(
    em: EntityManager,
    uow: FlushEventArgs['uow'],
    changes: RowChange[],
    drafts: Map<string, Draft>,
  ): Promise<Map<string, object>> {
    const owners = new Map<string, object>();
    const missing = new Map<string, { ownerClass: string; ids: Set<string> }>();
    for (const change of changes) {
      const part = PARTS.get(change.meta.class as never);
      if (!part) continue;
      const object = EVENT_OBJECTS.get(part.owner)!;
      const ownerId = part.ownerId(change.entity);
      const key = `${object}:${ownerId}`;
      if (drafts.has(key) || owners.has(key)) continue;
      const loaded = uow.getById<object>(part.owner.name, ownerId);
      if (loaded) owners.set(key, loaded);
      else
        (
          missing.get(object) ?? missing.set(object, { ownerClass: part.owner.name, ids: new Set() }).get(object)!
        ).ids.add(ownerId);
    }
    for (const [object, { ownerClass, ids }] of missing) {
      const found = await em.find<object>(ownerClass, { id: { $in: [...ids] } } as never, {
        filters: false,
        disableIdentityMap: true,
      });
      for (const owner of found) owners.set(`${object}:${(owner as { id: string }).id}`, owner);
    }
    return owners;
  }

  /** The flush's own changes of tracked rows, then what the database will do along with its deletes. */
  private async rowChanges(em: EntityManager, changeSets: ChangeSet<object>[]): Promise<RowChange[]> {
    const tracked = (meta: EntityMetadata) => EVENT_OBJECTS.has(meta.class as never) || PARTS.has(meta.class as never);
    const changes: RowChange[] = [];
    const known = new Set<string>();
    const deleted = new Map<string, string[]>();
    for (const cs of changeSets) {
      const operation = OPERATION[cs.type];
      if (!operation || !tracked(cs.meta)) continue;
      const meta = cs.meta;
      known.add(rowKey(em, meta, cs.entity));
      if (operation === 'delete' && meta.primaryKeys.length === 1)
        deleted.set(meta.className, [...(deleted.get(meta.className) ?? []), String(cs.getSerializedPrimaryKey())]);
      changes.push({
        entity: cs.entity,
        meta,
        operation,
        changedFields: operation === 'patch' ? changedFields(meta, cs.payload, apiNames(meta)) : [],
        before:
          operation === 'post'
            ? null
            : cs.originalEntity
              ? snapshot(meta, cs.originalEntity, apiNames(meta))
              : valuesOf(em, cs.entity, meta),
        after: operation === 'delete' ? null : valuesOf(em, cs.entity, meta),
      });
    }
    if (!deleted.size) return changes;
    for (const cascaded of await cascadedChanges(em, deleted, known)) {
      const before = valuesOf(em, cascaded.entity, cascaded.meta);
      const field = cascaded.field;
      changes.push({
        entity: cascaded.entity,
        meta: cascaded.meta,
        operation: cascaded.operation,
        changedFields: field ? [field] : [],
        before,
        after: field ? { ...before, [field]: null } : null,
      });
    }
    return changes;
  }
}

/** An organization is its own organization; other rows name theirs; accounts belong to none. */
function organizationOf(entity: object, meta: EntityMetadata): string | null {
  if (meta.className === TENANT_ENTITY) return (entity as { id: string }).id;
  const organization = (entity as { organization?: { id?: string } }).organization;
  return organization?.id ?? null;
}
