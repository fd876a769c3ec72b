import type { ApolloServerPlugin } from '@apollo/server';
import { type ASTVisitor, GraphQLError, type ValidationContext, type ValidationRule } from 'graphql';
import type { Context } from '../auth/context';
import type { Charge } from '../http/rate-limit';
import { operationCost } from './operation-cost';

/** The context of an operation on HTTP /graphql: the shared context, and what charges its caller's rate-limit bucket. */
export type HttpContext = Context & { charge?: Charge };

export const SUBSCRIPTION_OVER_HTTP = 'subscriptions are served over graphql-ws on /graphql (protocol graphql-transport-ws)';

/**
 * A validation rule for HTTP /graphql only (graphql-ws serves subscriptions): a subscription
 * cannot run over HTTP, and is answered 400 pointing at the websocket, on POST and GET alike,
 * rather than an internal error from executing it as a query.
 */
export const noSubscriptionsOverHttp: ValidationRule = (context: ValidationContext): ASTVisitor => ({
  OperationDefinition(operation) {
    if (operation.operation === 'subscription') context.reportError(new GraphQLError(SUBSCRIPTION_OVER_HTTP, { nodes: [operation] }));
  },
});

/**
 * Apollo plugin for operations on HTTP /graphql, once the operation is known and valid: the
 * rate-limit middleware took one operation for the request; the rest of its cost (one per root
 * field, see operation-cost.ts) is taken here, or the request is answered 429 before anything runs.
 */
export function httpOperationPlugin(): ApolloServerPlugin<HttpContext> {
  return {
    requestDidStart() {
      return Promise.resolve({
        didResolveOperation({ operation, document, contextValue }) {
          if (operation) contextValue.charge?.(operationCost(operation, document) - 1);
          return Promise.resolve();
        },
      });
    },
  };
}
