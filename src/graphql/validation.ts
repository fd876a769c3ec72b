import { ValidateIf, validate } from 'class-validator';
import type { ValidatorFn } from 'type-graphql';
import { badArgument, badInput } from './errors';

const TRIMMED = Symbol('trimmed properties');

type Trimmable = { [TRIMMED]?: Set<string> };

/** Marks a string input field whose surrounding white space is dropped before validation. */
export function Trimmed(): PropertyDecorator {
  return (target, property) => {
    const owner = target as Trimmable;
    if (!Object.hasOwn(owner, TRIMMED)) owner[TRIMMED] = new Set(owner[TRIMMED] ?? []);
    owner[TRIMMED]!.add(String(property));
  };
}

/** Skips validation for null, undefined and '' (an empty string clears an optional field). */
export function OptionalOrEmpty(): PropertyDecorator {
  return ValidateIf((_object, value) => value !== null && value !== undefined && value !== '');
}

function trim(value: unknown): void {
  if (Array.isArray(value)) {
    value.forEach(trim);
    return;
  }
  if (!value || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  const fields = (value as Trimmable)[TRIMMED];
  for (const [key, field] of Object.entries(record)) {
    if (typeof field === 'string' && fields?.has(key)) record[key] = field.trim();
    else trim(field);
  }
}

/** NUL, or a UTF-16 surrogate without its pair (in `u` mode a proper pair is one code point). */
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const UNSTORABLE = /\u0000|\p{Cs}/u;

/** Whether text holds what PostgreSQL cannot store (see refuseUnstorable). */
export function isUnstorable(text: string): boolean {
  return UNSTORABLE.test(text);
}

/**
 * PostgreSQL text cannot hold NUL, and an unpaired surrogate has no UTF-8 form (it would be stored
 * as U+FFFD, and some validators throw on it): such a string is refused here, naming its field.
 * The keys of a map (appData, preferences) are stored too, in jsonb, and are checked the same way.
 */
function refuseUnstorable(value: unknown, path: string, argument?: string): void {
  if (typeof value === 'string') {
    if (!UNSTORABLE.test(value)) return;
    const message = `${path || 'a value'} must not contain NUL characters or unpaired surrogates`;
    throw argument ? badArgument(argument, message) : badInput(message);
  }
  if (!value || typeof value !== 'object') return;
  for (const [key, field] of Object.entries(value)) {
    if (!Array.isArray(value) && UNSTORABLE.test(key))
      throw badInput(`${path || 'an object'} has a key with NUL characters or unpaired surrogates`);
    refuseUnstorable(field, Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key);
  }
}

/**
 * TypeGraphQL's validation hook: refuses unstorable text, trims marked fields, runs class-validator, and answers the first
 * failure as a 400 whose message names the field (class-validator's messages start with it).
 */
export const validateInput: ValidatorFn = async (value, _type, resolverData) => {
  // The hook is not told which argument it checks: a scalar is named by finding it among the
  // arguments; an input object's fields are named without the argument, like class-validator's.
  const scalarName =
    typeof value === 'string'
      ? Object.entries(resolverData?.args ?? {}).find(([, arg]) => arg === value)?.[0]
      : undefined;
  refuseUnstorable(value, scalarName ?? '', scalarName);
  if (!value || typeof value !== 'object') return;
  trim(value);
  const errors = await validate(value as object, { forbidUnknownValues: false, skipMissingProperties: false });
  if (errors.length === 0) return;
  let error = errors[0];
  const path: string[] = [error.property];
  while (!error.constraints && error.children?.length) {
    error = error.children[0];
    path.push(error.property);
  }
  const message = Object.values(error.constraints ?? {})[0] ?? `${error.property} is invalid`;
  const prefix = path.slice(0, -1).join('.');
  // An @ArgsType class holds the arguments themselves (first, offset): its first property is one.
  const args = resolverData?.args ?? {};
  const isArgument = Object.hasOwn(args, path[0]) && args[path[0]] === (value as Record<string, unknown>)[path[0]];
  if (!prefix && isArgument) throw badArgument(path[0], message);
  throw badInput(prefix ? `${prefix}.${message}` : message);
};
