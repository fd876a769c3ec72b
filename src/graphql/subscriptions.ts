import { type GraphQLSchema, specifiedRules, validate, type ValidationRule } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import type { Logger } from 'pino';
import type { WebSocketServer } from 'ws';
import type { ContextFactory } from '../auth/context';

/**
 * graphql-ws on the /graphql path. A connection must authenticate in its connectionParams
 * (`authorization: "Bearer <JWT>"`); otherwise it is closed (4403) before any operation runs.
 * Each operation gets its own context, like an HTTP request.
 */
export function serveSubscriptions(sockets: WebSocketServer, schema: GraphQLSchema, contexts: ContextFactory, logger: Logger, rules: ValidationRule[]): () => Promise<void> {
  const authorization = (params: Record<string, unknown> | undefined) =>
    typeof params?.authorization === 'string' ? params.authorization : undefined;
  const server = useServer(
    {
      schema,
      validate: (checked, document) => validate(checked, document, [...specifiedRules, ...rules]),
      async onConnect(ctx) {
        const header = authorization(ctx.connectionParams);
        if (!header) return false;
        try {
          return (await contexts.create(header)).caller !== null;
        } catch {
          return false;
        }
      },
      context: (ctx) => contexts.create(authorization(ctx.connectionParams)),
      onError(_ctx, _id, _payload, errors) {
        logger.debug({ errors: errors.map((e) => e.message) }, 'subscription error');
      },
    },
    sockets,
  );
  return async () => {
    for (const client of sockets.clients) client.close(1001, 'server shutting down');
    await server.dispose();
    await new Promise<void>((resolve) => sockets.close(() => resolve()));
  };
}
