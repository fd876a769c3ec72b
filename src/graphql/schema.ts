import { type GraphQLSchema, lexicographicSortSchema, printSchema } from 'graphql';
import { buildSchema, type PubSub } from 'type-graphql';
import { authChecker } from '../auth/auth-checker';
import { DateTimeScalar } from './scalars';
import { validateInput } from './validation';

type ResolverClass = abstract new (...args: never[]) => object;

/**
 * Builds the schema from the resolver classes (the modules' and the change feed's: src/app.ts).
 * Their instances are made by the caller with their services passed explicitly; TypeGraphQL finds
 * each by its class when a field runs (none are needed to print the schema).
 */
export async function buildApiSchema(
  classes: readonly ResolverClass[],
  instances: object[],
  bus: PubSub,
): Promise<GraphQLSchema> {
  const found = new Map<unknown, object>();
  return buildSchema({
    // TypeGraphQL's type wants a non-empty tuple; the service always has resolvers.
    resolvers: classes as [ResolverClass, ...ResolverClass[]],
    container: {
      // TypeGraphQL asks on every resolver call (thousands for one 100-plan list): found once per class.
      get(someClass: new (...args: never[]) => object) {
        let instance = found.get(someClass);
        if (!instance) {
          instance = instances.find((candidate) => candidate instanceof someClass);
          if (!instance) throw new Error(`no instance of resolver ${someClass.name}`);
          found.set(someClass, instance);
        }
        return instance;
      },
    },
    authChecker,
    validateFn: validateInput,
    // Dates are TypeGraphQL's DateTimeISO, read within the years PostgreSQL stores (scalars.ts).
    scalarsMap: [{ type: Date, scalar: DateTimeScalar }],
    pubSub: bus,
  });
}

/** The committed SDL (schema.graphql): sorted so that it only changes when the API does. */
export function printApiSchema(schema: GraphQLSchema): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
