import { randomUUID } from 'node:crypto';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { AgentAnswer } from '../helpers/agent';
import { type AccountMember, member } from '../helpers/directory';
import { type Member, type OrgRecord, orgWithAdmin } from '../helpers/fixtures';
import { brotliBomb, gzipBomb, MiB } from '../helpers/hostile-body';
import { buildDocx, buildPdf, PageServer } from '../helpers/knowledge-files';
import { startTestApp, type TestApp } from '../helpers/test-app';

// The knowledge routes (POST /agent/add-file-knowledge, /agent/add-url-knowledge) and their
// companions (GET /agent/knowledge, GET and DELETE /agent/knowledge/{id}), over HTTP against the real
// service, and answers drawn from what was learnt.
// The main instance allows private URLs because the test's pages are served on loopback; the
// refusal of private addresses runs against a second instance with the default setting.

interface KnowledgeRecord {
  id: string;
  name: string;
  type: string;
  url: string | null;
  mediaType: string;
  size: number;
  chunks: number;
  createdBy: string | null;
  createdAt: string;
  organization: string;
}

/** Where a document's original is downloaded: its own path with ?download=1 (REST shows no downloadUrl key). */
const downloadOf = (document: { id: string }) => `/api/v1/agent/knowledge/${document.id}?download=1`;

const LIMIT = 300_000;
const FETCH_TIMEOUT_MS = 3000;

let t: TestApp;
let site: PageServer;
let org: OrgRecord;
let admin: Member;
let employee: AccountMember;
let stranger: Member;

beforeAll(async () => {
  site = await new PageServer().start();
  t = await startTestApp({
    ALLOW_PRIVATE_URLS: 'true',
    KNOWLEDGE_MAX_BYTES: String(LIMIT),
    KNOWLEDGE_FETCH_TIMEOUT_MS: String(FETCH_TIMEOUT_MS),
  });
  ({ org, admin } = await orgWithAdmin(t, 'Knowledge Org'));
  employee = await member(t, org, admin);
  ({ admin: stranger } = await orgWithAdmin(t, 'Other Knowledge Org'));
});

afterAll(async () => {
  await t.close();
  await site.close();
});

function expectError(res: { status: number; body: unknown }, status: number, message: string | RegExp): void {
  expect({ status: res.status, body: res.body }).toEqual({
    status,
    body: typeof message === 'string' ? message : expect.stringMatching(message),
  });
}

function upload(bytes: Buffer | string, filename: string, type: string, token = admin.token, part = 'file') {
  const form = new FormData();
  form.append(part, new Blob([bytes], { type }), filename);
  return t.api.request<AgentAnswer>('POST', '/api/v1/agent/add-file-knowledge', { token, form });
}

const addUrl = (url: string, token = admin.token) =>
  t.api.request<AgentAnswer>('POST', '/api/v1/agent/add-url-knowledge', {
    token,
    raw: { body: url, type: 'text/plain' },
  });
const documents = async (token = admin.token) =>
  (await t.api.get<KnowledgeRecord[]>('/api/v1/agent/knowledge', token)).body;
const ask = async (question: string, token = employee.token) =>
  (await t.api.post<AgentAnswer>('/api/v1/agent/ask', { question }, token)).body;

