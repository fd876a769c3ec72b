import { ChangeSetType, type ChangeSet, type EntityManager, type EventSubscriber, type FlushEventArgs, type TransactionEventArgs, helper } from '@mikro-orm/core';
import { TENANT_FILTER, type TenantParams } from '../db/tenant-filter';
import { Organization } from '../modules/organization/organization.entity';
import { actorOf } from './actor';
import { ChangeEvent } from './change-event.entity';
import { EVENT_OBJECTS, type Operation, PARTS, SECRET_FIELDS } from './event-objects';
import { changedFields, type Snapshot, snapshot } from './snapshot';

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
 * Change capture, the one place events are made (DESIGN: events). On every flush it turns the
 * change sets of the objects named in event-objects.ts into ChangeEvent rows and adds them to the
 * same flush, so they are written in the transaction that writes the change: a rolled-back change
 * leaves no event, a committed one always has its event. Rows that are part of an object (a
 * group's members) make a `patch` of that object, unless the object itself was created or
 * deleted in the same flush.
 */
export class ChangeCapture implements EventSubscriber {
  private readonly wroteEvents = new WeakSet<EntityManager>();
  private readonly listeners: (() => void)[] = [];

  /** Calls `listener` after each commit that wrote events (the outbox relay starts then). */
  onCommit(listener: () => void): void {
    this.listeners.push(listener);
  }

  onFlush({ em, uow }: FlushEventArgs): void {
    const tenant = em.getFilterParams<TenantParams>(TENANT_FILTER)?.organization ?? null;
    const drafts = new Map<string, Draft>();
    const parts: ChangeSet<object>[] = [];
    for (const cs of uow.getChangeSets()) {
      const object = EVENT_OBJECTS.get(cs.entity.constructor as never);
      const operation = OPERATION[cs.type];
      if (!operation) continue;
      if (!object) {
        if (PARTS.has(cs.entity.constructor as never)) parts.push(cs);
        continue;
      }
      const draft = this.ownDraft(em, cs, object, operation, tenant);
      if (draft) drafts.set(`${object}:${draft.objectId}`, draft);
    }
    for (const cs of parts) {
      const part = PARTS.get(cs.entity.constructor as never)!;
      const object = EVENT_OBJECTS.get(part.owner)!;
      const ownerId = part.ownerId(cs.entity);
      const existing = drafts.get(`${object}:${ownerId}`);
      if (existing) {
        if (existing.operation === 'patch' && !existing.changedFields.includes(part.field)) existing.changedFields = [...existing.changedFields, part.field].sort();
        continue;
      }
      const owner = uow.getById<object>(part.owner.name, ownerId);
      drafts.set(`${object}:${ownerId}`, {
        object,
        operation: 'patch',
        objectId: ownerId,
        organization: organizationOf(cs.entity) ?? tenant,
        changedFields: [part.field],
        current: owner ? snapshot(helper(owner).__meta, em.getComparator().prepareEntity(owner)) : { id: ownerId },
        previous: null,
      });
    }
    if (!drafts.size) return;
    const actor = actorOf(em);
    for (const draft of drafts.values()) {
      uow.computeChangeSet(Object.assign(new ChangeEvent(), draft, { type: `${draft.object}.${draft.operation}`, actor }));
    }
    this.wroteEvents.add(em);
  }

  afterTransactionCommit({ em }: TransactionEventArgs): void {
    if (this.wroteEvents.has(em)) for (const listener of this.listeners) listener();
  }

  private ownDraft(em: EntityManager, cs: ChangeSet<object>, object: string, operation: Operation, tenant: string | null): Draft | null {
    const meta = cs.meta;
    const before = cs.originalEntity ? snapshot(meta, cs.originalEntity) : null;
    const after = operation === 'delete' ? null : snapshot(meta, em.getComparator().prepareEntity(cs.entity));
    const fields = operation === 'patch' ? changedFields(meta, cs.payload, SECRET_FIELDS.get(cs.entity.constructor as never)) : [];
    // An update of hidden bookkeeping alone (no field of the object changed) is not an event.
    if (operation === 'patch' && fields.length === 0) return null;
    return {
      object,
      operation,
      objectId: String(cs.getSerializedPrimaryKey()),
      organization: organizationOf(cs.entity) ?? tenant,
      changedFields: fields,
      current: after,
      previous: operation === 'post' ? null : before,
    };
  }
}

/** An organization is its own organization; other rows name theirs; accounts belong to none. */
function organizationOf(entity: object): string | null {
  if (entity instanceof Organization) return entity.id;
  const organization = (entity as { organization?: { id?: string } }).organization;
  return organization?.id ?? null;
}
