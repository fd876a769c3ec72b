import { ValidateIf, validate } from 'class-validator';
import type { ValidatorFn } from 'type-graphql';
import { badInput } from './errors';

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

/**
 * TypeGraphQL's validation hook: trims marked fields, runs class-validator, and answers the first
 * failure as a 400 whose message names the field (class-validator's messages start with it).
 */
export const validateInput: ValidatorFn = async (value) => {
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
  throw badInput(prefix ? `${prefix}.${message}` : message);
};
