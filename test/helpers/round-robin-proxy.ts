import { type IncomingHttpHeaders, type IncomingMessage, request, type Server, createServer } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';

/** One request or websocket the proxy passed on, and the target that took it. */
export interface Routed {
  kind: 'http' | 'upgrade';
  method: string;
  path: string;
  target: string;
}

/** Headers that describe one connection, not the request: never passed on (RFC 9110, 7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

const refused = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ECONNREFUSED';

/**
 * A load balancer in front of several instances of the service, as a deployment puts one (the
 * multi-instance test, test/multi-instance.test.ts): each HTTP request goes to the next target in
 * turn, and so does each websocket upgrade (graphql-ws), whose two sockets are then piped together.
 * A target that refuses the connection (a killed process: nothing listens on its port) is skipped
 * for the next one, as a load balancer's health check would take it out; a request that a target
 * accepted and then dropped is not sent again (a POST may have been carried out), it answers 502.
 */
export class RoundRobinProxy {
  /** Everything passed on, in order: which instance took which request. */
  readonly routed: Routed[] = [];
  private next = 0;
  private server?: Server;
  private readonly sockets = new Set<Duplex>();

  /** `targets` are base URLs (http://127.0.0.1:port); they may be down now and come back later. */
  constructor(private readonly targets: string[]) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      // Read the body first: on a refused connection it is sent again to the next target.
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        const attempt = (tries: number) => {
          const target = this.pick();
          const url = new URL(target);
          const upstream = request(
            {
              host: url.hostname,
              port: url.port,
              method: req.method,
              path: req.url,
              // A connection per request: no pooled socket can outlive a killed target.
              agent: false,
              headers: { ...endToEnd(req.headers), 'content-length': String(body.length) },
            },
            (answer) => {
              this.routed.push({ kind: 'http', method: req.method ?? '', path: req.url ?? '', target });
              res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
              answer.pipe(res);
            },
          );
          upstream.on('error', (error) => {
            if (refused(error) && tries + 1 < this.targets.length) return attempt(tries + 1);
            if (res.headersSent) return res.destroy();
            res.writeHead(502, { 'content-type': 'text/plain' }).end(`proxy: ${target}: ${error.message}`);
          });
          upstream.end(body);
        };
        attempt(0);
      });
    });
    this.server.on('upgrade', (req: IncomingMessage, client: Duplex, head: Buffer) => {
      this.track(client);
      client.on('error', () => client.destroy());
      const attempt = (tries: number) => {
        const target = this.pick();
        const url = new URL(target);
        const upstream: Socket = connect(Number(url.port), url.hostname);
        let connected = false;
        upstream.once('connect', () => {
          connected = true;
          this.track(upstream);
          this.routed.push({ kind: 'upgrade', method: req.method ?? '', path: req.url ?? '', target });
          // The upgrade request as the client sent it (rawHeaders keep Upgrade and Connection),
          // then whatever the client sent after it; from here on the proxy only copies bytes.
          const lines = [`${req.method} ${req.url} HTTP/1.1`];
          for (let i = 0; i < req.rawHeaders.length; i += 2)
            lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
          upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
          if (head.length) upstream.write(head);
          upstream.pipe(client).pipe(upstream);
          upstream.on('close', () => client.destroy());
          client.on('close', () => upstream.destroy());
        });
        upstream.on('error', (error) => {
          if (connected) return client.destroy();
          if (refused(error) && tries + 1 < this.targets.length) return attempt(tries + 1);
          client.end('HTTP/1.1 502 Bad Gateway\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
        });
      };
      attempt(0);
    });
    this.server.on('connection', (socket) => this.track(socket));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Closes the listener and every connection it holds, websockets included. */
  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private pick(): string {
    const target = this.targets[this.next % this.targets.length];
    this.next++;
    return target;
  }

  private track(socket: Duplex): void {
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
  }
}
