import type { ChangeEvent } from '../../events/change-event.entity';

/** What a delivery tells of its event. */
export type DeliveredEvent = Pick<
  ChangeEvent,
  'type' | 'createdAt' | 'objectId' | 'object' | 'operation' | 'organization' | 'changedFields' | 'current' | 'previous'
>;

/**
 * The JSON body of a delivery (shown in docs/events-and-webhooks.md, "Deliveries"); the same bytes
 * on every attempt.
 */
export function deliveryBody(event: DeliveredEvent): string {
  return JSON.stringify({
    type: event.type,
    timestamp: event.createdAt.toISOString(),
    data: {
      id: event.objectId,
      object: event.object,
      operation: event.operation,
      organization: event.organization ?? null,
      changedFields: event.changedFields,
      current: event.current ?? null,
      previous: event.previous ?? null,
    },
  });
}
