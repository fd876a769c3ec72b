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
 * list is null). Raw SQL, so the organization is named in every branch.
 */
const DOCUMENTS = `
  select d.type, k.id, d.id as parent, d.name, k.text as body, d.url, k.embedding
  from knowledge_chunk k join knowledge_document d on d.id = k.document_id
  where k.organization_id = ? and to_tsvector('english', k.text) @@ ?::tsquery
  union all
  select 'employee', e.id, null::uuid, e.name, concat_ws(', ', e.name, e.title, e.department, e.location), null, null::jsonb
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
 * The statement: passages with any of the words (the query is a constant, so PostgreSQL can judge
 * each index by its statistics), each passage's words read once, those with at least half of the
 * question's words kept, best ranked first.
 */
const RETRIEVE = `with found as materialized (select docs.*, to_tsvector('english', docs.body) as vec from (${DOCUMENTS}) docs)
  select type, id, parent, name, body, url, embedding from found
  where (select count(*) from unnest(tsvector_to_array(vec)) l where l = any(array[?]::text[])) * 2 >= ?
  order by ts_rank_cd(vec, ?::tsquery) desc, name, id
  limit ?`;

/** A tsquery matching any of the lexemes, each quoted as the tsquery syntax asks. */
const anyOf = (words: string[]) => words.map((w) => `'${w.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`).join(' | ');

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
    const query = anyOf(words);
    const found = await ctx.em.execute<Row[]>(RETRIEVE, [org, query, org, query, org, org, query, plans, plans, org, query, plans, plans, words, words.length, query, limit]);
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
