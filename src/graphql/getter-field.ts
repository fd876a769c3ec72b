import { Field } from 'type-graphql';

/**
 * @Field for a getter whose value plain read models carry as a property (organizationId,
 * Idp.sharing, IdpTask.idpId): the field reads `root[name]` as it does for any property, so an
 * entity answers through its getter and a read model through its own value. Given the getter's
 * descriptor, TypeGraphQL would make the field a resolver of the class and copy every root that is
 * not an instance of it into a new one, running the entity's constructor, before reading it.
 */
export function GetterField(...args: Parameters<typeof Field>): PropertyDecorator {
  const field = Field(...args);
  // The descriptor is not passed on: that is what makes the field a plain one.
  return (prototype, key) => field(prototype, key);
}
