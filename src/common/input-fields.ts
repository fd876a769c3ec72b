import type { EntityMetadata } from '@mikro-orm/core';
import { getMetadataStorage } from 'type-graphql';

/** Fields per input class: read once, since every update asks (the metadata holds every field of the API). */
const DECLARED = new WeakMap<object, readonly string[]>();

/** Names of the GraphQL fields an input class declares, its base classes' included. */
export function declaredFields(inputClass: abstract new () => object): readonly string[] {
  let names = DECLARED.get(inputClass);
  if (!names) {
    const classes = new Set<unknown>();
    for (let c: unknown = inputClass; typeof c === 'function' && c !== Function.prototype; c = Object.getPrototypeOf(c))
      classes.add(c);
    names = [
      ...new Set(
        getMetadataStorage()
          .fields.filter((field) => classes.has(field.target))
          .map((field) => field.name),
      ),
    ];
    DECLARED.set(inputClass, names);
  }
  return names;
}

/**
 * Copies every field `inputClass` declares from `input` onto `record`, except the `handled` ones
 * (links and checked values the caller sets itself): a field added to the input class is saved
 * without a list to remember, and one the entity (`meta`) does not store fails loudly instead of
 * being dropped. Absent (undefined) fields are left alone, '' and null clear a nullable field,
 * and null leaves a required one unchanged (an update that does not set it).
 */
export function copyDeclaredFields<R extends object>(
  record: R,
  input: object,
  inputClass: abstract new () => object,
  meta: EntityMetadata<R>,
  handled: readonly string[] = [],
): void {
  const values = input as Record<string, unknown>;
  const target = record as Record<string, unknown>;
  const properties = meta.properties as Record<string, { nullable?: boolean } | undefined>;
  for (const field of declaredFields(inputClass)) {
    if (handled.includes(field) || values[field] === undefined) continue;
    const property = properties[field];
    if (!property) throw new Error(`${inputClass.name}.${field} has no property of ${meta.className} to be saved in`);
    const value = values[field] === '' ? null : values[field];
    if (value === null && !property.nullable) continue;
    target[field] = value;
  }
}