describe('POST /api/v1/agent/add-file-knowledge', () => {
  it.each([
    [
      'travel.pdf',
      'application/pdf',
      () => buildPdf('Travel Policy', ['Travel Policy', 'The travel budget is 1200 euros per trip.']),
      'Travel Policy',
      'What is the travel budget?',
      /1200 euros per trip/,
    ],
    [
      'leave.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      () => buildDocx('Parental Leave', ['Parental leave lasts sixteen weeks at full pay.']),
      'Parental Leave',
      'How long is parental leave?',
      /sixteen weeks at full pay/,
    ],
    [
      'onboarding.md',
      'text/markdown',
      async () =>
        Buffer.from('# Onboarding Guide\n\n## Laptops\n\nNew hires collect their laptop from the Lisbon helpdesk.\n'),
      'Onboarding Guide',
      'Where do new hires collect their laptop?',
      /Lisbon helpdesk/,
    ],
    [
      'canteen.txt',
      'text/plain',
      async () => Buffer.from('The canteen serves vegan lasagne every Thursday.'),
      'canteen.txt',
      'When is vegan lasagne served?',
      /every Thursday/,
    ],
    [
      'wiki.html',
      'text/html',
      async () =>
        Buffer.from(
          '<html><head><title>Parking Rules</title></head><body><nav>Home | About</nav><article><h1>Parking Rules</h1><p>Visitors park on level minus two of the garage, next to the bicycle racks, and register at the front desk when they arrive.</p></article></body></html>',
        ),
      'Parking Rules',
      'Where do visitors park?',
      /level minus two/,
    ],
    [
      'rooms.csv',
      'text/csv',
      async () => Buffer.from('room,floor,seats\nAurora,7,12\n"Borealis, large",3,40\n'),
      'rooms.csv',
      'How many seats does Borealis have?',
      /room: Borealis, large; floor: 3; seats: 40/,
    ],
    [
      'holidays.json',
      'application/json',
      async () => Buffer.from(JSON.stringify({ holidays: { founders_day: '2026-03-14' } })),
      'holidays.json',
      'When is founders day?',
      /holidays\.founders_day: 2026-03-14/,
    ],
  ])('learns %s (%s) and answers from it, citing it', async (filename, type, build, title, question, fact) => {
    const bytes = await build();
    const res = await upload(bytes, filename, type);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, agent: { name: 'Sage' }, confirming: false });
    expect(res.body.reply).toMatch(
      new RegExp(`^I learnt “${title.replace(/\./g, '\\.')}” \\([\\d.]+ (bytes|KB), \\d+ chunks?\\)\\.$`),
    );
    const stored = (await documents()).find((d) => d.name === title)!;
    expect(stored).toMatchObject({
      type: 'document',
      url: null,
      mediaType: type,
      size: bytes.length,
      organization: org.id,
    });
    expect(res.body.sources).toEqual([{ name: title, type: 'document', url: `/api/v1/agent/knowledge/${stored.id}` }]);
    const answer = await ask(question);
    expect(answer.reply).toMatch(fact);
    expect(answer.sources).toContainEqual({
      name: title,
      type: 'document',
      url: `/api/v1/agent/knowledge/${stored.id}`,
    });
    // The citation opens, for the employee who was answered too: the document and its text.
    const cited = await t.api.get<KnowledgeRecord & { text: string }>(
      `/api/v1/agent/knowledge/${stored.id}`,
      employee.token,
    );
    expect(cited.status).toBe(200);
    expect(cited.body).toEqual({ ...stored, text: expect.stringMatching(fact) });
  });

  it('splits a long document into overlapping chunks along its sections', async () => {
    const section = (n: number) =>
      `## Chapter ${n}\n\n${Array.from({ length: 12 }, (_, i) => `Sentence ${i} of chapter ${n} explains the expense rules in some detail.`).join(' ')}`;
    const res = await upload(
      Buffer.from(`# Expense Handbook\n\n${[1, 2, 3].map(section).join('\n\n')}`),
      'handbook.md',
      'text/markdown',
    );
    expect(res.status).toBe(200);
    const stored = (await documents()).find((d) => d.name === 'Expense Handbook')!;
    expect(stored.chunks).toBeGreaterThanOrEqual(3);
  });

  it('refuses what it cannot read with 400 and stores nothing', async () => {
    const before = (await documents()).length;
    expectError(
      await upload(Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'logo.png', 'image/png'),
      400,
      'file must be plain text, Markdown, HTML, PDF, DOCX, CSV or JSON (got image/png, logo.png)',
    );
    expectError(
      await upload(Buffer.from('not a pdf at all'), 'broken.pdf', 'application/pdf'),
      400,
      'file is not a readable PDF',
    );
    expectError(
      await upload(
        Buffer.from('not a zip'),
        'broken.docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ),
      400,
      'file is not a readable DOCX document',
    );
    expectError(
      await upload(Buffer.from('{"a":'), 'broken.json', 'application/json'),
      400,
      'file is not readable as JSON',
    );
    expectError(
      await upload(Buffer.from([0xff, 0xfe, 0x00, 0x41]), 'binary.txt', 'text/plain'),
      400,
      'file is not readable as text (UTF-8 text expected)',
    );
    expectError(
      await upload(Buffer.from('   \n\n  '), 'empty.txt', 'text/plain'),
      400,
      'file has no text to learn from',
    );
    expectError(
      await upload(Buffer.from('hello'), 'x.txt', 'text/plain', admin.token, 'document'),
      400,
      'file is required: send the file as the multipart/form-data part "file"',
    );
    expectError(
      await t.api.post('/api/v1/agent/add-file-knowledge', { file: 'hello' }, admin.token),
      400,
      'request must be multipart/form-data with the file in the part "file"',
    );
    expect(await documents()).toHaveLength(before);
  });

  it('answers 413 beyond KNOWLEDGE_MAX_BYTES and stores nothing', async () => {
    const before = (await documents()).length;
    expectError(
      await upload(Buffer.alloc(LIMIT + 1, 'a'), 'huge.txt', 'text/plain'),
      413,
      `file is larger than ${LIMIT} bytes`,
    );
    expect(await documents()).toHaveLength(before);
  });

  it('is for administrators: 401 without a token, 403 for an employee', async () => {
    expectError(await upload(Buffer.from('x'), 'x.txt', 'text/plain', ''), 401, 'authentication required');
    expectError(
      await upload(Buffer.from('x'), 'x.txt', 'text/plain', employee.token),
      403,
      'requires the ORG_ADMIN role in this organization',
    );
  });
});

