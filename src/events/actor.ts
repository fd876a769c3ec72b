import type { EntityManager } from '@mikro-orm/core';

/**
 * Who changes what an EntityManager flushes, read by change capture for each event. It rides in
 * the EntityManager's filter parameters because those are the request state MikroORM copies into
 * every fork, including the forks `em.transactional()` makes.
 */
const ACTOR = 'changeActor';

export function setActor(em: EntityManager, actor: string | null): void {
  em.setFilterParams(ACTOR, { id: actor });
}

export function actorOf(em: EntityManager): string | null {
  return (em.getFilterParams<{ id?: string | null }>(ACTOR)?.id as string | null | undefined) ?? null;
}
