import {
  type ASTVisitor,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  GraphQLError,
  type GraphQLNamedType,
  type GraphQLSchema,
  getNamedType,
  getNullableType,
  isInterfaceType,
  isLeafType,
  isListType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
  valueFromASTUntyped,
} from 'graphql';
import type { ListExtensions } from '../common/part-list';
import { badInput } from './errors';

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
 * - Admission (src/http/admission.ts) runs an operation once its `work` fits ADMISSION_MAX_COST
 *   beside the work already running, and one with EXPENSIVE_FIELDS in a lane of its own
 *   (ADMISSION_EXPENSIVE_CONCURRENCY): see operationCostOf.
 */
export const EXPENSIVE_FIELDS: ReadonlySet<string> = new Set([
  'ask',
  'reply',
  'assign',
  'addFileKnowledge',
  'addUrlKnowledge',
]);

/**
 * EXPENSIVE_FIELDS whose document arrives in the request: admission weighs them as plain work
 * (1), not in the expensive lane, because their slow part is the client sending the file, and a
 * body cut short or sent slowly would hold a slot of the lane until REQUEST_TIMEOUT_MS. Their
 * parsing has a lane of its own once the file is in: the parse pool (KNOWLEDGE_PARSE_CONCURRENCY).
 */
export const UPLOADED_FIELDS: ReadonlySet<string> = new Set(['addFileKnowledge']);

const inExpensiveLane = (name: string) => EXPENSIVE_FIELDS.has(name) && !UPLOADED_FIELDS.has(name);

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

/** What running one operation costs, in the units of each limit that counts it. */
export interface OperationCost {
  /** Operations against the rate limit (RATE_LIMIT_PER_MINUTE): one per root field, at least one. */
  operations: number;
  /** Root fields of EXPENSIVE_FIELDS but UPLOADED_FIELDS: slots of the expensive lane (ADMISSION_EXPENSIVE_CONCURRENCY). */
  expensive: number;
  /** Work of the other root fields, against ADMISSION_MAX_COST (0 when there are none). */
  work: number;
  /**
   * The most records the operation may answer: every list counted at the most it may hold (its
   * `first`, or a bounded list's maxItems), multiplied down the levels. GRAPHQL_MAX_COST refuses
   * an operation above it before anything runs (checkWorstCase).
   */
  worst: number;
}

/** The arguments that say how many items a list field answers. */
const PAGE_ARGUMENTS = ['first', 'limit'];
/** A page size the caller did not give: the largest default of any list (routes say 50 or 100). */
export const DEFAULT_PAGE = 100;
/** The largest page any list answers (larger ones are refused by the list itself). */
export const MAX_PAGE = 500;

/**
 * The cost of an operation with its variables. Work is page size times nesting: each root field
 * costs the items it may answer, an upper bound read from the document alone:
 *
 * - a field taking `first` or `limit` multiplies what is below it by that page size (the
 *   variable's value, else the argument's default, else DEFAULT_PAGE; clamped to 1..MAX_PAGE), so `idps(first: 100)` selecting
 *   `nodes { tasks { notes } }` costs 100 x 3 (three levels of lists) = 300;
 * - a field of list type adds one level, counting its deepest branch (`idp(id) { tasks { notes } }` 2);
 * - a root field costs at least 1, so a plain read is 1, and root fields add up (aliases and
 *   fragments at the root count each time, as for the rate limit).
 *
 * Fragments are weighed once per document, so a document that doubles fragments costs no more to
 * weigh than to read.
 */
export function operationCostOf(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  document: DocumentNode,
  variables: Readonly<Record<string, unknown>> = {},
): OperationCost {
  const counts = rootFieldCounts(operation, document);
  const expensive = total(new Map([...counts].filter(([name]) => inExpensiveLane(name))));
  return {
    operations: Math.max(1, total(counts)),
    expensive,
    work: new Weigher(schema, document, operation, variables, 'estimate').root(),
    worst: new Weigher(schema, document, operation, variables, 'worst').root(),
  };
}

/**
 * Refuses, before anything runs, an operation that may answer more than `maxCost` records
 * (GRAPHQL_MAX_COST): `reports { manager { reports { … } } }` seven levels deep answers 50^7
 * records at the default page of each level, though it is a few hundred bytes of query. The
 * caller is told the number and how to bring it down.
 */
export function checkWorstCase(cost: OperationCost, maxCost: number): void {
  if (cost.worst <= maxCost) return;
  throw badInput(
    `query may answer up to ${cost.worst} records (each list counted at its \`first\`, nested lists multiplied); the limit is ${maxCost} (GRAPHQL_MAX_COST): ask for fewer with \`first\` on the lists, or nest less`,
  );
}

/**
 * Refuses to start when a list of records in the schema has no bound: every such field takes a
 * page argument (`first`: a connection, a root list, or the parts of one record, PartArgs) or
 * declares the most it holds (ListBound). Without one, nesting it could multiply work unseen.
 */
export function checkListBounds(schema: GraphQLSchema): void {
  const unbounded: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (!(isObjectType(type) || isInterfaceType(type)) || type.name.startsWith('__')) continue;
    // A connection's nodes and edges are its page: bounded by the `first` of the field answering it.
    if ('pageInfo' in type.getFields()) continue;
    for (const field of Object.values(type.getFields())) {
      const listOfRecords = isListType(getNullableType(field.type)) && !isLeafType(getNamedType(field.type));
      if (!listOfRecords || field.args.some((arg) => PAGE_ARGUMENTS.includes(arg.name))) continue;
      if (!(field.extensions as ListExtensions).maxItems) unbounded.push(`${type.name}.${field.name}`);
    }
  }
  if (unbounded.length) throw new Error(`list fields without a bound (PartArgs or ListBound): ${unbounded.join(', ')}`);
}

