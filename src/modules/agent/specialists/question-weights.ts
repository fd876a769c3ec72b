import type { EntityManager } from '@mikro-orm/postgresql';
import { closest } from '../language/edit-distance';
import { CALENDAR_NAMES } from '../language/hr-vocabulary';
import { editsFor } from '../language/spelling';
import { isEnglishWord, isMainlyNoun } from '../language/wordnet';
import { type Alternative, FACTORS, type Origin, questionWords } from '../language/question-words';

/** One way a passage may hold a question word, as the index matches it. */
export interface WeightedAlternative {
  text: string;
  origin: Origin;
  /** A tsquery: one lexeme, or a phrase (`'annual' <-> 'leav'`). */
  query: string;
  lexemes: string[];
  /** What holding it adds to a passage's rank: its own rarity (idf), times its origin's factor. */
  rank: number;
  /** What holding it adds to a passage's coverage: the word's weight, times its origin's factor. */
  credit: number;
}

/** A content word of the question, weighted by its rarity in the organization's knowledge. */
export interface WeightedWord {
  text: string;
  weight: number;
  /** The word itself first. */
  alternatives: WeightedAlternative[];
  /**
   * A noun (or a word that is no English word) that neither the organization's knowledge nor any
   * stand-in of it holds: the question's subject, which then no document states.
   */
  unheld?: boolean;
}

/** The organization's knowledge chunks: how many, and their average length in lexemes. */
export interface Corpus {
  chunks: number;
  averageLength: number;
}

export interface WeightedQuestion {
  words: WeightedWord[];
  corpus: Corpus;
}

/**
 * Each text's match query and lexemes, the chunks holding all of its lexemes at most (a phrase's
 * rarest word), and the corpus counts. The organization is named in each count.
 */
const TERMS = `with t as (
    select u.ord, phraseto_tsquery('english', u.text)::text as query, tsvector_to_array(to_tsvector('english', u.text)) as lexemes
    from unnest(array[?]::text[]) with ordinality u(text, ord))
  select t.ord, t.query, t.lexemes,
    coalesce((select min(coalesce(k.chunks, 0)) from unnest(t.lexemes) l(w)
      left join knowledge_term k on k.organization_id = ? and k.lexeme = l.w), 0) as chunks,
    (select c.chunks from knowledge_corpus c where c.organization_id = ?) as total,
    (select c.lexemes from knowledge_corpus c where c.organization_id = ?) as length
  from t order by t.ord`;

/**
 * The organization's words near an unknown one: of the same first letter and a similar length
 * (a range of the primary key), and the compound words holding it (PostgreSQL's parser keeps
 * "holidays.founders_day" of a JSON path, or a host or file name, as one word).
 */
const VOCABULARY = `select k.lexeme, k.chunks from unnest(array[?]::text[]) p(word)
    join knowledge_term k on k.organization_id = ? and k.lexeme >= left(p.word, 1) and k.lexeme < chr(ascii(p.word) + 1)
      and length(k.lexeme) between length(p.word) - 2 and length(p.word) + 2 and k.chunks > 0
  union
  select k.lexeme, k.chunks from knowledge_term k
  where k.organization_id = ? and k.chunks > 0 and k.lexeme ~ '[._/]' and exists (select 1 from unnest(array[?]::text[]) p(word) where strpos(k.lexeme, p.word) > 0)`;

interface TermRow {
  ord: string;
  query: string;
  lexemes: string[];
  chunks: string | number;
  total: string | number | null;
  length: string | number | null;
}

/** BM25's inverse document frequency: rare words weigh more; a word in no chunk weighs most. */
export function idf(chunks: number, total: number): number {
  return Math.log(1 + (total - chunks + 0.5) / (chunks + 0.5));
}

interface Candidate extends Alternative {
  query: string;
  lexemes: string[];
  chunks: number;
}

/**
 * The question's content words, weighted from the organization's term statistics: a word's
 * weight is its idf (when no chunk holds it but alternatives do, that of the alternatives
 * together; when nothing does, the highest). Alternatives no chunk holds are dropped, the word
 * itself is kept (plans, tasks and people may still hold it). A word no chunk holds, that is not
 * an English word and has no alternative, is read as the organization's closest word within a
 * small edit distance. Stop words, filler words and numbers no chunk holds are not content words.
 */
export async function weighQuestion(em: EntityManager, org: string, text: string): Promise<WeightedQuestion> {
  const words = questionWords(text).filter((w) => !w.filler);
  const texts = words.flatMap((w) => [w.text, ...w.alternatives.map((a) => a.text)]);
  if (!texts.length) return { words: [], corpus: { chunks: 0, averageLength: 1 } };
  const rows = await em.execute<TermRow[]>(TERMS, [texts, org, org, org]);
  const total = Number(rows[0]?.total ?? 0);
  const corpus = { chunks: total, averageLength: total ? Number(rows[0].length) / total : 1 };
  let next = 0;
  const candidates = words.map((word) =>
    [{ text: word.text, origin: 'word' as Origin }, ...word.alternatives].map((alternative) => {
      const row = rows[next++];
      return { ...alternative, query: row.query, lexemes: row.lexemes, chunks: Number(row.chunks) };
    }),
  );
  await mendSpelling(em, org, candidates);
  return { words: candidates.flatMap((c, k) => weigh(c, total, words[k].dated)), corpus };
}

