import {
  type DocumentNode,
  getOperationAST,
  GraphQLError,
  type GraphQLSchema,
  Kind,
  parse,
  validate,
  type ValidationRule,
} from 'graphql';
import type { SubscribePayload } from 'graphql-ws';

/** An operation of a graphql-ws subscribe message, parsed and validated, ready for its context. */
export interface PreparedOperation {
  schema: GraphQLSchema;
  document: DocumentNode;
  operationName: string | null | undefined;
  variableValues: Record<string, unknown> | null | undefined;
}

/**
 * What Apollo does on /graphql before it executes, done for an operation on a socket: parse,
 * validate with the same rules, and find the operation to run. A request that fails answers the
 * errors Apollo would give, with its codes (GRAPHQL_PARSE_FAILED, GRAPHQL_VALIDATION_FAILED,
 * OPERATION_RESOLUTION_FAILURE), as that operation's error message; the socket stays. (graphql-ws
 * left to itself throws a syntax error out of its message handler, which closes the connection.)
 */
export function prepareOperation(
  schema: GraphQLSchema,
  payload: SubscribePayload,
  rules: readonly ValidationRule[],
): PreparedOperation | GraphQLError[] {
  let document: DocumentNode;
  try {
    document = parse(payload.query);
  } catch (error) {
    // A document nested past the parser's stack throws a RangeError: maskError says so.
    return [refused(error, 'GRAPHQL_PARSE_FAILED')];
  }
  const invalid = validate(schema, document, rules);
  if (invalid.length) return invalid.map((error) => refused(error, 'GRAPHQL_VALIDATION_FAILED'));
  const { operationName, variables } = payload;
  if (!getOperationAST(document, operationName)) {
    // graphql-js's words for it, as /graphql answers them.
    const message = operationName
      ? `Unknown operation named "${operationName}".`
      : document.definitions.some((definition) => definition.kind === Kind.OPERATION_DEFINITION)
        ? 'Must provide operation name if query contains multiple operations.'
        : 'Must provide an operation.';
    return [new GraphQLError(message, { extensions: { code: 'OPERATION_RESOLUTION_FAILURE' } })];
  }
  return { schema, document, operationName, variableValues: variables };
}

/** `cause` as a refused request with Apollo's `code`, pointing where it does in the document. */
function refused(cause: unknown, code: string): GraphQLError {
  const error = cause instanceof GraphQLError ? cause : undefined;
  return new GraphQLError(error?.message ?? 'the operation could not be read', {
    nodes: error?.nodes,
    source: error?.source,
    positions: error?.positions,
    originalError: cause instanceof Error ? cause : undefined,
    extensions: { ...error?.extensions, code },
  });
}
