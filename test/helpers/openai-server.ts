import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { drip, pour, type Sent, sendWhole } from './hostile-body';

/** How the fixture answers one request. */
export interface Scripted {
  /** An error status instead of a completion (with an OpenAI-style error body). */
  status?: number;
  retryAfter?: string;
  /** The pieces of the streamed reply. */
  chunks?: string[];
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
  /** Never answer (the client's timeout must end it). */
  hang?: boolean;
  /** Send the first chunk, then cut the connection. */
  breakOff?: boolean;
  /** Answer a plain JSON completion even though a stream was asked for. */
  plain?: boolean;
  /** Pause between chunks, in ms. */
  delayMs?: number;
  /** Hostile answers (their sending is recorded in `sent`): a plain completion padded to this many bytes, */
  hugeJson?: number;
  /** a gzip body (hostile-body.ts's gzipBomb, made before the request: it takes a while), */
  gzipJson?: Buffer;
  /** a stream of this many bytes of empty chunks before [DONE], */
  hugeStream?: number;
  /** one event line of this many bytes, never ended, */
  longEvent?: number;
  /** or a stream sent one byte every this many ms. */
  dripMs?: number;
}

export interface RecordedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: { model: string; stream: boolean; messages: { role: string; content: string }[]; stream_options?: unknown };
}

const DEFAULT: Scripted = {
  chunks: ['Hello', ' from', ' the model.'],
  usage: { prompt_tokens: 20, completion_tokens: 3, total_tokens: 23 },
};

/**
 * A small OpenAI-compatible chat-completions server on loopback, speaking the real wire format:
 * `POST /v1/chat/completions` answered with server-sent `chat.completion.chunk` events, a usage
 * chunk and `data: [DONE]`, or a plain completion when `stream` is false. Each request takes the
 * next scripted answer; without one it answers DEFAULT.
 */
export class OpenAiFixture {
  readonly requests: RecordedRequest[] = [];
  /** Inputs of every /embeddings request. */
  readonly embedded: string[][] = [];
  /** Whether the server offers /embeddings (404 otherwise, as servers without it answer). */
  embeddings = true;
  /** Pads each /embeddings answer to this many bytes (0: a plain answer). */
  embeddingsPadding = 0;
  /** What each hostile answer (and padded embeddings answer) sent before the client stopped reading. */
  readonly sent: Promise<Sent>[] = [];
  private readonly script: Scripted[] = [];
  private server?: Server;

  /** Queues the answers of the next requests, in order. */
  respondWith(...answers: Scripted[]): void {
    this.script.push(...answers);
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let raw = '';
    for await (const part of req) raw += String(part);
    if (req.method === 'POST' && req.url === '/v1/embeddings' && this.embeddings) {
      const { input, model } = JSON.parse(raw) as { input: string[]; model: string };
      this.embedded.push(input);
      const data = input.map((text, index) => ({ object: 'embedding', index, embedding: conceptVector(text) }));
      if (this.embeddingsPadding) {
        res.writeHead(200, { 'content-type': 'application/json' });
        this.sent.push(
          pour(res, this.embeddingsPadding, 'a', `{"object":"list","data":${JSON.stringify(data)},"padding":"`, '"}'),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          object: 'list',
          data,
          model,
          usage: { prompt_tokens: input.length, total_tokens: input.length },
        }),
      );
      return;
    }
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    const body = JSON.parse(raw) as RecordedRequest['body'];
    this.requests.push({ path: req.url, headers: req.headers, body });
    const answer = this.script.shift() ?? DEFAULT;
    if (answer.hang) return;
    const hostile = hostileAnswer(answer, res);
    if (hostile) {
      this.sent.push(hostile);
      return;
    }
    if (answer.status) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (answer.retryAfter) headers['retry-after'] = answer.retryAfter;
      res
        .writeHead(answer.status, headers)
        .end(JSON.stringify({ error: { message: 'scripted failure', type: 'server_error' } }));
      return;
    }
    const chunks = answer.chunks ?? DEFAULT.chunks!;
    const usage = answer.usage ?? DEFAULT.usage!;
    const id = `chatcmpl-${this.requests.length}`;
    const created = Math.floor(Date.now() / 1000);
    if (!body.stream || answer.plain) {
      const message = { role: 'assistant', content: chunks.join('') };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created,
          model: body.model,
          choices: [{ index: 0, message, finish_reason: 'stop' }],
          usage,
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
    const chunk = (delta: object, finish: string | null) => ({
      id,
      object: 'chat.completion.chunk',
      created,
      model: body.model,
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
    send(chunk({ role: 'assistant', content: '' }, null));
    for (const [index, piece] of chunks.entries()) {
      send(chunk({ content: piece }, null));
      if (answer.breakOff) {
        // Let the headers and the first chunk reach the client before the connection drops.
        await new Promise((r) => setTimeout(r, 50));
        res.socket?.destroy();
        return;
      }
      if (answer.delayMs && index < chunks.length - 1) await new Promise((r) => setTimeout(r, answer.delayMs));
    }
    send(chunk({}, 'stop'));
    send({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [], usage });
    res.end('data: [DONE]\n\n');
  }
}

/** The answers of a server that means harm: far larger than any cap, compressed bombs, or a drip. */
function hostileAnswer(answer: Scripted, res: ServerResponse): Promise<Sent> | null {
  const hi = '{"choices":[{"index":0,"message":{"role":"assistant","content":"Hi"}}],"padding":"';
  const empty = 'data: {"choices":[{"index":0,"delta":{"content":""}}]}\n\n';
  const events = { 'content-type': 'text/event-stream' };
  if (answer.hugeJson) {
    res.writeHead(200, { 'content-type': 'application/json' });
    return pour(res, answer.hugeJson, 'a', hi, '"}');
  }
  if (answer.gzipJson) {
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    return sendWhole(res, answer.gzipJson);
  }
  if (answer.hugeStream) return pour(res.writeHead(200, events), answer.hugeStream, empty, '', 'data: [DONE]\n\n');
  if (answer.longEvent) return pour(res.writeHead(200, events), answer.longEvent, 'a', 'data: {"padding":"');
  if (answer.dripMs) return drip(res.writeHead(200, events), `${empty}data: [DONE]\n\n`.repeat(100), answer.dripMs);
  return null;
}

/** Words by the concept they express: the fixture's stand-in for a model's sense of meaning. */
const CONCEPTS = [
  ['money', 'euros', 'cost', 'costs', 'budget', 'expense', 'expenses', 'price', 'pay'],
  ['travel', 'trip', 'trips', 'journey', 'flight', 'train', 'portal'],
  ['people', 'team', 'colleague', 'manager', 'employee'],
];

/** A deterministic embedding: how many words of each concept the text holds, plus a constant. */
export function conceptVector(text: string): number[] {
  const words = text.toLowerCase().match(/[a-z]+/g) ?? [];
  return [...CONCEPTS.map((concept) => words.filter((w) => concept.includes(w)).length), 0.1];
}
