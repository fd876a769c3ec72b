import { createHmac } from 'node:crypto';
import { Agent, request } from 'undici';
import type { OutboundGuard } from '../../common/outbound-guard';

export interface Attempt {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  responseExcerpt: string | null;
  /** From Retry-After on a 429 or 503, in ms. */
  retryAfterMs: number | null;
}

const EXCERPT_BYTES = 1024;

/** Standard Webhooks signature: v1,base64(HMAC-SHA256(secret, `${id}.${timestamp}.${body}`)), one per key, space-separated. */
export function signature(secrets: Buffer[], id: string, timestamp: number, body: string): string {
  return secrets
    .map((secret) => `v1,${createHmac('sha256', secret).update(`${id}.${timestamp}.${body}`).digest('base64')}`)
    .join(' ');
}

/**
 * POSTs deliveries. Sockets connect through the outbound guard's lookup, so the address actually
 * dialled is checked; redirects are not followed (a 3xx is a failed attempt); the whole attempt,
 * answer included, has `timeoutMs`; only the first KB of the answer is read.
 */
export class WebhookSender {
  private readonly agent: Agent;

  constructor(
    private readonly guard: OutboundGuard,
    private readonly timeoutMs: number,
  ) {
    // The AbortSignal of each request keeps the time; undici's own timers are coarse (they may fire
    // up to half a second early), so they only back it up.
    const backstop = timeoutMs + 1000;
    this.agent = new Agent({
      connect: { lookup: guard.lookup, timeout: backstop },
      headersTimeout: backstop,
      bodyTimeout: backstop,
    });
  }

  async send(url: string, id: string, secrets: Buffer[], body: string): Promise<Attempt> {
    const started = Date.now();
    const timestamp = Math.floor(started / 1000);
    const failed = (error: string): Attempt => ({
      ok: false,
      statusCode: null,
      durationMs: Date.now() - started,
      error,
      responseExcerpt: null,
      retryAfterMs: null,
    });
    try {
      this.guard.assertLiteralAllowed(new URL(url));
      const response = await request(url, {
        method: 'POST',
        dispatcher: this.agent,
        maxRedirections: 0,
        signal: AbortSignal.timeout(this.timeoutMs),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'talent-directory-webhooks/1',
          'webhook-id': id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signature(secrets, id, timestamp, body),
        },
        body,
      });
      const excerpt = await readExcerpt(response.body);
      const status = response.statusCode;
      const ok = status >= 200 && status < 300;
      return {
        ok,
        statusCode: status,
        durationMs: Date.now() - started,
        error: ok ? null : status >= 300 && status < 400 ? `redirect (${status}) not followed` : `HTTP ${status}`,
        responseExcerpt: excerpt,
        retryAfterMs: status === 429 || status === 503 ? retryAfter(response.headers['retry-after']) : null,
      };
    } catch (error) {
      return failed(describe(error));
    }
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}

async function readExcerpt(body: AsyncIterable<Buffer> & { destroy(): void }): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= EXCERPT_BYTES) break;
  }
  body.destroy();
  // PostgreSQL text cannot hold NUL: a receiver answering one must not make the attempt unrecordable.
  return size ? Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8').replace(/\0/g, '\uFFFD') : null;
}

function retryAfter(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

/** A short reason for a failed attempt; names the kind of failure, not the service's internals. */
function describe(error: unknown): string {
  const e = error as { name?: string; code?: string; message?: string; cause?: { code?: string; message?: string } };
  if (
    e.name === 'TimeoutError' ||
    e.name === 'AbortError' ||
    e.code === 'UND_ERR_HEADERS_TIMEOUT' ||
    e.code === 'UND_ERR_BODY_TIMEOUT' ||
    e.code === 'UND_ERR_CONNECT_TIMEOUT'
  )
    return 'timeout';
  if (e.code === 'ERR_REFUSED_ADDRESS' || e.cause?.code === 'ERR_REFUSED_ADDRESS')
    return `refused: ${e.cause?.message ?? e.message}`;
  return `connection failed: ${e.cause?.code ?? e.code ?? e.message ?? 'unknown error'}`;
}
