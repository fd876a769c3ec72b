import {
  defaultFieldResolver,
  type ExecutionResult,
  type GraphQLFieldResolver,
  GraphQLError,
  type GraphQLSchema,
  getNamedType,
  getNullableType,
  isLeafType,
  isListType,
  isObjectType,
} from 'graphql';
import type { ListExtensions } from '../common/part-list';
import { apiError } from './errors';

/** What one operation may do once admitted (GRAPHQL_MAX_RESULT_ITEMS, GRAPHQL_MAX_EXECUTION_MS). */
export interface BudgetLimits {
  /** Items of lists (records and their parts) one operation may answer in all. */
  maxItems: number;
  /** How long one query or mutation may run. */
  maxMs: number;
}

/**
 * The budget of one running operation: the items its lists answered, its deadline, and the client
 * that may go away. The worst case refused before execution (operation-cost.ts) bounds what a
 * query may ask for; this bounds what it actually does, where the data decides (a manager with
 * thousands of reports) or the caller left: once spent, every list or relation that is still to
 * resolve throws at once, so the rest of the tree is not walked, and the operation answers with
 * one error and no data (runWithin).
 */
export class OperationBudget {
  private items = 0;
  private readonly deadline: number;
  /** Why the operation was stopped; the first reason stands. */
  spent: GraphQLError | undefined;

  constructor(
    private readonly limits: BudgetLimits,
    private readonly signal?: AbortSignal,
  ) {
    this.deadline = Date.now() + limits.maxMs;
  }

  /** Throws once the budget is spent: out of time, or the client gone. */
  check(): void {
    if (this.spent) throw this.spent;
    if (this.signal?.aborted)
      this.spent = apiError('SERVICE_UNAVAILABLE', 'the client went away; the operation was stopped');
    else if (Date.now() > this.deadline)
      this.spent = apiError(
        'SERVICE_UNAVAILABLE',
        `the operation ran longer than ${this.limits.maxMs} ms (GRAPHQL_MAX_EXECUTION_MS) and was stopped: ask for less`,
      );
    if (this.spent) throw this.spent;
  }

  /** Counts the items a list answered; throws when they pass the budget. */
  charge(items: number): void {
    this.items += items;
    if (this.items > this.limits.maxItems && !this.spent)
      this.spent = apiError(
        'PAYLOAD_TOO_LARGE',
        `the answer holds more than ${this.limits.maxItems} list items (GRAPHQL_MAX_RESULT_ITEMS): ask for fewer with \`first\` or a smaller page`,
      );
    this.check();
  }
}

/** The budget of each running operation, by its context object (contexts are made per operation). */
const budgets = new WeakMap<object, OperationBudget>();

/**
 * Runs one operation within a budget: its lists and relations charge it (guardFields), and an
 * operation that spent it answers with that one error, whatever partial data or follow-on errors
 * its other branches left.
 */
export async function runWithin(
  context: unknown,
  budget: OperationBudget,
  run: () => Promise<ExecutionResult> | ExecutionResult,
): Promise<ExecutionResult> {
  if (typeof context !== 'object' || context === null) return run();
  budgets.set(context, budget);
  try {
    const result = await run();
    return budget.spent ? { errors: [budget.spent] } : result;
  } finally {
    budgets.delete(context);
  }
}

const isPromise = (value: unknown): value is Promise<unknown> =>
  typeof (value as { then?: unknown } | null)?.then === 'function';

const lengthOf = (value: unknown) => (Array.isArray(value) ? value.length : 0);

const cutList = (value: unknown, maxItems: number) =>
  Array.isArray(value) && value.length > maxItems ? value.slice(0, maxItems) : value;
const cut = (value: unknown, maxItems: number) =>
  isPromise(value) ? value.then((items) => cutList(items, maxItems)) : cutList(value, maxItems);

/**
 * Wraps every field that answers a list or a record (the places where work multiplies: lists, and
 * relations that lead to more lists) so that it checks the operation's budget before it runs and
 * charges the items a list answered. Scalars are left alone, so the cost is one check per record
 * or list, not per value. Applied once to the built schema; both execution paths (graphql-js and
 * graphql-jit) call the wrapped resolvers.
 */
export function guardFields(schema: GraphQLSchema): void {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    if (type === schema.getSubscriptionType()) continue;
    for (const field of Object.values(type.getFields())) {
      if (isLeafType(getNamedType(field.type))) continue;
      const list = isListType(getNullableType(field.type));
      const inner: GraphQLFieldResolver<unknown, unknown> = field.resolve ?? defaultFieldResolver;
      // A list bounded by what writes it (ListBound) never answers more than it declares.
      const maxItems = (field.extensions as ListExtensions).maxItems;
      const resolve: GraphQLFieldResolver<unknown, unknown> = maxItems
        ? (...call) => cut(inner(...call), maxItems)
        : inner;
      field.resolve = (source, args, context, info) => {
        const budget = budgets.get(context as object);
        if (!budget) return resolve(source, args, context, info);
        budget.check();
        const value = resolve(source, args, context, info);
        if (!list) return value;
        if (isPromise(value))
          return value.then((items) => {
            budget.charge(lengthOf(items));
            return items;
          });
        budget.charge(lengthOf(value));
        return value;
      };
    }
  }
}
