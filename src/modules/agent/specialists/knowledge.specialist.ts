import { isPlanAdmin, planAccess } from '../../idp/idp-access';
import { sourceOf } from '../knowledge/knowledge.service';
import { cosine, type Embedder, NO_EMBEDDINGS } from '../llm/embedder';
import type { Briefing, Passage } from '../llm/engine';
import type { Question, Specialist } from './specialist';
import { searched } from '../../../common/search-expressions';
import {
  answeringSentence,
  B,
  KIND_SHARE,
  K1,
  KEEP_SHARE,
  MIN_COVERAGE,
  MIN_COVERAGE_WITH_MEANING,
  OFFER_COVERAGE,
  scorePassage,
} from './passage-scoring';
import { type Corpus, weighQuestion, type WeightedWord } from './question-weights';
import {
  confidenceOf,
  coveredWeight,
  type Evidence,
  lacksHeavierWord,
  lacksSubject,
  lacksTopic,
  sectionOf,
} from './retrieval-confidence';
import { AnswerConfidence } from '../answer-confidence';
import { askedKind } from './answer-kind';

interface Row {
  type: string;
  id: string;
  parent: string | null;
  name: string;
  body: string;
  url: string | null;
  hits: boolean[];
  length: number;
  tf: Record<string, number> | null;
  embedding: number[] | null;
}

/**
 * What the organization knows, as retrievable passages: the chunks of its knowledge base, its
 * employees and groups, and the plans and tasks the caller may read (all of them when the plan
 * list is null), each found by the match query: chunks by the question's words and their
 * alternatives, the records by its words alone (the HR words and synonyms are for the handbook;
 * a larger query cost the records' indexes 50 ms). Chunks come with their stored words (`vec`),
 * the others' words are read from their text below. Raw SQL, so the organization is named in every
 * branch.
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
  from employee_group g where g.organization_id = ? and to_tsvector('english', concat_ws(' ', g.name, g.description)) @@ ?::tsquery
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

/** Where a passage is cut into sentences: line breaks, sentence ends, and the mark between a chunk's carried and own text. */
const SENTENCE_BREAKS = String.raw`\n+|(?<=[.!?])\s+|\s+…\s+`;

/**
 * The sentences of the best passages with their words, to lead the answer with the one that
 * answers (0.75 ms a chunk: for the first only, or the first few when the question asks for a kind
 * of fact the first may not state).
 */
const SENTENCES = `select p.n as passage, s.text, tsvector_to_array(to_tsvector('english', s.text)) as lexemes
  from unnest(array[?]::text[]) with ordinality p(body, n), regexp_split_to_table(p.body, ?) with ordinality s(text, k)
  where s.text ~ '[[:alnum:]]' order by p.n, s.k`;

/** How many of the best passages are read for a sentence stating the kind of fact asked for. */
const KIND_PASSAGES = 3;

/** A number written into the statement (weights are computed here, never typed by anyone), as a float: numeric arithmetic was a third of the statement. */
const num = (n: number) => `${n.toFixed(6)}::float8`;

/**
 * The statement: passages that the match query finds (a constant, so PostgreSQL can judge each
 * index by its statistics), each passage's words read once (a chunk's are stored), with which of
 * the question's alternatives each holds (`hits`), the share of the question's weight that covers
 * and a first rank (the rarity of what it holds, by BM25 with every word once); those covering
 * too little are dropped. Only for the best few: the occurrences of the question's lexemes, and
 * the embedding when meaning re-ranks. `byCover`: those covering most of the question first (the
 * closest passages to offer when none answers), then by rank.
 */
