import { cappedLines, ReplyTooLargeError, readCapped, readCappedJson } from '../src/common/capped-read';

// The capped readers of other servers' answers (src/common/capped-read.ts); the services that use
// them are tested against real servers in openai-engine, plan-reader and e2e/knowledge.

/** A body arriving in these pieces, noting how many were asked for. */
function body(...pieces: (string | Uint8Array)[]): AsyncIterable<Uint8Array> & { pulled: number; closed: boolean } {
  const chunks = pieces.map((p) => (typeof p === 'string' ? Buffer.from(p) : p));
  const state = {
    pulled: 0,
    closed: false,
    async *[Symbol.asyncIterator]() {
      try {
        for (const chunk of chunks) {
          state.pulled += 1;
          yield chunk;
        }
      } finally {
        state.closed = true;
      }
    },
  };
  return state;
}

async function lines(source: AsyncIterable<Uint8Array>, max = 100, maxLine = 20): Promise<string[]> {
  const out: string[] = [];
  for await (const line of cappedLines(source, max, maxLine)) out.push(line);
  return out;
}

describe('readCapped', () => {
  it('reads a body up to its cap whole', async () => {
    expect((await readCapped(body('ab', 'cd'), 4)).toString()).toBe('abcd');
    expect(await readCappedJson(body('{"a":', '1}'), 10)).toEqual({ a: 1 });
  });

  it('stops at the first piece past the cap and closes the body', async () => {
    const source = body('abc', 'def', 'ghi', 'jkl');
    await expect(readCapped(source, 5)).rejects.toThrow(new ReplyTooLargeError(5, 'body'));
    expect(source.pulled).toBe(2);
    expect(source.closed).toBe(true);
  });
});

describe('cappedLines', () => {
  it('splits on LF and CRLF across pieces, keeps a last line without an end, and multi-byte characters whole', async () => {
    const euro = Buffer.from('€'); // three bytes, split across two pieces below
    expect(await lines(body('data: a\r\nda', 'ta: b\n\nx', euro.subarray(0, 1), euro.subarray(1), 'y'))).toEqual([
      'data: a',
      'data: b',
      '',
      'x€y',
    ]);
  });

  it('refuses a line past its cap before it is put together, and closes the body', async () => {
    const source = body('short\n', 'a'.repeat(15), 'a'.repeat(15), 'never read');
    await expect(lines(source)).rejects.toThrow('a line of the answer is longer than 20 bytes');
    expect(source.pulled).toBe(3);
    expect(source.closed).toBe(true);
  });

  it('refuses a line past its cap that ends in the same piece', async () => {
    await expect(lines(body(`${'a'.repeat(21)}\n`))).rejects.toThrow('a line of the answer is longer than 20 bytes');
  });

  it('refuses a body past its cap made of short lines', async () => {
    const source = body(...Array.from({ length: 50 }, () => 'line\n'));
    await expect(lines(source, 30)).rejects.toThrow(new ReplyTooLargeError(30, 'body'));
    expect(source.pulled).toBe(7);
    expect(source.closed).toBe(true);
  });

  it('closes the body when the reader stops early', async () => {
    const source = body('one\ntwo\n', 'three\n');
    for await (const line of cappedLines(source, 100, 20)) if (line === 'one') break;
    expect(source.closed).toBe(true);
  });
});
