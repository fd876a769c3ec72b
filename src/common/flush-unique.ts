import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { conflict } from '../graphql/errors';

/**
 * Flushes; a unique violation that slipped past a service's own check (a concurrent writer got
 * there first) is answered as a 409 with the service's message rather than a 500.
 */
export async function flushUnique(em: EntityManager, message: string): Promise<void> {
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw conflict(message);
    throw error;
  }
}