function retrieval(words: readonly WeightedWord[], corpus: Corpus, embeddings: boolean, byCover: boolean): string {
  let index = 0;
  const covered: string[] = [];
  const ranked: string[] = [];
  for (const word of words) {
    const credits: string[] = [];
    const ranks: string[] = [];
    for (const alternative of word.alternatives) {
      index++;
      credits.push(`case when hits[${index}] then ${num(alternative.credit)} else 0::float8 end`);
      ranks.push(`case when hits[${index}] then ${num(alternative.rank)} else 0::float8 end`);
    }
    covered.push(`greatest(0::float8, ${credits.join(', ')})`);
    ranked.push(`greatest(0::float8, ${ranks.join(', ')})`);
  }
  const hits = Array.from({ length: index }, () => 'vec @@ ?::tsquery').join(', ');
  // BM25's length part with every word once (the occurrences are counted for the best few below).
  // `hit` is materialized: inlined, each reference to `hits` matched every query again.
  const norm = `(${num(1 - B)} + ${num(B / Math.max(corpus.averageLength, 1))} * length(vec))`;
  return `with found as materialized (
      select docs.type, docs.id, docs.parent, docs.name, docs.body, docs.url, coalesce(docs.vec, to_tsvector('english', docs.body)) as vec
      from (${DOCUMENTS}) docs),
    hit as materialized (select found.*, array[${hits}] as hits from found),
    scored as (select hit.*, ${covered.join(' + ')} as covered, (${ranked.join(' + ')}) / (1 + ${num(K1)} * ${norm}) as ranked from hit)
    select top.type, top.id, top.parent, top.name, top.body, top.url, top.hits, length(top.vec) as length,
      (select jsonb_object_agg(u.lexeme, cardinality(u.positions)) from unnest(top.vec) u where u.lexeme = any(array[?]::text[])) as tf,
      ${embeddings ? '(select k.embedding from knowledge_chunk k where k.id = top.id and k.organization_id = ?)' : 'null'} as embedding
    from (select * from scored where covered >= ? order by ${byCover ? 'covered desc, ' : ''}ranked desc, name, id limit ?) top
    order by ${byCover ? 'top.covered desc, ' : ''}top.ranked desc, top.name, top.id`;
}

/** A word's alternatives as one tsquery: any of them. */
const anyOf = (word: WeightedWord) => `(${word.alternatives.map((a) => `(${a.query})`).join(' | ')})`;

/**
 * The most tsquery terms `sufficientSets` writes. The index checks the query on every row having
 * any of its lexemes; past this, that cost more than reading the rows it saves.
 */
const MAX_TERMS = 40;

/**
 * The match query: passages holding enough of the question to cover more than `least` of its
 * weight. A passage can only do so by holding every word of some minimal set of words whose
 * weights together exceed `least` (an OR of ANDs, so the index skips what the statement would
 * drop: a theme's common word alone read thousands of chunks). Past MAX_TERMS, or for more than
 * eight words, the words but the lightest, which together fall short of it: one of them is needed.
 */
function matchQuery(words: readonly WeightedWord[], least: number): string {
  const sets: WeightedWord[][] = [];
  if (words.length <= 8) {
    for (let mask = 1; mask < 1 << words.length; mask++) {
      const set = words.filter((_, i) => mask & (1 << i));
      const weight = set.reduce((sum, w) => sum + w.weight, 0);
      const lightest = Math.min(...set.map((w) => w.weight));
      if (weight >= least && weight - lightest < least) sets.push(set);
    }
  }
  const terms = sets.reduce((sum, set) => sum + set.reduce((n, w) => n + w.alternatives.length, 0), 0);
  if (sets.length && terms <= MAX_TERMS) return sets.map((set) => `(${set.map(anyOf).join(' & ')})`).join(' | ');
  let light = 0;
  const needed: WeightedWord[] = [];
  for (const word of [...words].sort((a, b) => a.weight - b.weight)) {
    if (light + word.weight < least) light += word.weight;
    else needed.push(word);
  }
  return needed.map(anyOf).join(' | ');
}

const SOURCE_PATHS: Record<string, (row: Row) => string> = {
  document: (r) => sourceOf({ id: r.parent!, name: r.name, type: r.type, url: r.url }).url,
  url: (r) => r.url!,
  employee: (r) => `/api/v1/employee/${r.id}`,
  group: (r) => `/api/v1/group/${r.id}`,
  idp: (r) => `/api/v1/idp/${r.id}`,
  idpTask: (r) => `/api/v1/idp/${r.parent}/tasks/${r.id}`,
};

/** Passages that are records of the directory rather than text written to be read. */
const RECORDS = new Set(['employee', 'group']);

/** What one retrieval found: the passages, the question's weighed words, and the evidence of the best passage. */
type Retrieved = Pick<Briefing, 'passages' | 'terms'> & { evidence: Evidence | null };

/** How many passages an unsure answer offers. */
const SUGGESTIONS = 3;

