import type { AgentAnswer } from './helpers/agent';
import { type AccountMember, member } from './helpers/directory';
import { type Member, orgWithAdmin } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

// Which passages the knowledge specialist answers from (src/modules/agent/specialists/
// knowledge.specialist.ts): only those with at least half of the question's words, the most
// matching first. Short questions ask the index for "at least half of the words" directly, long
// ones for any of them: both must keep the same passages, however many share one of the words.

let t: TestApp;
let admin: Member;
let employee: AccountMember;

/** Sections become chunks of their own; each names the words it holds. */
const SECTIONS: Record<string, string> = {
  'Part all': 'Zinnia, quokka, marlin and tundra are all covered here.',
  'Part three': 'The zinnia grows where the quokka and the marlin sleep.',
  'Part single': 'Only the marlin swims in this part.',
  'Part five': 'Zinnia, quokka, walrus, yarrow and xylem meet in this part.',
  'Part four': 'Vervain, umber, sorrel and marlin meet in this part.',
  // Many passages with one common word: each has a single word of every question below.
  ...Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`Part filler ${i}`, `The tundra stretches far in section ${i}.`])),
};

beforeAll(async () => {
  t = await startTestApp();
  let org;
  ({ org, admin } = await orgWithAdmin(t, 'Retrieval Org'));
  employee = await member(t, org, admin);
  const text = `# Retrieval Handbook\n\n${Object.entries(SECTIONS)
    .map(([heading, body]) => `## ${heading}\n\n${body}`)
    .join('\n\n')}`;
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/markdown' }), 'retrieval.md');
  const added = await t.api.request<AgentAnswer>('POST', '/api/v1/agent/add-file-knowledge', { token: admin.token, form });
  expect(added.status).toBe(200);
});

afterAll(() => t.close());

/** The headings of the passages the answer quotes, in its order. */
async function passages(question: string): Promise<string[]> {
  const res = await t.api.post<AgentAnswer>('/api/v1/agent/ask', { question, maxResults: 10 }, employee.token);
  expect(res.status).toBe(200);
  return [...res.body.reply.matchAll(/^- (Part [a-z0-9 ]+)\n/gm)].map((m) => m[1]);
}

it('keeps the passages with at least half of a short question’s words, the most matching first', async () => {
  // Four words: two are needed; the single-word passages (one of them forty times) are dropped.
  expect(await passages('zinnia quokka marlin tundra')).toEqual(['Part all', 'Part three', 'Part five']);
});

it('keeps the same rule for the longest question the index is asked “at least half” for', async () => {
  // Seven words: four are needed; "Part three" has three of them.
  expect(await passages('zinnia quokka marlin tundra walrus yarrow xylem')).toEqual(['Part five', 'Part all']);
});

it('keeps the same rule for a longer question, which the index is asked for any of its words', async () => {
  // Eight words: four are needed; "Part three" has three of them, "Part four" two.
  expect(await passages('zinnia quokka marlin tundra walrus yarrow xylem vervain')).toEqual(['Part five', 'Part all']);
  // Ten words: five are needed; "Part four" has four of them, "Part all" four.
  expect(await passages('zinnia quokka marlin tundra walrus yarrow xylem vervain umber sorrel')).toEqual(['Part five']);
  // Eleven words: six are needed, which no passage has.
  expect(await passages('zinnia quokka marlin tundra walrus yarrow xylem vervain umber sorrel kestrel')).toEqual([]);
});
