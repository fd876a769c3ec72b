import type { ApolloServerOptionsWithGateway } from '@apollo/server';
import {
  type DocumentNode,
  type ExecutionResult,
  execute,
  GraphQLError,
  type GraphQLSchema,
  getOperationAST,
} from 'graphql';
import { getVariableValues } from 'graphql/execution/values';
import { type CompiledQuery, compileQuery, isCompiledQuery } from 'graphql-jit';
import { type BudgetLimits, OperationBudget, runWithin } from './operation-budget';

/**
 * Executes queries compiled by graphql-jit: the same resolvers (and so the same @Authorized
 * checks, loaders and scalars' serialize) without graphql-js's generic walk of every field on
 * every request, which was most of the CPU of a 100-plan list (bench/RESULTS.md). The REST facade
 * and /graphql (compiledGateway) run through it. A document is compiled the second time it runs
 * and kept while the document is (a WeakMap on the parsed document: REST documents for good,
 * /graphql ones while Apollo's bounded document cache holds them), so a one-off query, which
 * would pay more to compile than it saves, is never compiled.
 * Mutations keep graphql's execute(): they are not the hot path, and it is what coerces an Upload
 * variable with graphql-js's messages.
 */
export class CompiledExecution {
  private readonly seen = new WeakMap<DocumentNode, Map<string, CompiledQuery | number>>();

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly budget: BudgetLimits,
  ) {}

  /**
   * Runs an operation; a query within its budget (operation-budget.ts): items answered, time, and
   * `signal`, which aborts when the client goes away. Mutations run whole once started: stopping
   * one between its write and its answer would leave the caller unsure whether it happened.
   */
  run(
    document: DocumentNode,
    operationName: string | null | undefined,
    variableValues: Record<string, unknown> | undefined,
    contextValue: unknown,
    signal?: AbortSignal,
  ): Promise<ExecutionResult> {
    const run = () => this.runUnbudgeted(document, operationName, variableValues, contextValue);
    if (getOperationAST(document, operationName)?.operation !== 'query') return run();
    return runWithin(contextValue, new OperationBudget(this.budget, signal), run);
  }

  private async runUnbudgeted(
    document: DocumentNode,
    operationName: string | null | undefined,
    variableValues: Record<string, unknown> | undefined,
    contextValue: unknown,
  ): Promise<ExecutionResult> {
    const compiled = this.compiled(document, operationName ?? null);
    if (!compiled) return execute({ schema: this.schema, document, operationName, variableValues, contextValue });
    // Variables are checked by graphql-js first, so that a wrong one is refused exactly as
    // execute() refuses it (the same message, and the variable's node, by which Apollo answers 400).
    const operation = getOperationAST(document, operationName)!;
    const coerced = getVariableValues(this.schema, operation.variableDefinitions ?? [], variableValues ?? {});
    if (coerced.errors) return { errors: coerced.errors };
    const result = await compiled.query(undefined, contextValue, variableValues ?? {});
    // graphql-jit's errors are not graphql's GraphQLError instances: made into them, they are
    // masked and classified as execute()'s are.
    return result.errors ? { ...result, errors: result.errors.map(asGraphQLError) } : result;
  }

  /** The compiled query, once the document's query has run before; undefined for a mutation or a first run. */
  private compiled(document: DocumentNode, operationName: string | null): CompiledQuery | undefined {
    if (getOperationAST(document, operationName)?.operation !== 'query') return undefined;
    let byOperation = this.seen.get(document);
    if (!byOperation) this.seen.set(document, (byOperation = new Map()));
    const key = operationName ?? '';
    const known = byOperation.get(key);
    if (typeof known === 'object') return known;
    if (known === undefined) {
      byOperation.set(key, 1);
      return undefined;
    }
    const result = compileQuery(this.schema, document, operationName ?? undefined);
    // A document graphql-jit cannot compile runs through execute() for good (0 is never compiled again).
    if (!isCompiledQuery(result)) {
      byOperation.set(key, 0);
      return undefined;
    }
    byOperation.set(key, result);
    return result;
  }
}

function asGraphQLError(error: Pick<GraphQLError, 'message' | 'path' | 'originalError' | 'extensions'>): GraphQLError {
  // graphql-jit wraps an error a resolver throws (one that is not a GraphQLError) in a GraphQLError
  // without extensions, on which Apollo's formatting throws before formatError runs: the answer
  // was Apollo's bare "Internal server error", and nothing was logged. Remade, it is masked and
  // logged as execute()'s are.
  if (error instanceof GraphQLError && error.extensions) return error;
  return new GraphQLError(error.message, {
    path: error.path,
    originalError: error.originalError ?? undefined,
    extensions: error.extensions,
  });
}

type Gateway = ApolloServerOptionsWithGateway<Record<string, unknown>>['gateway'];

/**
 * Apollo Server's one place to execute operations its own way: the gateway interface, here with a
 * fixed schema (Apollo still parses, validates and runs its plugins; only execution is ours).
 * The operation name is the one the client sent: `request.operationName` is the name of the
 * operation Apollo resolved, null when it resolved none, and then execute() must say why.
 */
export function compiledGateway(schema: GraphQLSchema, execution: CompiledExecution): Gateway {
  return {
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: '' });
      return () => undefined;
    },
    load: () =>
      Promise.resolve({
        executor: (request) =>
          execution.run(
            request.document,
            request.request.operationName,
            request.request.variables,
            request.context,
            (request.context as { gone?: AbortSignal }).gone,
          ),
      }),
    stop: () => Promise.resolve(),
  };
}
