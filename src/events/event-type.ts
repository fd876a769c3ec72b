import { badInput } from '../graphql/errors';
import { objectNames, OPERATIONS } from './event-objects';

const FORM = /^([A-Za-z]+|\*)\.(post|patch|delete|\*)$/;

/** Checks `<object|*>.<post|patch|delete|*>` with a known object name; `field` names the input in the message. */
export function validateEventType(field: string, value: string): string {
  const match = FORM.exec(value);
  const known = objectNames();
  if (!match || (match[1] !== '*' && !known.includes(match[1]))) {
    throw badInput(`${field} must be <object|*>.<${OPERATIONS.join('|')}|*> with object one of ${known.join(', ')}`);
  }
  return value;
}

/** True when an event type (`idp.patch`) matches a pattern with `*` on either side of the dot. */
export function matchesEventType(pattern: string, type: string): boolean {
  const [object, operation] = pattern.split('.');
  const [eventObject, eventOperation] = type.split('.');
  return (object === '*' || object === eventObject) && (operation === '*' || operation === eventOperation);
}

/** ifUpdates keeps only the update events that changed at least one of the named fields. */
export function passesIfUpdates(
  ifUpdates: readonly string[],
  event: { operation: string; changedFields: readonly string[] },
): boolean {
  if (event.operation !== 'patch' || ifUpdates.length === 0) return true;
  return event.changedFields.some((field) => ifUpdates.includes(field));
}
