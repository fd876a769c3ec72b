import { Field, InputType, ObjectType } from 'type-graphql';
import { badInput } from '../graphql/errors';
import { type StringMap, StringMapScalar } from '../graphql/string-map';

/**
 * Preferences, shared by organizations and accounts: string values by key in a namespace; a
 * namespace is replaced as a whole.
 */
@ObjectType('Preferences', { description: 'Settings in one namespace: string values by key' })
export class Preferences {
  @Field(() => String)
  namespace!: string;

  @Field(() => StringMapScalar)
  values!: StringMap;
}

@InputType({ description: 'The values of one preferences namespace' })
export class PreferencesInput {
  @Field(() => StringMapScalar)
  values!: StringMap;
}

const NAMESPACE = /^[A-Za-z0-9._-]{1,100}$/;

export function checkNamespace(namespace: string): void {
  if (!NAMESPACE.test(namespace))
    throw badInput('namespace must be 1-100 letters, digits, dots, dashes or underscores');
}

/** An unset namespace reads as empty values. */
export function emptyPreferences(namespace: string): Preferences {
  return Object.assign(new Preferences(), { namespace, values: {} });
}
