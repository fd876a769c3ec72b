import type { ApolloServerPlugin } from '@apollo/server';
import { type ASTVisitor, GraphQLError, type ValidationContext, type ValidationRule } from 'graphql';
import type { Context } from '../auth/context';
import type { Admission, Permit } from '../http/admission';
import type { Charge } from '../http/rate-limit';
import { checkWorstCase, operationCostOf } from './operation-cost';

/**
 * The context of an operation on HTTP /graphql: the shared context, what charges its caller's
 * rate-limit bucket, and what aborts when the client goes away (clientGone).
 */
export type HttpContext = Context & { charge?: Charge; gone?: AbortSignal };

export const SUBSCRIPTION_OVER_HTTP =
  'subscriptions are served over graphql-ws on /graphql (protocol graphql-transport-ws)';

/**
 * A validation rule for HTTP /graphql only (graphql-ws serves subscriptions): a subscription
 * cannot run over HTTP, and is answered 400 pointing at the websocket, on POST and GET alike,
 * rather than an internal error from executing it as a query.
 */
export const noSubscriptionsOverHttp: ValidationRule = (context: ValidationContext): ASTVisitor => ({
  OperationDefinition(operation) {
    if (operation.operation === 'subscription')
      context.reportError(new GraphQLError(SUBSCRIPTION_OVER_HTTP, { nodes: [operation] }));
  },
});

/**
 * Apollo plugin for operations on HTTP /graphql, once the operation is known and valid, with its
 * cost from operation-cost.ts: an operation whose worst case passes GRAPHQL_MAX_COST is refused
 * (400) before anything else; the rate-limit middleware took one operation for the request, the
 * rest (one per root field) is taken here, or the request is answered 429 before anything runs;
 * then the operation waits for admission (src/http/admission.ts), or is answered 503. With the
 * buckets on a PostgreSQL server, a request of several root fields thus costs a second statement:
 * the middleware's take cannot wait for the cost, as it refuses a spent caller before its body is
 * read or its token checked, and this take cannot run before the operation is parsed.
 *
 * The permit is released in willSendResponse, which Apollo runs on every way out of a request
 * whose operation was resolved: a result, errors in it, a refusal here, an execution that threw.
 * A client that goes away leaves its work running, so the permit is held until that work ends;
 * one that goes away while waiting leaves the queue (the signal). A permit still awaited when the
 * response goes (a refusal elsewhere) is released as soon as it comes.
 */
export function httpOperationPlugin(admission: Admission, maxCost: number): ApolloServerPlugin<HttpContext> {
  return {
    requestDidStart() {
      let permit: Promise<Permit> | undefined;
      return Promise.resolve({
        async didResolveOperation({ schema, operation, document, request, contextValue }) {
          if (!operation) return;
          const cost = operationCostOf(schema, operation, document, request.variables);
          checkWorstCase(cost, maxCost);
          await contextValue.charge?.(cost.operations - 1);
          permit = admission.admit(cost, contextValue.gone);
          await permit;
        },
        willSendResponse() {
          permit?.then(
            (held) => held.release(),
            () => {},
          );
          return Promise.resolve();
        },
      });
    },
  };
}
