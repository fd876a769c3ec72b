import { type Member, orgWithAdmin } from './helpers/fixtures';
import { docxBomb, manyPagesPdf, nestedHtml } from './helpers/hostile-files';
import { buildDocx } from './helpers/knowledge-files';
import { rowCounter } from './helpers/row-counts';
import { startTestApp, type TestApp } from './helpers/test-app';

// The document parse pool (parse-pool.ts, parse-worker.ts) and each of its limits, with low limits
// so that every refusal is quick: each answers 400 or 413 naming the limit's variable, a worker out
// of heap answers 413, a parse past its deadline 400, a full queue 503 with Retry-After, and
// nothing is stored for any of them.

let t: TestApp;
let admin: Member;

const LIMITS = {
  KNOWLEDGE_MAX_INFLATED_BYTES: String(2 * 1024 * 1024),
  KNOWLEDGE_MAX_COMPRESSION_RATIO: '50',
  KNOWLEDGE_MAX_PDF_PAGES: '20',
  KNOWLEDGE_MAX_DEPTH: '300',
  KNOWLEDGE_MAX_ROWS: '1000',
  KNOWLEDGE_MAX_TEXT_BYTES: '100000',
  KNOWLEDGE_PARSE_TIMEOUT_MS: '2000',
  KNOWLEDGE_PARSE_MEMORY_MB: '64',
  KNOWLEDGE_PARSE_CONCURRENCY: '1',
};

beforeAll(async () => {
  // The deadline is tested on a second service below; this one's is long, as on a busy machine
  // (the suite runs files in parallel) the huge DOM below had not filled its 64 MB heap within 2 s
  // and met the deadline first (400 instead of 413), which says nothing about the heap limit.
  t = await startTestApp({ ...LIMITS, KNOWLEDGE_PARSE_TIMEOUT_MS: '30000' });
  ({ admin } = await orgWithAdmin(t, 'Parse Limits Org'));
});

afterAll(async () => {
  await t?.close();
});

function uploadTo(app: TestApp, member: Member, bytes: Buffer, filename: string, type: string) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), filename);
  return app.api.request<string>('POST', '/api/v1/agent/add-file-knowledge', { token: member.token, form });
}

const upload = (bytes: Buffer, filename: string, type: string) => uploadTo(t, admin, bytes, filename, type);

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('limits of one parse', () => {
  it.each<[string, () => Promise<Buffer> | Buffer, string, string, number, RegExp]>([
    [
      'declared inflated size',
      () => docxBomb(3),
      'a.docx',
      DOCX,
      413,
      /^file inflates to more than 2097152 bytes \(the limit, KNOWLEDGE_MAX_INFLATED_BYTES\)$/,
    ],
    [
      'compression ratio',
      () => docxBomb(2, 1_500_000),
      'a.docx',
      DOCX,
      413,
      /compressed more than 50 times \(the limit, KNOWLEDGE_MAX_COMPRESSION_RATIO\)$/,
    ],
    [
      'declared sizes that lie',
      () => docxBomb(1, 1_000),
      'a.docx',
      DOCX,
      413,
      /inflates to more than its declared 1000 bytes \(KNOWLEDGE_MAX_INFLATED_BYTES\)$/,
    ],
    [
      'PDF pages',
      () => manyPagesPdf(25),
      'a.pdf',
      'application/pdf',
      413,
      /^file has more than 20 pages \(the limit, KNOWLEDGE_MAX_PDF_PAGES\)$/,
    ],
    [
      'HTML depth',
      () => nestedHtml(301),
      'a.html',
      'text/html',
      400,
      /^file \(HTML\) is nested more than 300 levels deep \(the limit, KNOWLEDGE_MAX_DEPTH\)$/,
    ],
    [
      'JSON depth',
      () => Buffer.from(`${'{"a":'.repeat(301)}1${'}'.repeat(301)}`),
      'a.json',
      'application/json',
      400,
      /^file \(JSON\) is nested more than 300 levels deep \(the limit, KNOWLEDGE_MAX_DEPTH\)$/,
    ],
    [
      'CSV rows',
      () => Buffer.from(`name\n${'x\n'.repeat(1_001)}`),
      'a.csv',
      'text/csv',
      413,
      /^file has more than 1000 rows \(the limit, KNOWLEDGE_MAX_ROWS\)$/,
    ],
    [
      'extracted text',
      () => Buffer.from('word '.repeat(25_000)),
      'a.txt',
      'text/plain',
      413,
      /^file yields more than 100000 bytes of text \(the limit, KNOWLEDGE_MAX_TEXT_BYTES\)$/,
    ],
    [
      'text of a CSV',
      () => Buffer.from(`name\n${`${'y'.repeat(200)}\n`.repeat(900)}`),
      'a.csv',
      'text/csv',
      413,
      /KNOWLEDGE_MAX_TEXT_BYTES/,
    ],
  ])(
    'refuses a document past the %s, naming the limit, and stores nothing',
    async (_limit, build, filename, type, status, message) => {
      const counts = await rowCounter(t);
      const before = await counts();
      const res = await upload(await build(), filename, type);
      expect({ status: res.status, body: res.body }).toEqual({ status, body: expect.stringMatching(message) });
      expect(await counts()).toEqual(before);
    },
  );

  it('reads documents within the limits (the nesting just below, a real DOCX past the central directory check)', async () => {
    expect((await upload(nestedHtml(298), 'ok.html', 'text/html')).status).toBe(200);
    expect(
      (await upload(Buffer.from(`${'['.repeat(300)}"deep enough"${']'.repeat(300)}`), 'ok.json', 'application/json'))
        .status,
    ).toBe(200);
    expect(
      (await upload(await buildDocx('Within Limits', ['A paragraph of an ordinary document.']), 'ok.docx', DOCX))
        .status,
    ).toBe(200);
    expect((await upload(await manyPagesPdf(20), 'ok.pdf', 'application/pdf')).status).toBe(400); // 20 empty pages: no text, but read
  });

  it('answers deep JSON through GraphQL multipart with 400 too', async () => {
    const form = new FormData();
    form.append(
      'operations',
      JSON.stringify({
        query: 'mutation ($file: Upload!) { addFileKnowledge(file: $file) { success } }',
        variables: { file: null },
      }),
    );
    form.append('map', JSON.stringify({ 0: ['variables.file'] }));
    form.append(
      '0',
      new Blob([`${'['.repeat(50_000)}${']'.repeat(50_000)}`], { type: 'application/json' }),
      'deep.json',
    );
    const res = await t.api.request<{ errors: { message: string; extensions: { code: string } }[] }>(
      'POST',
      '/graphql',
      { token: admin.token, form, headers: { 'apollo-require-preflight': 'true' } },
    );
    expect({ status: res.status, error: res.body.errors[0].message, code: res.body.errors[0].extensions.code }).toEqual(
      {
        status: 400,
        error: 'file (JSON) is nested more than 300 levels deep (the limit, KNOWLEDGE_MAX_DEPTH)',
        code: 'BAD_USER_INPUT',
      },
    );
  });
});