describe('POST /api/v1/agent/add-url-knowledge', () => {
  it('learns a web page’s readable text with its title, keeps the URL as the source, and answers from it', async () => {
    site.pages.set('/wellbeing', {
      type: 'text/html; charset=utf-8',
      body: '<html><head><title>Wellbeing Budget</title></head><body><header>Menu</header><article><h1>Wellbeing Budget</h1><p>Every employee may claim a yearly wellbeing budget of 450 euros for gym or yoga classes.</p><p>Claims go through the expenses tool before December.</p></article><footer>Copyright</footer></body></html>',
    });
    const url = `${site.url}/wellbeing`;
    const res = await addUrl(url);
    expect(res.status).toBe(200);
    expect(res.body.reply).toMatch(/^I learnt “Wellbeing Budget” \(/);
    expect(res.body.sources).toEqual([{ name: 'Wellbeing Budget', type: 'url', url }]);
    const answer = await ask('How much is the yearly wellbeing budget?');
    expect(answer.reply).toMatch(/450 euros/);
    expect(answer.reply).not.toMatch(/Copyright|Menu/);
    expect(answer.sources).toContainEqual({ name: 'Wellbeing Budget', type: 'url', url });
  });

  it('replaces what it learnt from a URL when the same URL is added again', async () => {
    const url = `${site.url}/office-hours`;
    site.pages.set('/office-hours', { type: 'text/plain', body: 'The office opens at seven thirty.' });
    await addUrl(url);
    site.pages.set('/office-hours', { type: 'text/plain', body: 'The office opens at nine sharp.' });
    expect((await addUrl(url)).status).toBe(200);
    expect((await documents()).filter((d) => d.url === url)).toHaveLength(1);
    const answer = await ask('When does the office open?');
    expect(answer.reply).toMatch(/nine sharp/);
    expect(answer.reply).not.toMatch(/seven thirty/);
  });

  it('learns PDFs and follows redirects', async () => {
    site.pages.set('/files/security.pdf', {
      type: 'application/pdf',
      body: await buildPdf('Security Rules', ['Badges must be worn visibly on the premises.']),
    });
    site.pages.set('/go', { status: 302, location: '/files/security.pdf' });
    const res = await addUrl(`${site.url}/go`);
    expect(res.status).toBe(200);
    expect(res.body.sources).toEqual([{ name: 'Security Rules', type: 'url', url: `${site.url}/files/security.pdf` }]);
  });

  it('refuses bad input and unreachable pages with a clear error, storing nothing', async () => {
    const before = (await documents()).length;
    expectError(await addUrl('not a uri'), 400, 'url must be an absolute http(s) URL');
    expectError(await addUrl('ftp://example.com/file'), 400, 'url must be an absolute http(s) URL');
    expectError(await addUrl('  '), 400, 'url is required: send the URI as the text/plain body');
    expectError(
      await t.api.post('/api/v1/agent/add-url-knowledge', { url: site.url }, admin.token),
      400,
      'url is required: send it as the text/plain body',
    );
    expectError(await addUrl(`${site.url}/nowhere`), 404, 'url answered HTTP 404');
    site.pages.set('/broken', { status: 500, type: 'text/plain', body: 'oops' });
    expectError(await addUrl(`${site.url}/broken`), 502, 'url answered HTTP 500');
    const closed = await new PageServer().start();
    await closed.close();
    expectError(await addUrl(`${closed.url}/page`), 502, /^url could not be reached \(ECONNREFUSED\)$/);
    site.pages.set('/big', { type: 'text/plain', body: 'b'.repeat(LIMIT + 1) });
    expectError(await addUrl(`${site.url}/big`), 413, `the page is larger than ${LIMIT} bytes`);
    site.pages.set('/image', { type: 'image/png', body: Buffer.from([0x89, 0x50]) });
    expectError(
      await addUrl(`${site.url}/image`),
      400,
      'the page must be plain text, Markdown, HTML, PDF, DOCX, CSV or JSON (got image/png, image)',
    );
    expect(await documents()).toHaveLength(before);
  });

  it('is for administrators: 401 without a token, 403 for an employee', async () => {
    expectError(await addUrl(site.url, ''), 401, 'authentication required');
    expectError(await addUrl(site.url, employee.token), 403, 'requires the ORG_ADMIN role in this organization');
  });
});

// Pages of servers that mean harm: each costs at most KNOWLEDGE_MAX_BYTES (counted after
// decompression) and KNOWLEDGE_FETCH_TIMEOUT_MS in all, whatever the server does.
describe('pages past the caps and the deadline', () => {
  it('follows at most 5 redirects: a chain of 10 is refused, its sixth hop never asked for', async () => {
    for (let i = 0; i < 10; i++) site.pages.set(`/hop-${i}`, { status: 302, location: `/hop-${i + 1}` });
    site.pages.set('/hop-10', { type: 'text/plain', body: 'The end of the chain.' });
    const before = await documents();
    expectError(await addUrl(`${site.url}/hop-0`), 502, 'url redirects more than 5 times');
    expect(site.requested.filter((p) => p.startsWith('/hop-'))).toEqual([0, 1, 2, 3, 4, 5].map((i) => `/hop-${i}`));
    expect(await documents()).toEqual(before);
  });

  it('refuses a chunked page without a length at KNOWLEDGE_MAX_BYTES (413), closing the connection', async () => {
    site.pages.set('/endless', { type: 'text/plain', bodyBytes: 64 * MiB });
    const sent = site.sent.length;
    expectError(await addUrl(`${site.url}/endless`), 413, `the page is larger than ${LIMIT} bytes`);
    const poured = await site.sent[sent];
    expect(poured.finished).toBe(false);
    expect(poured.bytes).toBeLessThan(16 * MiB);
  });

  it.each([
    ['gzip', gzipBomb],
    ['br', brotliBomb],
  ])(
    'counts the inflated bytes of a %s page: a decompression bomb is refused at the cap (413)',
    async (encoding, bomb) => {
      const body = bomb(16 * MiB);
      expect(body.length).toBeLessThan(LIMIT / 2);
      site.pages.set(`/bomb-${encoding}`, { type: 'text/plain', encoding, body });
      expectError(await addUrl(`${site.url}/bomb-${encoding}`), 413, `the page is larger than ${LIMIT} bytes`);
    },
  );

  it.each([
    ['gzip', gzipSync],
    ['br', brotliCompressSync],
  ])('reads a %s-compressed page as its text', async (encoding, compress) => {
    const text = `The visitor wifi password changes every Monday (${encoding}).`;
    site.pages.set(`/wifi-${encoding}`, { type: 'text/plain', encoding, body: compress(Buffer.from(text)) });
    const res = await addUrl(`${site.url}/wifi-${encoding}`);
    expect(res.status).toBe(200);
    const [learnt] = (await documents()).filter((d) => d.url === `${site.url}/wifi-${encoding}`);
    expect((await t.api.get(downloadOf(learnt), admin.token)).text).toContain(text);
  });

  it.each(['zstd', 'constructor'])(
    'refuses a content-encoding it cannot read (%s): 502, storing nothing',
    async (encoding) => {
      site.pages.set(`/coded-${encoding}`, {
        type: 'text/plain',
        encoding,
        body: Buffer.from([0x28, 0xb5, 0x2f, 0xfd]),
      });
      const before = await documents();
      expectError(
        await addUrl(`${site.url}/coded-${encoding}`),
        502,
        `url answered in a content-encoding that cannot be read (${encoding})`,
      );
      expect(await documents()).toEqual(before);
    },
  );

  it('ends a page sent a byte at a time at KNOWLEDGE_FETCH_TIMEOUT_MS, though bytes keep coming', async () => {
    site.pages.set('/drip', { type: 'text/plain', body: 'Slow words. '.repeat(100), dripMs: 100 });
    const sent = site.sent.length;
    const started = Date.now();
    expectError(await addUrl(`${site.url}/drip`), 502, `url did not answer within ${FETCH_TIMEOUT_MS} ms`);
    expect(Date.now() - started).toBeLessThan(FETCH_TIMEOUT_MS + 3000);
    const dripped = await site.sent[sent];
    expect(dripped.finished).toBe(false);
    expect(dripped.bytes).toBeGreaterThanOrEqual(10);
  });
});

describe('knowledge documents: list and delete', () => {
  it('lists the organization’s documents only, and deletes one with what was learnt from it', async () => {
    const res = await upload(Buffer.from('The secret handshake involves three taps.'), 'handshake.txt', 'text/plain');
    const id = (await documents()).find((d) => d.name === 'handshake.txt')!.id;
    expect(res.status).toBe(200);
    expect(await documents(stranger.token)).toEqual([]);
    expectError(
      await t.api.delete(`/api/v1/agent/knowledge/${id}`, stranger.token),
      404,
      'knowledge document not found',
    );
    expectError(
      await t.api.delete(`/api/v1/agent/knowledge/${id}`, employee.token),
      403,
      'requires the ORG_ADMIN role in this organization',
    );
    expectError(
      await t.api.get('/api/v1/agent/knowledge', employee.token),
      403,
      'requires the ORG_ADMIN role in this organization',
    );
    expect((await ask('How does the secret handshake go?')).reply).toMatch(/three taps/);
    const deleted = await t.api.delete(`/api/v1/agent/knowledge/${id}`, admin.token);
    expect(deleted.status).toBe(200);
    expect(deleted.text).toBe('');
    expect((await documents()).map((d) => d.id)).not.toContain(id);
    // What was learnt from it is gone: declined (at most other documents offered, unsure), never the answer.
    const forgotten = await ask('How does the secret handshake go?');
    expect(forgotten.reply).toMatch(/^(?:I don’t know|I’m not sure\. These passages may help:)/);
    expect(forgotten.reply).not.toMatch(/three taps/);
    expectError(
      await t.api.delete(`/api/v1/agent/knowledge/${randomUUID()}`, admin.token),
      404,
      'knowledge document not found',
    );
    expectError(await t.api.delete('/api/v1/agent/knowledge/nope', admin.token), 400, 'id must be a UUID');
  });

  it('reads one document with its passages in order: 404 elsewhere and once deleted, 400 on a bad id, 401 without a token', async () => {
    const text = [
      '# Bike Scheme',
      '## Joining',
      'Join the bike scheme in the benefits portal.',
      '## Repairs',
      'Repairs are free at the Lisbon office workshop.',
    ].join('\n\n');
    expect((await upload(Buffer.from(text), 'bikes.md', 'text/markdown')).status).toBe(200);
    const id = (await documents()).find((d) => d.name === 'Bike Scheme')!.id;
    const read = await t.api.get<{ text: string; name: string }>(`/api/v1/agent/knowledge/${id}`, employee.token);
    expect(read.status).toBe(200);
    expect(read.body.name).toBe('Bike Scheme');
    expect(read.body.text.indexOf('benefits portal')).toBeLessThan(read.body.text.indexOf('Lisbon office workshop'));
    expectError(await t.api.get(`/api/v1/agent/knowledge/${id}`, stranger.token), 404, 'knowledge document not found');
    expectError(await t.api.get(`/api/v1/agent/knowledge/${id}`), 401, 'authentication required');
    expectError(await t.api.get('/api/v1/agent/knowledge/nope', employee.token), 400, 'id must be a UUID');
    const graphql = await t.api.post<{ data: { knowledgeDocument: { name: string; text: string } } }>(
      '/graphql',
      { query: `{ knowledgeDocument(id: "${id}") { name text } }` },
      employee.token,
    );
    expect(graphql.body.data.knowledgeDocument).toEqual({ name: 'Bike Scheme', text: read.body.text });
    expect((await t.api.delete(`/api/v1/agent/knowledge/${id}`, admin.token)).status).toBe(200);
    expectError(await t.api.get(`/api/v1/agent/knowledge/${id}`, admin.token), 404, 'knowledge document not found');
  });
});

describe('GET /api/v1/agent/knowledge/{id}?download=1', () => {
  // Non-ASCII in three scripts, and a binary file type: the name and the bytes must arrive intact.
  const FILENAME = 'Política de férias – 2026 年.pdf';

  /** The raw answer of a GET: status, headers and the body's bytes. */
  async function fetchBytes(path: string, token?: string) {
    const response = await fetch(`${t.app.url}${path}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  it('opens the citation of an answer drawn from an uploaded file, and downloads the file as it was uploaded', async () => {
    const bytes = await buildPdf('Sabbatical Policy', [
      'Sabbatical Policy',
      'A sabbatical of three months is granted after seven years of service.',
    ]);
    expect((await upload(bytes, FILENAME, 'application/pdf')).status).toBe(200);
    const answer = await ask('How long is a sabbatical?');
    expect(answer.reply).toMatch(/three months/);
    const citation = answer.sources.find((source) => source.name === 'Sabbatical Policy')!;
    expect(citation).toEqual({
      name: 'Sabbatical Policy',
      type: 'document',
      url: expect.stringMatching(/^\/api\/v1\/agent\/knowledge\/[0-9a-f-]{36}$/),
    });

    const cited = await t.api.get<KnowledgeRecord & { text: string }>(citation.url, employee.token);
    expect(cited.status).toBe(200);
    expect(cited.body).toMatchObject({
      id: citation.url.split('/').pop(),
      name: 'Sabbatical Policy',
      type: 'document',
      url: null,
      mediaType: 'application/pdf',
      size: bytes.length,
      text: expect.stringMatching(/three months is granted after seven years/),
    });

    expect(Object.keys(cited.body)).not.toContain('downloadUrl');
    const download = await fetchBytes(downloadOf(cited.body), employee.token);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="Pol_tica de f_rias _ 2026 _.pdf"; filename*=UTF-8''${encodeURIComponent(FILENAME)}`,
    );
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.compare(download.bytes, bytes)).toBe(0);
    expect(Buffer.compare((await fetchBytes(`${citation.url}?download=true`, admin.token)).bytes, bytes)).toBe(0);

    // Without download (or with download=0) the route answers the JSON record as before.
    const json = await t.api.get(`${citation.url}?download=0`, employee.token);
    expect({ status: json.status, type: json.headers.get('content-type'), text: json.text }).toEqual({
      status: 200,
      type: 'application/json; charset=utf-8',
      text: cited.text,
    });

    // GraphQL names the same download.
    const graphql = await t.api.graphql<{
      knowledgeDocument: { downloadUrl: string; mediaType: string; size: number };
    }>(
      'query ($id: UUID!) { knowledgeDocument(id: $id) { downloadUrl mediaType size } }',
      { id: cited.body.id },
      employee.token,
    );
    expect(graphql.data?.knowledgeDocument).toEqual({
      downloadUrl: downloadOf(cited.body),
      mediaType: 'application/pdf',
      size: bytes.length,
    });
  });

  it('is described in the OpenAPI document, beside the JSON record', async () => {
    const spec = await t.api.get<{
      paths: Record<string, Record<string, { parameters: { name: string; in: string }[]; responses: unknown }>>;
    }>('/api/v1/openapi.json');
    const operation = spec.body.paths['/api/v1/agent/knowledge/{id}'].get;
    expect(operation.parameters.map((p) => [p.name, p.in])).toEqual([
      ['id', 'path'],
      ['download', 'query'],
    ]);
    expect(operation.responses).toMatchObject({
      200: {
        content: {
          'application/json': { schema: { $ref: '#/components/schemas/KnowledgeDocumentText' } },
          '*/*': { schema: { type: 'string', format: 'binary' } },
        },
      },
    });
  });

  it('answers a URL’s text as text/plain, not the page or a redirect to it', async () => {
    site.pages.set('/lockers', {
      type: 'text/html; charset=utf-8',
      body: '<html><head><title>Locker Rules</title></head><body><article><h1>Locker Rules</h1><p>Lockers on the ground floor are emptied every Friday evening.</p></article></body></html>',
    });
    expect((await addUrl(`${site.url}/lockers`)).status).toBe(200);
    const stored = (await documents()).find((d) => d.name === 'Locker Rules')!;
    const read = await t.api.get<{ text: string }>(`/api/v1/agent/knowledge/${stored.id}`, employee.token);
    const download = await fetchBytes(downloadOf(stored), employee.token);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="Locker Rules.txt"; filename*=UTF-8''Locker%20Rules.txt`,
    );
    expect(download.headers.get('location')).toBeNull();
    expect(download.bytes.toString('utf8')).toBe(read.body.text);
    expect(download.bytes.toString('utf8')).toMatch(/emptied every Friday evening/);
  });

  it('answers the text of a file learnt before originals were kept', async () => {
    expect((await upload(Buffer.from('Umbrellas are lent at reception.'), 'umbrellas.txt', 'text/plain')).status).toBe(
      200,
    );
    const stored = (await documents()).find((d) => d.name === 'umbrellas.txt')!;
    await t.app.db.orm.em
      .getConnection()
      .execute('update knowledge_document set content = null, filename = null where id = ?', [stored.id]);
    const download = await fetchBytes(downloadOf(stored), employee.token);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="umbrellas.txt"; filename*=UTF-8''umbrellas.txt`,
    );
    expect(download.bytes.toString('utf8')).toBe('Umbrellas are lent at reception.');
  });

  it('refuses as the JSON route does: 401 without a token, 404 elsewhere or unknown, 400 on a bad id or value', async () => {
    expect((await upload(Buffer.from('Plants are watered on Mondays.'), 'plants.txt', 'text/plain')).status).toBe(200);
    const id = (await documents()).find((d) => d.name === 'plants.txt')!.id;
    for (const suffix of ['', '?download=1']) {
      const path = (documentId: string) => `/api/v1/agent/knowledge/${documentId}${suffix}`;
      expectError(await t.api.get(path(id)), 401, 'authentication required');
      expectError(await t.api.get(path(id), 'not-a-token'), 401, 'invalid token');
      expectError(await t.api.get(path(id), stranger.token), 404, 'knowledge document not found');
      expectError(await t.api.get(path(randomUUID()), employee.token), 404, 'knowledge document not found');
      expectError(await t.api.get(path('nope'), employee.token), 400, 'id must be a UUID');
    }
    expectError(
      await t.api.get(`/api/v1/agent/knowledge/${id}?download=yes`, employee.token),
      400,
      'download must be 1 (the file) or 0 (the JSON record)',
    );
    const problem = await t.api.request(`GET`, `/api/v1/agent/knowledge/${randomUUID()}?download=1`, {
      token: employee.token,
      headers: { accept: 'application/problem+json' },
    });
    expect(problem.body).toMatchObject({ status: 404, detail: 'knowledge document not found', code: 'NOT_FOUND' });
    const plain = await fetchBytes(`/api/v1/agent/knowledge/${id}?download=1`, employee.token);
    expect(plain.bytes.toString('utf8')).toBe('Plants are watered on Mondays.');
  });
});

