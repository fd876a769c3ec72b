import { Agent, request } from 'undici';
import type { OutboundGuard } from '../../../common/outbound-guard';
import { errorReason } from '../../../common/error-reason';

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

export interface Fetched {
  url: string;
  bytes: Buffer;
  mediaType: string | null;
}

/**
 * Reads a page for the knowledge base through the outbound guard: the URL is checked before the
 * request and the address dialled is checked at connect time; a redirect is followed only to a
 * URL that passes the same check. The whole read has `timeoutMs`, and at most `maxBytes` are read.
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
    let url = await this.guard.check('url', raw);
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
            'user-agent': 'talent-directory-knowledge/1',
          },
        });
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_REFUSED_ADDRESS') throw error;
        throw new UnreachableUrlError(
          signal.aborted
            ? `url did not answer within ${this.timeoutMs} ms`
            : `url could not be reached (${errorReason(error)})`,
        );
      }
      const location = response.headers.location;
      if (response.statusCode >= 300 && response.statusCode < 400 && typeof location === 'string') {
        await response.body.dump().catch(() => {}); // a broken-off body is no more use than a dumped one
        if (redirects >= MAX_REDIRECTS) throw new UnreachableUrlError(`url redirects more than ${MAX_REDIRECTS} times`);
        url = await this.guard.check('url', new URL(location, url).toString());
        continue;
      }
      if (response.statusCode >= 300) {
        await response.body.dump().catch(() => {}); // a broken-off body is no more use than a dumped one
        throw new UnreachableUrlError(`url answered HTTP ${response.statusCode}`, response.statusCode);
      }
      const declared = Number(response.headers['content-length']);
      if (declared > this.maxBytes) {
        await response.body.dump().catch(() => {}); // a broken-off body is no more use than a dumped one
        throw new TooLargeError(`the page is larger than ${this.maxBytes} bytes`);
      }
      const bytes = await this.readCapped(response.body, signal);
      const type = response.headers['content-type'];
      return { url: url.toString(), bytes, mediaType: typeof type === 'string' ? type : null };
    }
  }

  private async readCapped(body: AsyncIterable<Buffer> & { destroy(): void }, signal: AbortSignal): Promise<Buffer> {
    const parts: Buffer[] = [];
    let size = 0;
    try {
      for await (const part of body) {
        size += part.length;
        if (size > this.maxBytes) {
          body.destroy();
          throw new TooLargeError(`the page is larger than ${this.maxBytes} bytes`);
        }
        parts.push(part);
      }
    } catch (error) {
      if (error instanceof TooLargeError) throw error;
      throw new UnreachableUrlError(
        signal.aborted
          ? `url did not answer within ${this.timeoutMs} ms`
          : `url broke off its answer (${errorReason(error)})`,
      );
    }
    return Buffer.concat(parts);
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}
