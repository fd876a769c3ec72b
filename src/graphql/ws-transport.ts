import type { IncomingMessage } from 'node:http';
import { handleProtocols, makeServer, type ServerOptions } from 'graphql-ws';
import type { Logger } from 'pino';
import type { WebSocket, WebSocketServer } from 'ws';
import { INTERNAL_MESSAGE } from './mask-error';
import { INTERNAL_ERROR } from './ws-refusals';

/** What graphql-ws's context carries of the transport: the socket and the upgrade request. */
export interface Extra {
  readonly socket: WebSocket;
  readonly request: IncomingMessage;
}

/** A socket whose peer does not answer a ping within this is dropped (graphql-ws's own default). */
const KEEP_ALIVE_MS = 12_000;

/**
 * graphql-ws's protocol server (makeServer) on a `ws` server: graphql-ws's own `useServer`, with
 * what it does its way done ours. A failure inside a message's handling, which the hooks in
 * subscriptions.ts are written never to let through, closes the socket with 1011 "internal
 * server error" and is logged here (useServer prints it to the console, and puts its message in
 * the close reason outside NODE_ENV=production). A socket error (a frame over the server's
 * maxPayload, which `ws` closes with 1009 before reading it; a broken frame) is logged at debug:
 * it is the peer's doing.
 */
export function serveGraphqlWs(
  sockets: WebSocketServer,
  options: ServerOptions<Record<string, unknown> | undefined, Extra>,
  logger: Logger,
): { dispose(): Promise<void> } {
  const server = makeServer(options);
  sockets.options.handleProtocols = handleProtocols;
  sockets.on('error', (error) => logger.error({ err: error }, 'websocket server error'));
  sockets.on('connection', (socket, request) => {
    socket.on('error', (error) => {
      logger.debug({ err: error }, 'websocket closed on a socket error');
      if (socket.readyState === socket.OPEN) socket.close(INTERNAL_ERROR, INTERNAL_MESSAGE);
    });
    const keepAlive = keepAliveOf(socket);
    const closed = server.opened(
      {
        protocol: socket.protocol,
        send: (data) =>
          new Promise<void>((resolve, reject) => {
            if (socket.readyState !== socket.OPEN) return resolve();
            socket.send(data, (error) => (error ? reject(error) : resolve()));
          }),
        close: (code, reason) => socket.close(code, reason),
        onMessage: (handle) =>
          socket.on('message', (data: Buffer) => {
            handle(data.toString()).catch((error: unknown) => {
              logger.error({ err: error }, 'internal error on a graphql-ws connection');
              if (socket.readyState === socket.OPEN) socket.close(INTERNAL_ERROR, INTERNAL_MESSAGE);
            });
          }),
      },
      { socket, request },
    );
    socket.once('close', (code, reason) => {
      clearInterval(keepAlive);
      closed(code, reason.toString()).catch((error: unknown) =>
        logger.error({ err: error }, 'a graphql-ws connection did not close cleanly'),
      );
    });
  });
  return {
    async dispose() {
      for (const client of sockets.clients) client.close(1001, 'server shutting down');
      sockets.removeAllListeners();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
    },
  };
}

/** Pings every KEEP_ALIVE_MS; a socket that has not answered the previous ping by then is dropped. */
function keepAliveOf(socket: WebSocket): NodeJS.Timeout {
  let answered = true;
  socket.on('pong', () => (answered = true));
  return setInterval(() => {
    if (socket.readyState !== socket.OPEN) return;
    if (!answered) return socket.terminate();
    answered = false;
    socket.ping();
  }, KEEP_ALIVE_MS).unref();
}