describe('GraphQL', () => {
  it('takes a file through a GraphQL multipart request', async () => {
    const form = new FormData();
    form.append(
      'operations',
      JSON.stringify({
        query: 'mutation ($file: Upload!) { addFileKnowledge(file: $file) { success reply sources { name type } } }',
        variables: { file: null },
      }),
    );
    form.append('map', JSON.stringify({ 0: ['variables.file'] }));
    form.append('0', new Blob(['Desk booking opens every Friday at noon.'], { type: 'text/plain' }), 'desks.txt');
    const res = await t.api.request<{ data: { addFileKnowledge: { reply: string; sources: unknown[] } } }>(
      'POST',
      '/graphql',
      { token: admin.token, form, headers: { 'apollo-require-preflight': 'true' } },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.addFileKnowledge).toMatchObject({
      reply: 'I learnt “desks.txt” (40 bytes, 1 chunk).',
      sources: [{ name: 'desks.txt', type: 'document' }],
    });
    const listed = await t.api.graphql<{ knowledgeDocuments: { nodes: { name: string }[] } }>(
      '{ knowledgeDocuments { nodes { name } } }',
      {},
      admin.token,
    );
    expect(listed.data!.knowledgeDocuments.nodes.map((d) => d.name)).toContain('desks.txt');
  });
});

