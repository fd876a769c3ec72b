import {
  type ASTVisitor,
  type DocumentNode,
  type FragmentDefinitionNode,
  GraphQLError,
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

/**
 * What one operation costs: the one place that says so.
 *
 * - Every root field is one operation against the rate limit (RATE_LIMIT_PER_MINUTE): aliases and
 *   fragments spread at the root count each time, so one request of 25 aliased queries costs 25.
 *   A REST route runs a document of one root field and so costs 1.
 * - A request may carry at most `maxMutations` root mutation fields and `maxRootFields` root
 *   query fields.
 * - The root fields below call the language model or read a document into text; a request may
 *   carry at most `maxExpensive` of them. A new such field is added here (the start-up check
 *   below refuses a name the schema does not have, so a renamed field cannot drop out silently).
 */
export const EXPENSIVE_FIELDS: ReadonlySet<string> = new Set(['ask', 'reply', 'assign', 'addFileKnowledge', 'addUrlKnowledge']);

export interface CostLimits {
  /** Root fields of one mutation (GRAPHQL_MAX_MUTATIONS). */
  maxMutations: number;
  /** Root fields of EXPENSIVE_FIELDS in one operation (GRAPHQL_MAX_EXPENSIVE). */
  maxExpensive: number;
  /** Root fields of one query (GRAPHQL_MAX_ROOT_FIELDS). */
  maxRootFields: number;
}

/**
 * How many times each root field of an operation would run: aliases repeat a name, and fragments
 * (named or inline) at the root are expanded. @skip/@include are not evaluated, so a skipped field
 * still counts: a cost is an upper bound. Each fragment is counted once per document and its
 * counts reused where it is spread again (fragments spreading the one before twice, thirty deep,
 * would otherwise be walked 2^30 times). A fragment cycle is another rule's error; it is cut here.
 */
export function rootFieldCounts(operation: OperationDefinitionNode, document: DocumentNode): Map<string, number> {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const counted = new Map<string, Map<string, number>>();
  const add = (into: Map<string, number>, from: ReadonlyMap<string, number>) => {
    for (const [name, times] of from) into.set(name, (into.get(name) ?? 0) + times);
  };
  const count = (selection: SelectionSetNode, path: ReadonlySet<string>): Map<string, number> => {
    const counts = new Map<string, number>();
    for (const node of selection.selections) {
      if (node.kind === Kind.FIELD) counts.set(node.name.value, (counts.get(node.name.value) ?? 0) + 1);
      else if (node.kind === Kind.INLINE_FRAGMENT) add(counts, count(node.selectionSet, path));
      else {
        const name = node.name.value;
        const fragment = fragments.get(name);
        if (!fragment || path.has(name)) continue;
        let inner = counted.get(name);
        if (!inner) {
          inner = count(fragment.selectionSet, new Set([...path, name]));
          counted.set(name, inner);
        }
        add(counts, inner);
      }
    }
    return counts;
  };
  return count(operation.selectionSet, new Set());
}

const total = (counts: ReadonlyMap<string, number>) => [...counts.values()].reduce((sum, times) => sum + times, 0);

/** Rate-limit cost of an operation: one per root field, at least one. */
export function operationCost(operation: OperationDefinitionNode, document: DocumentNode): number {
  return Math.max(1, total(rootFieldCounts(operation, document)));
}

/** Refuses to start when EXPENSIVE_FIELDS names a field that is not a root field of the schema. */
export function checkExpensiveFields(schema: GraphQLSchema): void {
  const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()];
  const known = new Set(roots.flatMap((type) => (type ? Object.keys(type.getFields()) : [])));
  const unknown = [...EXPENSIVE_FIELDS].filter((name) => !known.has(name));
  if (unknown.length) throw new Error(`EXPENSIVE_FIELDS names fields the schema does not have: ${unknown.join(', ')}`);
}

/**
 * A validation rule (HTTP and graphql-ws alike) refusing, before anything runs, an operation with
 * more root fields than its limits: 999 aliased mutations or 600 aliased `ask`s in one request
 * would otherwise each run, for the price of one request.
 */
export function operationCostLimits(limits: CostLimits): ValidationRule {
  return (context: ValidationContext): ASTVisitor => ({
    OperationDefinition(operation) {
      const counts = rootFieldCounts(operation, context.getDocument());
      const fields = total(counts);
      if (operation.operation === 'mutation' && fields > limits.maxMutations) {
        context.reportError(
          new GraphQLError(`mutation has ${fields} root fields (aliases count); the limit is ${limits.maxMutations} (GRAPHQL_MAX_MUTATIONS)`, { nodes: [operation] }),
        );
      }
      if (operation.operation === 'query' && fields > limits.maxRootFields) {
        context.reportError(
          new GraphQLError(`query has ${fields} root fields (aliases count); the limit is ${limits.maxRootFields} (GRAPHQL_MAX_ROOT_FIELDS)`, { nodes: [operation] }),
        );
      }
      const expensive = [...counts].filter(([name]) => EXPENSIVE_FIELDS.has(name));
      const calls = total(new Map(expensive));
      if (calls > limits.maxExpensive) {
        context.reportError(
          new GraphQLError(
            `operation has ${calls} fields that call the language model or read a document (${expensive.map(([name]) => name).join(', ')}); the limit is ${limits.maxExpensive} a request (GRAPHQL_MAX_EXPENSIVE)`,
            { nodes: [operation] },
          ),
        );
      }
    },
  });
}
