import { isPlanAdmin, planAccess } from '../../idp/idp-access';
import { sourceOf } from '../knowledge/knowledge.service';
import { cosine, type Embedder, NO_EMBEDDINGS } from '../llm/embedder';
import type { Briefing, Passage } from '../llm/engine';
import type { Question, Specialist } from './specialist';
import { searched } from '../../../common/search-expressions';

interface Row {
  type: string;
  id: string;
  parent: string | null;
  name: string;
  body: string;
  url: string | null;
  embedding: number[] | null;
}

/**
 * What the organization knows, as retrievable passages: the chunks of its knowledge base, its
 * employees and groups, and the plans and tasks the caller may read (all of them when the plan
 * list is null). Chunks come with their stored words (`vec`), the others' words are read from
 * their text below; a chunk's embedding is read only for the passages kept. Raw SQL, so the
 * organization is named in every branch.
 */
const DOCUMENTS = `
  select d.type, k.id, d.id as parent, d.name, k.text as body, d.url, k.search_vector as vec
  from knowledge_chunk k join knowledge_document d on d.id = k.document_id
  where k.organization_id = ? and k.search_vector @@ ?::tsquery
  union all
  select 'employee', e.id, null::uuid, e.name, concat_ws(', ', e.name, e.title, e.department, e.location), null, null::tsvector
  from employee e where e.organization_id = ? and e.active and ${searched('employee', 'e')} @@ ?::tsquery
  union all
  select 'group', g.id, null, g.name, concat_ws(': ', 'Group ' || g.name, g.description), null, null
  from employee_group g where g.organization_id = ?
  union all
  select 'idp', i.id, null, i.name,
    concat('Plan ', i.name, ' (', i.type, '), from ', i.start_date, coalesce(' to ' || i.end_date, '')), null, null
  from idp i where i.organization_id = ? and ${searched('idp', 'i')} @@ ?::tsquery
    and (?::jsonb is null or i.id in (select value::uuid from jsonb_array_elements_text(?::jsonb)))
  union all
  select 'idpTask', t.id, t.idp_id, t.name,
    concat('Task ', t.name, coalesce(': ' || t.description, ''), coalesce(' (due ' || t.due_date || ')', '')), null, null
  from idp_task t where t.organization_id = ? and ${searched('idpTask', 't')} @@ ?::tsquery
    and (?::jsonb is null or t.idp_id in (select value::uuid from jsonb_array_elements_text(?::jsonb)))`;

/** The question's words, stemmed, stop words dropped. */
const WORDS = `select coalesce(array_agg(w), '{}') as words from unnest(tsvector_to_array(to_tsvector('english', ?))) w`;

/**
 * The statement: passages that the match query finds (a constant, so PostgreSQL can judge each
 * index by its statistics), each passage's words read once (a chunk's are stored), those with at
 * least half of the question's words kept (the count is how many of them deleting the words
 * removes), ranked by the words they have, best first.
 */
const RETRIEVE = `with found as materialized (
    select docs.type, docs.id, docs.parent, docs.name, docs.body, docs.url, coalesce(docs.vec, to_tsvector('english', docs.body)) as vec
    from (${DOCUMENTS}) docs)
  select type, id, parent, name, body, url,
    (select k.embedding from knowledge_chunk k where k.id = found.id and k.organization_id = ?) as embedding
  from found
  where (length(vec) - length(ts_delete(vec, array[?]::text[]))) * 2 >= ?
  order by ts_rank_cd(vec, ?::tsquery) desc, name, id
  limit ?`;

/** A lexeme quoted as the tsquery syntax asks. */
const quoted = (word: string) => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** A tsquery matching any of the lexemes. */
const anyOf = (words: string[]) => words.map(quoted).join(' | ');

/**
 * The most terms `atLeast` builds: up to 7 words (35 terms of 4). The index checks the query on
 * every row having any of the words; with more terms that cost more than reading the rows did
 * (9 words with two common ones, 126 terms: 300 ms against 70 ms).
 */
const MAX_TERMS = 35;

