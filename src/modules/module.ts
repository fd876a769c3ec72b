import type { RestRoute } from '../rest/routes';
import type { Services } from './services';

/** An entity or embeddable class, as the ORM discovers it. */
export type EntityClass = abstract new (...args: never[]) => object;

/**
 * What a module contributes, exported once from its `index.ts` and listed in MODULES
 * (src/modules/index.ts). The wiring (src/app.ts), the ORM's discovery (mikro-orm.config.ts), the
 * schema and the REST table read that list; a module's events are declared on its entities
 * (`@eventObject`, `@partOf`: src/events/event-objects.ts). ARCHITECTURE.md, "The module descriptor".
 */
export interface ModuleDescriptor {
  /** The module's folder under src/modules. */
  name: string;
  /** Its entities and embeddables. */
  entities: EntityClass[];
  /** Its GraphQL resolvers: the schema is built from their classes, the running service makes them. */
  resolvers: ResolverEntry[];
  /** Its REST routes below /api/v1, in the order Express should try them (`<module>.routes.ts`). */
  routes: RestRoute[];
}

/** A resolver class and how the wiring makes its one instance from the shared services. */
export interface ResolverEntry {
  type: abstract new (...args: never[]) => object;
  make(services: Services): object;
}

/** A resolver entry; the instance made must be of the class given (checked at compile time). */
export function resolver<T extends object>(
  type: abstract new (...args: never[]) => T,
  make: (services: Services) => T,
): ResolverEntry {
  return { type, make };
}
