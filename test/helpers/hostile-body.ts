import type { ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// Answers of hostile servers (a model server, a webhook receiver, a web page) for the tests of the
// service's caps and deadlines: bodies far larger than any cap, bodies sent a byte at a time, and
// compressed bodies that inflate to far more than they weigh. Each reports what it managed to
// send before the service stopped reading, so a test can show the service stopped near its cap.

/** What a hostile answer sent: bytes accepted by the socket, and whether it got to the end. */
export interface Sent {
  bytes: number;
  finished: boolean;
}

/**
 * Writes `total` bytes made of `piece` repeated (after `head`, before `tail`), honouring
 * backpressure, so that what is counted is what the client's socket took; stops when the client
 * closes the connection. Resolves once the body is finished or cut off.
 */
export function pour(res: ServerResponse, total: number, piece: string, head = '', tail = ''): Promise<Sent> {
  const chunk = Buffer.from(piece.repeat(Math.max(1, Math.floor(65_536 / piece.length))));
  return new Promise((resolve) => {
    let bytes = 0;
    let closed = false;
    res.on('close', () => {
      closed = true;
      resolve({ bytes, finished: res.writableFinished });
    });
    const write = (data: Buffer | string): boolean => {
      bytes += Buffer.byteLength(data);
      return res.write(data);
    };
    if (head) write(head);
    const more = (): void => {
      while (!closed && bytes < total) if (!write(chunk)) return void res.once('drain', more);
      if (!closed) res.end(tail);
    };
    more();
  });
}

/** Writes `body` one byte every `everyMs` until it is all sent or the client closes the connection. */
export function drip(res: ServerResponse, body: string, everyMs: number): Promise<Sent> {
  return new Promise((resolve) => {
    let bytes = 0;
    const timer = setInterval(() => {
      if (bytes >= body.length) {
        clearInterval(timer);
        res.end();
        return;
      }
      res.write(body[bytes]);
      bytes += 1;
    }, everyMs);
    res.on('close', () => {
      clearInterval(timer);
      resolve({ bytes, finished: res.writableFinished });
    });
  });
}

/** Sends a small body whole (a compressed bomb weighs little); resolves once the connection closes. */
export function sendWhole(res: ServerResponse, body: Buffer): Promise<Sent> {
  return new Promise((resolve) => {
    res.on('close', () => resolve({ bytes: body.length, finished: res.writableFinished }));
    res.end(body);
  });
}

/** `head`, `inflated` bytes of one repeated letter and `tail`, gzip-compressed: a decompression bomb of a JSON or text body. */
export function gzipBomb(inflated: number, head = '', tail = ''): Buffer {
  return gzipSync(Buffer.concat([Buffer.from(head), Buffer.alloc(inflated, 'a'), Buffer.from(tail)]), { level: 9 });
}

/** The same bomb in Brotli (a quality that compresses a repeated letter as well, and quickly). */
export function brotliBomb(inflated: number): Buffer {
  return brotliCompressSync(Buffer.alloc(inflated, 'a'), { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
}

export const MiB = 1024 * 1024;
