export type Operation = 'post' | 'patch' | 'delete';
export const OPERATIONS: readonly Operation[] = ['post', 'patch', 'delete'];

type Class = abstract new (...args: never[]) => object;

/**
 * Entities whose own creates, updates and deletes are events `<object>.<operation>`, filled by
 * `@eventObject` on the entities as they load; the list is repeated in docs/events-and-webhooks.md
 * ("Change events").
 */
export const EVENT_OBJECTS = new Map<Class, string>();

/**
 * Class decorator of an entity whose own creates, updates and deletes are events `<name>.<operation>`.
 * `apiNames` names the properties whose API field has another name (see API_NAMES).
 */
export function eventObject(name: string, apiNames?: Record<string, string>): (target: Class) => void {
  return (target) => {
    EVENT_OBJECTS.set(target, name);
    if (apiNames) API_NAMES.set(target, apiNames);
  };
}

/**
 * Rows that are part of another object rather than objects of their own (a group's members, a
 * plan's notes). A change to one is a `patch` of the object it belongs to, naming `field`.
 */
export interface PartOf {
  readonly owner: Class;
  /** The owning object's id, read from the row. */
  ownerId(row: object): string;
  field: string;
}

/** Filled by `@partOf` on the entities as they load. */
export const PARTS = new Map<Class, PartOf>();

/**
 * Class decorator of an entity whose rows are part of another object (`owner`, given late since the
 * two entities' files import each other): a change to a row is a `patch` of `ownerId(row)` naming `field`.
 */
export function partOf<T extends object>(
  owner: () => Class,
  field: string,
  ownerId: (row: T) => { id: string },
): (target: abstract new (...args: never[]) => T) => void {
  return (target) => {
    PARTS.set(target, {
      get owner() {
        return owner();
      },
      ownerId: (row) => ownerId(row as T).id,
      field,
    });
  };
}

/**
 * Every object name an eventType may use, in alphabetical order: stable for messages, whatever order
 * the entities' files happened to load in.
 */
export function objectNames(): string[] {
  return [...EVENT_OBJECTS.values()].sort();
}

/**
 * Properties whose API field has another name. Events use the API names, so that `ifUpdates`
 * takes the names callers see. A hidden (secret) column is named here after the field it backs:
 * a change of it is reported under that name, its values never. Filled by `@eventObject`.
 */
export const API_NAMES = new Map<Class, Record<string, string>>();

/** The API names of a class's renamed properties. */
export function apiNames(meta: { class: unknown }): Record<string, string> {
  return API_NAMES.get(meta.class as Class) ?? {};
}