/** The closest passages of distinct titles (document and section), at most SUGGESTIONS. */
function suggestions(passages: Passage[]): Passage[] {
  const seen = new Set<string>();
  return passages
    .filter((p) => {
      const title = `${p.source.name}|${p.section ?? ''}`;
      if (seen.has(title)) return false;
      seen.add(title);
      return true;
    })
    .slice(0, SUGGESTIONS);
}

/** With embeddings, this many times maxResults candidates are ranked again by meaning. */
const CANDIDATES = 4;

/** Without, a few more than asked for: counting occurrences may reorder the first rank. */
const SPARE = 2;

/**
 * Answers from retrieval: the passages of the organization's records that best match the
 * question (for a follow-up that matches nothing alone, together with the previous question).
 * The question's words are weighted by their rarity in the organization's knowledge and looked
 * for as themselves, their HR-vocabulary equivalents and WordNet synonyms, or mended to the
 * organization's own word when misspelt; passages are ranked by BM25. The best must cover enough
 * of the question's weight, or nothing is an answer; those far below the best are dropped. When
 * the language-model server offers embeddings, the word matches are ranked again by how close
 * each chunk's meaning is to the question's.
 */
export class KnowledgeSpecialist implements Specialist {
  readonly name = 'knowledge';

  constructor(private readonly embedder: Embedder = NO_EMBEDDINGS) {}

  async brief(question: Question): Promise<Briefing> {
    const { ctx, caller, owner } = question;
    // The plans the caller may read, once for both attempts below; an ORG_ADMIN reads them all.
    const plans = isPlanAdmin(caller)
      ? null
      : JSON.stringify((await planAccess(ctx.em, caller, owner.orgId, {})).map((p) => p.id));
    let found = await this.retrieve(question, plans, question.text);
    const previous = [...question.earlier].reverse().find((m) => m.messageType === 'user_request');
    if (found.passages.length === 0 && previous)
      found = await this.retrieve(question, plans, `${previous.message} ${question.text}`);
    // Nothing covers enough to answer: the passages covering part of the question are offered
    // (UNSURE), so "found nothing" is said only when nothing relevant is there at all. A second
    // statement, for these questions only: answered questions pay nothing for it.
    let offer = false;
    if (found.passages.length === 0 && this.embedder === NO_EMBEDDINGS) {
      found = await this.retrieve(question, plans, question.text, OFFER_COVERAGE);
      offer = found.passages.length > 0;
    }
    const { evidence, ...briefed } = found;
    const confidence = offer ? AnswerConfidence.UNSURE : confidenceOf(evidence);
    // Unsure: the closest few are offered by title, as suggestions, not quoted as an answer.
    const passages = confidence === AnswerConfidence.UNSURE ? suggestions(briefed.passages) : briefed.passages;
    return { style: 'excerpts', ...briefed, passages, confidence };
  }

