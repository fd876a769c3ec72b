import { pipeline, type Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { Agent, request } from 'undici';
import { ReplyTooLargeError, readCapped } from '../../../common/capped-read';
import { errorReason } from '../../../common/error-reason';
import type { OutboundGuard } from '../../../common/outbound-guard';

/** The page could not be read: what it answered, or why there was no answer. */
export class UnreachableUrlError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

/** The page or file is larger than the knowledge size limit. */
export class TooLargeError extends Error {}

const MAX_REDIRECTS = 5;

/** The content codings a page may arrive in, and their decoders (undici's `request` decodes none). */
const DECODERS = new Map<string, () => NodeJS.ReadWriteStream>([
  ['gzip', createGunzip],
  ['x-gzip', createGunzip],
  ['deflate', createInflate],
  ['br', createBrotliDecompress],
]);

export interface Fetched {
  url: string;
  bytes: Buffer;
  mediaType: string | null;
}

/**
 * Reads a page for the knowledge base through the outbound guard: the URL is checked before the
 * request and the address dialled is checked at connect time; a redirect is followed only to a
 * URL that passes the same check, at most MAX_REDIRECTS times. The whole read, every hop and
 * look-up included, has `timeoutMs` (a total deadline, not an idle one: a page sent a byte at a
 * time ends there too), and at most `maxBytes` are read, counted after decompression, so a small
 * compressed page that inflates without end is refused at the cap.
 */
export class UrlReader {
  private readonly agent: Agent;

  constructor(
    private readonly guard: OutboundGuard,
    private readonly timeoutMs: number,
    private readonly maxBytes: number,
  ) {
    this.agent = new Agent({ connect: { lookup: guard.lookup, timeout: timeoutMs } });
  }

  /** Throws RefusedAddressError for a URL the guard refuses (here or after a redirect). */
  async read(raw: string): Promise<Fetched> {
    const signal = AbortSignal.timeout(this.timeoutMs);
    let url = await this.checked(raw, signal);
    for (let redirects = 0; ; redirects++) {
      this.guard.assertLiteralAllowed(url);
      let response;
      try {
        response = await request(url, {
          method: 'GET',
          dispatcher: this.agent,
          maxRedirections: 0,
          signal,
          headers: {
            accept: 'text/html, application/xhtml+xml, application/pdf, text/plain;q=0.9, */*;q=0.5',
            'accept-encoding': 'gzip, br',
            'user-agent': 'talent-directory-knowledge/1',
          },
        });
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_REFUSED_ADDRESS') throw error;
        throw this.unreachable(signal, `url could not be reached (${errorReason(error)})`);
      }
      const location = response.headers.location;
      if (response.statusCode >= 300 && response.statusCode < 400 && typeof location === 'string') {
        await response.body.dump().catch(() => {}); // a broken-off body is no more use than a dumped one
        if (redirects >= MAX_REDIRECTS) throw new UnreachableUrlError(`url redirects more than ${MAX_REDIRECTS} times`);
        url = await this.checked(new URL(location, url).toString(), signal);
        continue;
      }
      if (response.statusCode >= 300) {
        await response.body.dump().catch(() => {}); // a broken-off body is no more use than a dumped one
        throw new UnreachableUrlError(`url answered HTTP ${response.statusCode}`, response.statusCode);
      }
      // A compressed page is at least as large as its declared length once inflated.
      const declared = Number(response.headers['content-length']);
      if (declared > this.maxBytes) {
        discard(response.body);
        throw this.tooLarge();
      }
      const bytes = await this.readBody(response.body, response.headers['content-encoding'], signal);
      const type = response.headers['content-type'];
      return { url: url.toString(), bytes, mediaType: typeof type === 'string' ? type : null };
    }
  }

  /** The guard's check of a URL, given up at the deadline (a slow DNS answer must not outlast it). */
  private checked(raw: string, signal: AbortSignal): Promise<URL> {
    return new Promise<URL>((resolve, reject) => {
      const onAbort = () => reject(this.timedOut());
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      this.guard
        .check('url', raw)
        .then(resolve, reject)
        .finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  /** The body, decoded, up to maxBytes; closes the connection past it. */
  private async readBody(
    body: Readable,
    encoding: string | string[] | undefined,
    signal: AbortSignal,
  ): Promise<Buffer> {
    const codings = String(encoding ?? '')
      .split(',')
      .map((c) => c.trim().toLowerCase())
      .filter((c) => c && c !== 'identity');
    const unknown = codings.find((c) => !DECODERS.has(c));
    if (unknown) {
      discard(body);
      throw new UnreachableUrlError(`url answered in a content-encoding that cannot be read (${unknown.slice(0, 40)})`);
    }
    // Codings are listed in the order they were applied: undo the last first.
    const decoders = codings.reverse().map((c) => DECODERS.get(c)!());
    // The pipeline destroys every stage when one fails or the reader stops; errors surface in the read.
    const decoded: AsyncIterable<Buffer> = decoders.length
      ? (pipeline([body, ...decoders], () => {}) as unknown as AsyncIterable<Buffer>)
      : body;
    try {
      return await readCapped(decoded, this.maxBytes);
    } catch (error) {
      if (error instanceof ReplyTooLargeError) throw this.tooLarge();
      throw this.unreachable(signal, `url broke off its answer (${errorReason(error)})`);
    }
  }

  /** The timeout when the deadline has passed, else `message`. */
  private unreachable(signal: AbortSignal, message: string): UnreachableUrlError {
    return signal.aborted ? this.timedOut() : new UnreachableUrlError(message);
  }

  private timedOut(): UnreachableUrlError {
    return new UnreachableUrlError(`url did not answer within ${this.timeoutMs} ms`);
  }

  private tooLarge(): TooLargeError {
    return new TooLargeError(`the page is larger than ${this.maxBytes} bytes`);
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}

/** Closes a body that is not wanted, and its connection; undici's body reports that as an abort error, expected here. */
function discard(body: Readable): void {
  body.on('error', () => {});
  body.destroy();
}