describe('the worker pool', () => {
  // The deadline and the queue are tested on a second service whose parse heap is roomy: the slow
  // document below needs about 64 MB on some machines, and on the first service it then met the
  // heap limit before the deadline (413 instead of 400), which says nothing about the deadline.
  let roomy: TestApp;
  let roomyAdmin: Member;
  beforeAll(async () => {
    roomy = await startTestApp({ ...LIMITS, KNOWLEDGE_PARSE_MEMORY_MB: '512' });
    ({ admin: roomyAdmin } = await orgWithAdmin(roomy, 'Roomy Parse Org'));
  });
  afterAll(async () => {
    await roomy?.close();
  });
  const uploadRoomy = (bytes: Buffer, filename: string, type: string) =>
    uploadTo(roomy, roomyAdmin, bytes, filename, type);

  // 290-deep nests, 120 of them: within the depth limit, but Readability needs far longer than
  // the 2 s deadline for them, on an idle machine too (250-deep ones against a 4 s deadline
  // sometimes finished within it and answered 200).
  const slowHtml = () =>
    Buffer.from(
      `<html><body>${`${'<div>'.repeat(290)}<p>text here</p>${'</div>'.repeat(290)}`.repeat(120)}</body></html>`,
    );
  // 160,000 elements: a DOM far larger than a 64 MB heap.
  const hugeDom = () =>
    Buffer.from(
      `<html><body>${`${'<div>'.repeat(39)}<p>text here</p>${'</div>'.repeat(39)}`.repeat(4_000)}</body></html>`,
    );

  it('ends a parse at its deadline with 400 naming KNOWLEDGE_PARSE_TIMEOUT_MS, and the next parse runs', async () => {
    const began = Date.now();
    const res = await uploadRoomy(slowHtml(), 'slow.html', 'text/html');
    expect({ status: res.status, body: res.body }).toEqual({
      status: 400,
      body: 'file could not be read within 2000 ms (the limit, KNOWLEDGE_PARSE_TIMEOUT_MS)',
    });
    expect(Date.now() - began).toBeLessThan(6_000);
    expect(
      (await uploadRoomy(Buffer.from('After the timeout, the pool still reads.'), 'after.txt', 'text/plain')).status,
    ).toBe(200);
  });

  it('ends a parse that runs out of heap with 413 naming KNOWLEDGE_PARSE_MEMORY_MB, and the next parse runs', async () => {
    const res = await upload(hugeDom(), 'huge.html', 'text/html');
    expect({ status: res.status, body: res.body }).toEqual({
      status: 413,
      body: 'file needs more than 64 MB of memory to read (the limit, KNOWLEDGE_PARSE_MEMORY_MB)',
    });
    expect(
      (await upload(Buffer.from('After running out of memory, the pool still reads.'), 'after.txt', 'text/plain'))
        .status,
    ).toBe(200);
  });

  it('queues parses beyond KNOWLEDGE_PARSE_CONCURRENCY and refuses with 503 and Retry-After when the queue is full', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => uploadRoomy(slowHtml(), `slow-${i}.html`, 'text/html')),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toContain(503);
    expect(statuses.every((status) => status === 400 || status === 503)).toBe(true);
    const busy = answers.find((res) => res.status === 503)!;
    expect(busy.headers.get('retry-after')).toBe('5');
    expect(busy.body).toMatch(/KNOWLEDGE_PARSE_CONCURRENCY/);
  }, 120_000);
});