/**
 * A tsquery matching texts with at least `k` of the lexemes (an OR of every k-word AND), or null
 * when that takes more than MAX_TERMS terms. As the match query it lets the indexes skip what the
 * half-the-words rule would drop: a question with one common word read thousands of chunks.
 */
function atLeast(words: readonly string[], k: number): string | null {
  let terms = 1;
  for (let i = 0; i < k; i++) {
    terms = (terms * (words.length - i)) / (i + 1);
    if (terms > MAX_TERMS) return null;
  }
  const found: string[] = [];
  const pick = (from: number, chosen: string[]) => {
    if (chosen.length === k) found.push(k > 1 ? `(${chosen.join(' & ')})` : chosen[0]);
    else for (let i = from; i <= words.length - (k - chosen.length); i++) pick(i + 1, [...chosen, quoted(words[i])]);
  };
  pick(0, []);
  return found.join(' | ');
}

const SOURCE_PATHS: Record<string, (row: Row) => string> = {
  document: (r) => sourceOf({ id: r.parent!, name: r.name, type: r.type, url: r.url }).url,
  url: (r) => r.url!,
  employee: (r) => `/api/v1/employee/${r.id}`,
  group: (r) => `/api/v1/group/${r.id}`,
  idp: (r) => `/api/v1/idp/${r.id}`,
  idpTask: (r) => `/api/v1/idp/${r.parent}/tasks/${r.id}`,
};

/** With embeddings, this many times maxResults candidates are ranked again by meaning. */
const CANDIDATES = 4;

/**
 * Answers from retrieval: the passages of the organization's records that best match the
 * question (for a follow-up that matches nothing alone, together with the previous question).
 * When the language-model server offers embeddings, the word matches are ranked again by how
 * close each chunk's meaning is to the question's.
 */
export class KnowledgeSpecialist implements Specialist {
  readonly name = 'knowledge';

  constructor(private readonly embedder: Embedder = NO_EMBEDDINGS) {}

  async brief(question: Question): Promise<Briefing> {
    const { ctx, caller, owner } = question;
    // The plans the caller may read, once for both attempts below; an ORG_ADMIN reads them all.
    const plans = isPlanAdmin(caller) ? null : JSON.stringify((await planAccess(ctx.em, caller, owner.orgId, {})).map((p) => p.id));
    let passages = await this.retrieve(question, plans, question.text);
    const previous = [...question.earlier].reverse().find((m) => m.messageType === 'user_request');
    if (passages.length === 0 && previous) passages = await this.retrieve(question, plans, `${previous.message} ${question.text}`);
    return { style: 'excerpts', passages };
  }

  private async retrieve({ ctx, owner, maxResults }: Question, plans: string | null, text: string): Promise<Passage[]> {
    const org = owner.orgId;
    const limit = this.embedder === NO_EMBEDDINGS ? maxResults : maxResults * CANDIDATES;
    const [{ words }] = await ctx.em.execute<{ words: string[] }[]>(WORDS, [text]);
    if (!words.length) return [];
    // Kept: at least half of the words (the statement's filter); ranked: by any of them.
    const ranked = anyOf(words);
    const match = atLeast(words, Math.ceil(words.length / 2)) ?? ranked;
    const found = await ctx.em.execute<Row[]>(RETRIEVE, [org, match, org, match, org, org, match, plans, plans, org, match, plans, plans, org, words, words.length, ranked, limit]);
    const rows = (await this.rerank(text, found)).slice(0, maxResults);
    return rows.map((row) => ({ text: row.body, source: { name: row.name, type: row.type, url: SOURCE_PATHS[row.type](row) } }));
  }

  /** Word rank (1 for the best, falling to 0) plus meaning (cosine similarity) for chunks with a vector. */
  private async rerank(text: string, rows: Row[]): Promise<Row[]> {
    if (!rows.some((r) => r.embedding)) return rows;
    const [question] = (await this.embedder.embed([text])) ?? [];
    if (!question) return rows;
    const score = (row: Row, index: number) => 1 - index / rows.length + (row.embedding ? cosine(question, row.embedding) : 0);
    return rows
      .map((row, index) => ({ row, score: score(row, index) }))
      .sort((a, b) => b.score - a.score)
      .map((s) => s.row);
  }
}
