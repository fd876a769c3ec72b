import { type Member, orgWithAdmin } from '../helpers/fixtures';
import { hostileCorpus, nestedHtml } from '../helpers/hostile-files';
import { PageServer } from '../helpers/knowledge-files';
import { rowCounter } from '../helpers/row-counts';
import { startTestApp, type TestApp } from '../helpers/test-app';

// The review's hostile documents (zip bombs, lying zip sizes, deep HTML and JSON, a PDF of too
// many pages, a million CSV rows, too much text), generated in the test and sent at the service
// with its default limits while a probe calls /health every 250 ms. Every file is answered within
// the parse deadline with 200/400/413, /health always within 1 s, the process's RSS stays bounded,
// and the same process serves throughout.

const PARSE_TIMEOUT_MS = 10_000;

let t: TestApp;
let site: PageServer;
let admin: Member;
const probe = {
  latencies: [] as number[],
  gaps: [] as number[],
  failures: [] as string[],
  rss: [] as number[],
  timer: undefined as NodeJS.Timeout | undefined,
  last: 0,
};

beforeAll(async () => {
  site = await new PageServer().start();
  t = await startTestApp({ ALLOW_PRIVATE_URLS: 'true', KNOWLEDGE_PARSE_TIMEOUT_MS: String(PARSE_TIMEOUT_MS) });
  ({ admin } = await orgWithAdmin(t, 'Hostile Documents Org'));
});

afterAll(async () => {
  clearInterval(probe.timer);
  await t?.close();
  await site?.close();
});

function startProbe(): void {
  probe.last = Date.now();
  probe.timer = setInterval(() => {
    const began = Date.now();
    // A late tick means the event loop was blocked (probe and service share it here).
    probe.gaps.push(began - probe.last);
    probe.last = began;
    probe.rss.push(process.memoryUsage().rss);
    t.api.get('/health').then(
      (res) => {
        probe.latencies.push(Date.now() - began);
        if (res.status !== 200) probe.failures.push(`status ${res.status}`);
      },
      (error: Error) => probe.failures.push(error.message),
    );
  }, 250);
}

it('answers each hostile document in time with 200/400/413, keeps /health under 1 s and RSS bounded, stores nothing', async () => {
  const corpus = await hostileCorpus();
  const counts = await rowCounter(t);
  const before = await counts();
  global.gc?.();
  const rssStart = process.memoryUsage().rss;
  startProbe();
  const answers: Record<string, unknown> = {};
  const expected: Record<string, unknown> = {};
  for (const file of corpus) {
    const form = new FormData();
    form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
    const began = Date.now();
    const res = await t.api.request<string>('POST', '/api/v1/agent/add-file-knowledge', { token: admin.token, form });
    const took = Date.now() - began;
    answers[file.name] = {
      status: res.status,
      inTime: took < PARSE_TIMEOUT_MS + 2_000,
      namesLimit: res.status === 200 || /KNOWLEDGE_[A-Z_]+/.test(res.body),
    };
    expected[file.name] = { status: file.expect, inTime: true, namesLimit: true };
  }
  // The same deep HTML as a fetched page.
  for (const depth of [2_000, 10_000]) {
    site.pages.set(`/deep-${depth}.html`, { type: 'text/html', body: nestedHtml(depth) });
    const res = await t.api.request<string>('POST', '/api/v1/agent/add-url-knowledge', {
      token: admin.token,
      raw: { body: `${site.url}/deep-${depth}.html`, type: 'text/plain' },
    });
    answers[`url deep-${depth}`] = { status: res.status, body: res.body };
    expected[`url deep-${depth}`] = {
      status: 400,
      body: 'the page (HTML) is nested more than 256 levels deep (the limit, KNOWLEDGE_MAX_DEPTH)',
    };
  }
  clearInterval(probe.timer);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const rssPeak = Math.max(...probe.rss);
  // Reported for the record: how much the process grew while reading the corpus.
  console.log(
    `hostile corpus: RSS start ${(rssStart / 1e6).toFixed(0)} MB, peak ${(rssPeak / 1e6).toFixed(0)} MB (+${((rssPeak - rssStart) / 1e6).toFixed(0)} MB); /health max ${Math.max(...probe.latencies)} ms over ${probe.latencies.length} probes; max tick gap ${Math.max(...probe.gaps)} ms`,
  );
  expect(answers).toEqual(expected);
  expect(probe.failures).toEqual([]);
  // The corpus is refused within a few seconds now, so a handful of probes is what there is.
  expect(probe.latencies.length).toBeGreaterThan(0);
  expect(Math.max(...probe.latencies)).toBeLessThan(1_000);
  expect(Math.max(...probe.gaps)).toBeLessThan(1_250);
  expect(rssPeak - rssStart).toBeLessThan(300 * 1024 * 1024);
  expect(await counts()).toEqual(before);
  // And the service still learns an ordinary document.
  const form = new FormData();
  form.append('file', new Blob(['The library opens at nine.'], { type: 'text/plain' }), 'library.txt');
  expect((await t.api.request('POST', '/api/v1/agent/add-file-knowledge', { token: admin.token, form })).status).toBe(
    200,
  );
}, 300_000);