  /** The passages matching `text`; with `cover`, those covering more than that share, to offer (closest first). */
  private async retrieve(
    { ctx, owner, maxResults }: Question,
    plans: string | null,
    text: string,
    cover?: number,
  ): Promise<Retrieved> {
    const org = owner.orgId;
    const { words, corpus } = await weighQuestion(ctx.em, org, text);
    if (!words.length) return { passages: [], evidence: null };
    const terms = words.map((w) => ({ text: w.text, weight: w.weight }));
    const embeddings = this.embedder !== NO_EMBEDDINGS;
    const limit = embeddings ? maxResults * CANDIDATES : maxResults * SPARE;
    const share = cover ?? (embeddings ? MIN_COVERAGE_WITH_MEANING : MIN_COVERAGE);
    // More than the share: of two equally rare words, one alone is not an answer. The margin is
    // above the rounding of the credits, which the statement sums as written to six decimals.
    const least = share * words.reduce((sum, w) => sum + w.weight, 0) + 1e-5;
    const match = matchQuery(words, least);
    const ownWords = matchQuery(
      words.map((w) => ({ ...w, alternatives: w.alternatives.filter((a) => a.origin === 'word') })),
      least,
    );
    const queries = words.flatMap((w) => w.alternatives.map((a) => a.query));
    const lexemes = [...new Set(words.flatMap((w) => w.alternatives.flatMap((a) => a.lexemes)))];
    const params = [
      org,
      match,
      org,
      ownWords,
      org,
      ownWords,
      org,
      ownWords,
      plans,
      plans,
      org,
      ownWords,
      plans,
      plans,
      ...queries,
      lexemes,
      ...(embeddings ? [org] : []),
      least,
      limit,
    ];
    const byCover = cover !== undefined;
    const rows = await ctx.em.execute<Row[]>(retrieval(words, corpus, embeddings, byCover), params);
    const scored = rows
      .map((row) => ({ row, score: scorePassage(row, words, corpus) }))
      .sort(
        (a, b) =>
          (byCover ? coveredWeight(b.row.hits, words) - coveredWeight(a.row.hits, words) : 0) || b.score - a.score,
      );
    const best = scored[0]?.score ?? 0;
    const kept = scored.filter((s) => s.score >= KEEP_SHARE * best);
    const ranked = (await this.rerank(text, kept)).slice(0, maxResults);
    const passages: Passage[] = ranked.map(({ row, score }) => ({
      text: row.body,
      source: { name: row.name, type: row.type, url: SOURCE_PATHS[row.type](row) },
      score: best ? score / best : 0,
      section: (row.type === 'document' || row.type === 'url' ? sectionOf(row.body) : null) ?? undefined,
    }));
    if (!passages.length) return { passages, terms, evidence: null };
    // A best passage holding the question's topic only by a word all its kinds share gives way to
    // one that holds it and covers as much ("Booking leave" for "how many vacation days": the
    // "Entitlement" section, which says "annual leave").
    const topical = (k: number) => !lacksTopic(ranked[k].row.hits, words, ranked[k].row.body);
    if (!topical(0)) {
      const cover = coveredWeight(ranked[0].row.hits, words);
      const found = ranked.findIndex((r, k) => k > 0 && topical(k) && coveredWeight(r.row.hits, words) >= cover);
      if (found > 0) {
        passages.unshift(...passages.splice(found, 1));
        ranked.unshift(...ranked.splice(found, 1));
      }
    }
    const kind = askedKind(text);
    const read = passages.slice(0, kind ? KIND_PASSAGES : 1);
    const sentences = await ctx.em.execute<{ passage: string | number; text: string; lexemes: string[] }[]>(SENTENCES, [
      read.map((p) => p.text),
      SENTENCE_BREAKS,
    ]);
    const leads = read.map((_, k) =>
      answeringSentence(
        sentences.filter((s) => Number(s.passage) === k + 1).map((s) => [s.text, s.lexemes]),
        words,
        kind,
      ),
    );
    // The best passage leads unless it states no fact of the kind asked for and a close one does
    // with a sentence covering at least half as much ("notice period for managers": the sentence
    // naming the months, not the one on how to resign).
    const fits = (lead: (typeof leads)[number]) => !!lead && lead.states;
    let first = 0;
    if (!fits(leads[0])) {
      const found = leads.findIndex((lead) => fits(lead) && lead!.covered >= KIND_SHARE * (leads[0]?.covered ?? 0));
      if (found > 0) first = found;
    }
    if (first) {
      passages.unshift(...passages.splice(first, 1));
      ranked.unshift(...ranked.splice(first, 1));
    }
    const lead = leads[first];
    passages[0].lead = lead?.text;
    // The evidence is read from what the statement already returned: no further work per chunk.
    const weight = words.reduce((sum, w) => sum + w.weight, 0) || 1;
    const evidence: Evidence = {
      share: coveredWeight(ranked[0].row.hits, words) / weight,
      leadShare: (lead?.covered ?? 0) / weight,
      lacksSubject: lacksSubject(ranked[0].row.hits, words),
      leadFits: fits(lead),
      partialRecord: RECORDS.has(ranked[0].row.type) && lacksHeavierWord(ranked[0].row.hits, words),
      lacksTopic: !topical(0),
    };
    return { passages, terms, evidence };
  }

  /** Word score (as a share of the best) plus meaning (cosine similarity) for chunks with a vector. */
  private async rerank<T extends { row: Row; score: number }>(text: string, scored: T[]): Promise<T[]> {
    if (!scored.some((s) => s.row.embedding)) return scored;
    const [question] = (await this.embedder.embed([text])) ?? [];
    if (!question) return scored;
    const best = scored[0].score || 1;
    const meaning = (s: T) => s.score / best + (s.row.embedding ? cosine(question, s.row.embedding) : 0);
    return [...scored].sort((a, b) => meaning(b) - meaning(a));
  }
}
