/**
 * Reading what other servers answer (the language model, web pages) with a byte cap, so that a
 * server answering without end costs at most the cap in memory and in bytes read. Past the cap the
 * read stops and the body is closed: leaving a `for await` loop cancels a web stream (fetch) and
 * destroys a Node stream (undici's `request`), and either closes the connection, so the server
 * cannot go on filling buffers.
 */

/** A reply was longer than its cap: the whole body (`body`) or one line of it (`line`). */
export class ReplyTooLargeError extends Error {
  constructor(
    readonly limit: number,
    readonly part: 'body' | 'line',
  ) {
    super(
      part === 'body'
        ? `the answer is larger than ${limit} bytes`
        : `a line of the answer is longer than ${limit} bytes`,
    );
  }
}

/** The whole body in one buffer; throws ReplyTooLargeError as soon as it passes `maxBytes`. */
export async function readCapped(body: AsyncIterable<Uint8Array>, maxBytes: number): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const part of body) {
    size += part.length;
    if (size > maxBytes) throw new ReplyTooLargeError(maxBytes, 'body');
    parts.push(part);
  }
  return Buffer.concat(parts);
}

/** The body parsed as JSON, read with `readCapped`; a missing body is an empty one (a SyntaxError). */
export async function readCappedJson(body: AsyncIterable<Uint8Array> | null, maxBytes: number): Promise<unknown> {
  const bytes = body ? await readCapped(body, maxBytes) : Buffer.alloc(0);
  return JSON.parse(bytes.toString('utf8')) as unknown;
}

/**
 * The lines of a body (ended by LF or CRLF; the last one may have no end), decoded as UTF-8. Throws
 * ReplyTooLargeError when the body passes `maxBytes` in all or one line passes `maxLineBytes`,
 * counted before the line is put together, so an endless line holds no more than the cap.
 */
export async function* cappedLines(
  body: AsyncIterable<Uint8Array>,
  maxBytes: number,
  maxLineBytes: number,
): AsyncGenerator<string> {
  let total = 0;
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  const line = (last: Uint8Array): string => {
    const text = Buffer.concat([...pending, last]).toString('utf8');
    pending = [];
    pendingBytes = 0;
    return text.endsWith('\r') ? text.slice(0, -1) : text;
  };
  for await (const chunk of body) {
    total += chunk.length;
    if (total > maxBytes) throw new ReplyTooLargeError(maxBytes, 'body');
    let start = 0;
    // LF never occurs inside a multi-byte UTF-8 sequence, so splitting the bytes on it is safe.
    for (let end = chunk.indexOf(0x0a); end !== -1; end = chunk.indexOf(0x0a, start)) {
      if (pendingBytes + end - start > maxLineBytes) throw new ReplyTooLargeError(maxLineBytes, 'line');
      yield line(chunk.subarray(start, end));
      start = end + 1;
    }
    pendingBytes += chunk.length - start;
    if (pendingBytes > maxLineBytes) throw new ReplyTooLargeError(maxLineBytes, 'line');
    if (start < chunk.length) pending.push(chunk.subarray(start));
  }
  if (pendingBytes) yield line(new Uint8Array(0));
}