describe('the outbound address guard', () => {
  it('refuses loopback, private and metadata addresses unless ALLOW_PRIVATE_URLS', async () => {
    const guarded = await startTestApp();
    try {
      const { admin: owner } = await orgWithAdmin(guarded, 'Guarded Org');
      for (const url of [
        site.url,
        'http://10.0.0.1/',
        'http://169.254.169.254/latest/meta-data',
        'http://[::1]/',
        'http://localhost/',
      ]) {
        const res = await guarded.api.request('POST', '/api/v1/agent/add-url-knowledge', {
          token: owner.token,
          raw: { body: url, type: 'text/plain' },
        });
        expectError(res, 400, 'url resolves to a loopback, private, link-local, multicast or metadata address');
      }
    } finally {
      await guarded.close();
    }
  });
  it('follows a redirect only to an address the guard lets through (ALLOW_PRIVATE_ADDRESSES)', async () => {
    // 127.0.0.2 stands for an allowed internal system; 127.0.0.1 (the other site) for everything
    // private that stays refused. Each redirect target is a form of a refused address.
    const internal = await new PageServer().start('127.0.0.2');
    const guarded = await startTestApp({ ALLOW_PRIVATE_ADDRESSES: '127.0.0.2', KNOWLEDGE_FETCH_TIMEOUT_MS: '3000' });
    try {
      const { admin: owner } = await orgWithAdmin(guarded, 'Redirected Org');
      const port = new URL(site.url).port;
      site.pages.set('/private', { type: 'text/plain', body: 'Private page that must not be read.' });
      internal.pages.set('/handbook', {
        type: 'text/plain',
        body: 'The internal handbook says desks are booked on Mondays.',
      });
      internal.pages.set('/moved', { status: 301, location: '/handbook' });
      const targets = [
        `${site.url}/private`,
        `http://localhost:${port}/private`,
        `http://[::1]:${port}/private`,
        `http://2130706433:${port}/private`,
        `http://0x7f000001:${port}/private`,
        'http://169.254.169.254/latest/meta-data',
        'http://10.0.0.1/',
      ];
      targets.forEach((target, i) => internal.pages.set(`/to-${i}`, { status: 302, location: target }));
      for (let i = 0; i < targets.length; i++) {
        const res = await guarded.api.request('POST', '/api/v1/agent/add-url-knowledge', {
          token: owner.token,
          raw: { body: `${internal.url}/to-${i}`, type: 'text/plain' },
        });
        expectError(res, 400, 'url resolves to a loopback, private, link-local, multicast or metadata address');
      }
      expect(site.requested).not.toContain('/private');
      expect((await guarded.api.get<KnowledgeRecord[]>('/api/v1/agent/knowledge', owner.token)).body).toEqual([]);
      // The allowed address itself, and a redirect within it, are read.
      const learnt = await guarded.api.request<AgentAnswer>('POST', '/api/v1/agent/add-url-knowledge', {
        token: owner.token,
        raw: { body: `${internal.url}/moved`, type: 'text/plain' },
      });
      expect(learnt.status).toBe(200);
      expect(internal.requested.slice(-2)).toEqual(['/moved', '/handbook']);
      expect(learnt.body.reply).toContain('I learnt');
    } finally {
      await guarded.close();
      await internal.close();
    }
  });
});
