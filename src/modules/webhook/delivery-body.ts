import type { ChangeEvent } from '../../events/change-event.entity';

/** The JSON body of a delivery (DESIGN: webhook deliveries); the same bytes on every attempt. */
export function deliveryBody(event: ChangeEvent): string {
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