/** Weighs the selections of one operation (see operationCostOf). */
class Weigher {
  private readonly fragments = new Map<string, FragmentDefinitionNode>();
  private readonly weighed = new Map<string, number>();
  private readonly rootWeighed = new Map<string, number>();
  private readonly variables: Record<string, unknown>;

  constructor(
    private readonly schema: GraphQLSchema,
    document: DocumentNode,
    private readonly operation: OperationDefinitionNode,
    variables: Readonly<Record<string, unknown>>,
    private readonly mode: 'estimate' | 'worst',
  ) {
    for (const definition of document.definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) this.fragments.set(definition.name.value, definition);
    }
    // A variable the request leaves out takes the default its definition declares.
    this.variables = { ...variables };
    for (const definition of operation.variableDefinitions ?? []) {
      const name = definition.variable.name.value;
      if (this.variables[name] === undefined && definition.defaultValue)
        this.variables[name] = valueFromASTUntyped(definition.defaultValue);
    }
  }

  /** The work of the root fields: outside the expensive lane for the estimate, all of them for the worst case. */
  root(): number {
    return this.rootOf(
      this.operation.selectionSet,
      this.schema.getRootType(this.operation.operation) ?? undefined,
      new Set(),
    );
  }

  private rootOf(selection: SelectionSetNode, type: GraphQLNamedType | undefined, path: ReadonlySet<string>): number {
    let sum = 0;
    for (const node of selection.selections) {
      if (node.kind === Kind.FIELD) {
        if (this.mode === 'worst' || !inExpensiveLane(node.name.value))
          sum += Math.max(1, this.field(node, type, path));
      } else if (node.kind === Kind.INLINE_FRAGMENT) {
        sum += this.rootOf(node.selectionSet, type, path);
      } else {
        const name = node.name.value;
        const fragment = this.fragments.get(name);
        if (!fragment || path.has(name)) continue;
        let inner = this.rootWeighed.get(name);
        if (inner === undefined) {
          inner = this.rootOf(fragment.selectionSet, type, new Set([...path, name]));
          this.rootWeighed.set(name, inner);
        }
        sum += inner;
      }
    }
    return sum;
  }

  /** The heaviest branch of a selection on `type` (the estimate), or all its branches (the worst case). */
  private selection(
    selection: SelectionSetNode,
    type: GraphQLNamedType | undefined,
    path: ReadonlySet<string>,
  ): number {
    let heaviest = 0;
    for (const node of selection.selections) {
      let weight = 0;
      if (node.kind === Kind.FIELD) weight = this.field(node, type, path);
      else if (node.kind === Kind.INLINE_FRAGMENT) {
        weight = this.selection(
          node.selectionSet,
          node.typeCondition ? this.schema.getType(node.typeCondition.name.value) : type,
          path,
        );
      } else {
        const name = node.name.value;
        const fragment = this.fragments.get(name);
        if (!fragment || path.has(name)) continue;
        const known = this.weighed.get(name);
        weight =
          known ??
          this.selection(
            fragment.selectionSet,
            this.schema.getType(fragment.typeCondition.name.value),
            new Set([...path, name]),
          );
        if (known === undefined) this.weighed.set(name, weight);
      }
      // The estimate follows the heaviest branch; the worst case adds them, so that it bounds every item answered.
      heaviest = this.mode === 'worst' ? heaviest + weight : Math.max(heaviest, weight);
    }
    return heaviest;
  }

  /** Page size x (one for a list + the heaviest branch below); 0 for a field answering one scalar. */
  private field(node: FieldNode, parent: GraphQLNamedType | undefined, path: ReadonlySet<string>): number {
    // __typename and fields of no known type (the document is validated before it is weighed) weigh nothing.
    const field = isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[node.name.value] : undefined;
    if (!field) return 0;
    const list = isListType(getNullableType(field.type)) ? 1 : 0;
    const below = node.selectionSet ? this.selection(node.selectionSet, getNamedType(field.type), path) : 0;
    return this.pageSize(node, field) * (list + below);
  }

  /**
   * How many items a list field is counted at: its page argument (given, else its default); a list
   * without one, its declared maxItems in the worst case. The estimate weighs the parts of one
   * record (PartArgs) and bounded lists as one level, as admission always has: their real sizes are
   * small, and counting REST's whole parts at their maximum would make every list route run alone.
   */
  private pageSize(node: FieldNode, field: GraphQLField<unknown, unknown>): number {
    const extensions = field.extensions as ListExtensions;
    const argument = field.args.find((arg) => PAGE_ARGUMENTS.includes(arg.name));
    if (this.mode === 'estimate' && extensions.partList) return 1;
    if (!argument) return this.mode === 'worst' ? (extensions.maxItems ?? 1) : 1;
    const given = node.arguments?.find((arg) => arg.name.value === argument.name);
    // A variable the request leaves out (REST without `limit`) gives the argument its default, as when absent.
    const value = (given && valueFromASTUntyped(given.value, this.variables)) ?? argument.defaultValue;
    const size = typeof value === 'number' && Number.isInteger(value) ? value : DEFAULT_PAGE;
    return Math.min(MAX_PAGE, Math.max(1, size));
  }
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
          new GraphQLError(
            `mutation has ${fields} root fields (aliases count); the limit is ${limits.maxMutations} (GRAPHQL_MAX_MUTATIONS)`,
            { nodes: [operation] },
          ),
        );
      }
      if (operation.operation === 'query' && fields > limits.maxRootFields) {
        context.reportError(
          new GraphQLError(
            `query has ${fields} root fields (aliases count); the limit is ${limits.maxRootFields} (GRAPHQL_MAX_ROOT_FIELDS)`,
            { nodes: [operation] },
          ),
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