/**
 * Adds to each word no chunk holds (nor any of its alternatives) the organization's word it
 * means (in place): the compound word holding it as a part, else, for a word that is not English,
 * the closest within a small edit distance.
 */
async function mendSpelling(em: EntityManager, org: string, candidates: Candidate[][]): Promise<void> {
  const unknown = candidates.filter(
    ([word, ...others]) =>
      word.chunks === 0 &&
      word.lexemes.length === 1 &&
      word.lexemes[0].length >= 4 &&
      !others.some((o) => o.chunks > 0) &&
      !/\s|\d/.test(word.text),
  );
  if (!unknown.length) return;
  const typed = unknown.map(([w]) => w.lexemes[0]);
  const vocabulary = await em.execute<{ lexeme: string; chunks: number }[]>(VOCABULARY, [typed, org, org, typed]);
  const chunks = new Map(vocabulary.map((v) => [v.lexeme, Number(v.chunks)]));
  for (const word of unknown) {
    const lexeme = word[0].lexemes[0];
    const compound = [...chunks.keys()].filter((k) => k.split(/[._/-]+/).some((part) => part.startsWith(lexeme)));
    const found = compound.length
      ? compound
      : isEnglishWord(word[0].text)
        ? []
        : [closest(lexeme, chunks.keys(), editsFor(lexeme))?.word ?? ''].filter(Boolean);
    for (const text of found)
      word.push({ text, origin: 'spelling', query: quoted(text), lexemes: [text], chunks: chunks.get(text)! });
  }
}

/** A lexeme quoted as the tsquery syntax asks. */
export const quoted = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** What a word nothing holds that is not a noun weighs, against one that is (measured: 0.25 answered 5 more of 131 questions than 1). */
const FRAMING = 0.25;

/** A word's weight and its alternatives' ranks and credits; none for a stop word. */
function weigh([word, ...others]: Candidate[], total: number, dated: boolean): WeightedWord[] {
  // A number no chunk holds is a detail of the asker's case ("after 2 years"), not its subject.
  if (!word.query || (word.chunks === 0 && /^\d+$/.test(word.text))) return [];
  const held = others.filter((o) => o.query && o.chunks > 0 && o.query !== word.query);
  // What a word is a kind of, or is formed from, stands in only for a word nothing else stands in for.
  const close =
    word.chunks > 0 || held.some((o) => o.origin !== 'related') ? held.filter((o) => o.origin !== 'related') : held;
  const unique = close.filter((o, index) => close.findIndex((h) => h.query === o.query) === index);
  // A misspelt word weighs as the word meant ("holliday" as "holiday"), not as all its stand-ins
  // together: a broad class ("leave") would make it weigh nothing.
  const mended = unique.find((o) => o.origin === 'spelling');
  const chunks =
    word.chunks > 0
      ? word.chunks
      : mended
        ? mended.chunks
        : Math.min(
            total,
            unique.reduce((sum, o) => sum + o.chunks, 0),
          );
  // A word nothing holds weighs most when it names the subject (a noun: "parking", "jury"); a verb
  // or an adverb nothing holds ("passes away", "kick in") frames the question more than it asks.
  // A number is the asker's case ("started 2 months ago"), which a policy states as a threshold
  // in other numbers: where a chunk holds it, it is most often by chance. So are a date or a time
  // ("my grandma passed away last night"), and a day nothing holds ("can I take Friday off").
  // A word that is no English word ("offsite", "gratificación") names a thing of the asker's: the
  // subject, which no passage holding only the question's other words answers.
  const framing =
    dated ||
    /^\d+$/.test(word.text) ||
    (chunks === 0 &&
      ((isEnglishWord(word.text) && !isMainlyNoun(word.text)) || CALENDAR_NAMES.has(word.text.replace(/s$/, ''))));
  const weight = idf(chunks, total) * (framing ? FRAMING : 1);
  const alternatives = [word, ...unique].map(({ text, origin, query, lexemes, chunks: held }) => ({
    text,
    origin,
    query,
    lexemes,
    // A stand-in ranks by its own rarity, but never above the word it stands for: a rare synonym
    // in another sense ("credit" for "reference") must not outrank the word itself.
    rank: FACTORS[origin] * (origin === 'word' ? idf(held, total) : Math.min(idf(held, total), weight)),
    credit: FACTORS[origin] * weight,
  }));
  return [{ text: word.text, weight, alternatives, ...(chunks === 0 && !framing ? { unheld: true } : {}) }];
}
