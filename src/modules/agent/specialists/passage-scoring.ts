import { type AnswerKind, statesKind } from './answer-kind';
import type { Corpus, WeightedWord } from './question-weights';

/** BM25's usual constants: how fast repeating a word stops adding, and how much length counts. */
export const K1 = 1.2;
export const B = 0.75;

/**
 * The share of the question's weight a passage must cover more than to be an answer. A question
 * whose key word (rare, so heavy) appears nowhere falls below it even when its common words
 * match, and gets "I don't know". Below half, as people add words a policy does not use ("can I
 * take my unused vacation days into next year"): measured on test/fixtures/agent-questions.ts,
 * 0.4 answered 13 more of 131 questions than 0.5 and one fewer unanswerable one right. On two
 * later sets written apart from the code (130 questions, one over another company's documents)
 * 0.3, 0.35 and 0.4 came out within one question of each other.
 */
export const MIN_COVERAGE = 0.4;

/**
 * With embeddings the word matches are ranked again by meaning, and the model answers "I don't
 * know" itself when the context does not say: a passage holding any of the question's words is a
 * candidate ("which policy covers money matters" finds the expense policy by meaning).
 */
export const MIN_COVERAGE_WITH_MEANING = 0;

/**
 * The share of the question's weight a passage must cover more than to be offered (UNSURE, by
 * title) when none covers MIN_COVERAGE: below it, "I don't know". Measured on the development
 * blind set (56 document questions, 19 unanswerable): the right passage offered 25 times at 0.1
 * and at 0.2, 20 at 0.3, 15 without offers; unanswerable ones declined 16 of 19 at each (an offer
 * declines). 0.2 rather than 0.1: a question holding one common word of a passage among three
 * it does not ("a staff canteen with vegan food") is still "I don't know".
 */
export const OFFER_COVERAGE = 0.2;

/** Passages scoring below this share of the best one are left out of the answer. */
export const KEEP_SHARE = 0.5;

/** A passage the index found, with what the statement read of it. */
export interface Found {
  /** For each alternative of each word (in order), whether the passage holds it. */
  hits: boolean[];
  /** Occurrences of the question's lexemes in the passage. */
  tf: Record<string, number> | null;
  /** The passage's length in lexemes. */
  length: number;
}

/** BM25's term-frequency part: more occurrences add less and less, long passages count each for less. */
function saturation(tf: number, length: number, corpus: Corpus): number {
  const norm = 1 - B + (B * length) / Math.max(corpus.averageLength, 1);
  return (tf * (K1 + 1)) / (tf + K1 * norm);
}

/**
 * A passage's BM25 score over the question's words: for each word, the best of its alternatives
 * the passage holds (rarity times origin factor, times its saturated frequency).
 */
export function scorePassage(found: Found, words: readonly WeightedWord[], corpus: Corpus): number {
  let score = 0;
  let index = 0;
  for (const word of words) {
    let best = 0;
    for (const alternative of word.alternatives) {
      if (found.hits[index++]) {
        const tf = Math.max(1, Math.min(...alternative.lexemes.map((l) => found.tf?.[l] ?? 1)));
        best = Math.max(best, alternative.rank * saturation(tf, found.length, corpus));
      }
    }
    score += best;
  }
  return score;
}

/** The share of the question's weight the lexemes cover: each word by the best alternative present. */
function coverage(lexemes: ReadonlySet<string>, words: readonly WeightedWord[]): number {
  let covered = 0;
  for (const word of words) {
    const present = word.alternatives.filter((a) => a.lexemes.every((l) => lexemes.has(l)));
    covered += Math.max(0, ...present.map((a) => a.credit));
  }
  return covered;
}

/** A sentence shorter than this is a heading or a fragment: it leads only when nothing else matches. */
const MIN_SENTENCE_WORDS = 4;

/** A fact of the kind the question asks for is worth this share of the best cover: a sentence stating one leads over a closer one that does not. */
export const KIND_SHARE = 0.5;

/**
 * The sentence of a passage that covers most of the question's weight (ties: the first), with the
 * weight it covers, whether it is a full sentence and whether it states a fact of the kind asked
 * for (answer-kind.ts), or null when none covers any. Headings and fragments lead only when no full
 * sentence covers anything; a sentence stating the kind asked for leads over others covering up to
 * twice its weight ("how long before a visit do I need approval": the sentence naming the days, not
 * the one about the visit).
 */
export function answeringSentence(
  sentences: readonly [string, string[]][],
  words: readonly WeightedWord[],
  kind: AnswerKind | null = null,
): { text: string; covered: number; full: boolean; states: boolean } | null {
  const read = sentences
    .map(([text, lexemes]) => ({
      text: text.trim(),
      covered: coverage(new Set(lexemes), words),
      full: text.split(/\s+/).filter(Boolean).length >= MIN_SENTENCE_WORDS,
      states: statesKind(text, kind),
    }))
    .filter((s) => s.covered > 0);
  const full = read.some((s) => s.full);
  const candidates = read.filter((s) => s.full === full);
  const most = Math.max(0, ...candidates.map((s) => s.covered));
  let best: (typeof read)[number] | null = null;
  for (const sentence of candidates) {
    const states = sentence.states && sentence.covered >= KIND_SHARE * most;
    const bestStates = !!best && best.states && best.covered >= KIND_SHARE * most;
    if (!best || (states && !bestStates) || (states === bestStates && sentence.covered > best.covered)) best = sentence;
  }
  return best;
}

/** The text of the answering sentence (see answeringSentence), or null. */
export function bestSentence(sentences: readonly [string, string[]][], words: readonly WeightedWord[]): string | null {
  return answeringSentence(sentences, words)?.text ?? null;
}
