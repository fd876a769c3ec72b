import { AnswerConfidence } from '../answer-confidence';
import { isMainlyNoun } from '../language/wordnet';
import { MIN_COVERAGE } from './passage-scoring';
import type { WeightedAlternative, WeightedWord } from './question-weights';

/** What retrieval found for a question, as evidence of whether its best passage answers it. */
export interface Evidence {
  /** The share of the question's weight the best passage covers (each word by its best alternative held). */
  share: number;
  /** The share of it the best passage's answering sentence covers (0 without one). */
  leadShare: number;
  /** The best passage lacks a subject of the question that nothing in the knowledge holds (WeightedWord.unheld). */
  lacksSubject: boolean;
  /**
   * The answering sentence states a fact of the kind the question asks for (answer-kind.ts): a
   * heading, or a sentence naming no length of time for "how long", answers nothing.
   */
  leadFits: boolean;
  /**
   * The best passage is a record of the directory (a person, a group) that lacks a word of the
   * question: "is there parking at the Isafjordur site" finds the site manager's record, which
   * answers nothing about parking. A record answers only what it holds whole.
   */
  partialRecord: boolean;
  /**
   * The best passage holds an HR topic of the question (a word with everyday alternatives:
   * "vacation", "sick days") only as a word every kind of it shares ("leave", "ill"): "how many
   * vacation days per year" against "15 days of compassionate leave per year".
   */
  lacksTopic: boolean;
}

/** The weight of the question a passage's hits cover: for each word, the best credit among the alternatives it holds. */
export function coveredWeight(hits: readonly boolean[], words: readonly WeightedWord[]): number {
  let covered = 0;
  let index = 0;
  for (const word of words) {
    let best = 0;
    for (const alternative of word.alternatives) if (hits[index++]) best = Math.max(best, alternative.credit);
    covered += best;
  }
  return covered;
}

/** Whether a passage's hits miss a word nothing in the organization's knowledge holds: what the question is about is not there. */
export function lacksSubject(hits: readonly boolean[], words: readonly WeightedWord[]): boolean {
  let index = 0;
  for (const word of words) {
    const held = word.alternatives.some((_, k) => hits[index + k]);
    index += word.alternatives.length;
    if (word.unheld && !held) return true;
  }
  return false;
}

/**
 * Whether a passage lacks a word of the question at least as heavy (as rare) as any word it holds:
 * what the question is about is not there, only its lighter words ("dress code" of "is there a
 * dress code for the Kampala office", against a record holding "Kampala").
 */
export function lacksHeavierWord(hits: readonly boolean[], words: readonly WeightedWord[]): boolean {
  let index = 0;
  let heaviestHeld = 0;
  let heaviestLacked = 0;
  for (const word of words) {
    const held = word.alternatives.some((_, k) => hits[index + k]);
    index += word.alternatives.length;
    if (held) heaviestHeld = Math.max(heaviestHeld, word.weight);
    else heaviestLacked = Math.max(heaviestLacked, word.weight);
  }
  return heaviestLacked > 0 && heaviestLacked >= heaviestHeld;
}

/**
 * Alternatives that every kind of an HR topic shares: holding one of them alone is no sign that a
 * passage speaks of the kind asked about ("compassionate leave" holds "leave", "a seriously ill
 * partner" holds "ill").
 */
const SHARED_BY_KINDS = new Set(['leave', 'ill', 'time off', 'day off', 'days off']);

/**
 * Whether a passage holds some HR topic of the question only by what all its kinds share. Its
 * text is read for the topic's own words too: the index's hits of phrases ("annual leave") are
 * not relied on, a passage stating the phrase holds it.
 */
export function lacksTopic(hits: readonly boolean[], words: readonly WeightedWord[], text: string): boolean {
  const lower = text.toLowerCase();
  let index = 0;
  for (const word of words) {
    const held = word.alternatives.filter((_, k) => hits[index + k]);
    index += word.alternatives.length;
    // Only a kind named as a thing ("vacation", "sick days"), not the shared word itself ("how much
    // leave", "time off") nor a state ("my mother is sick": "a seriously ill parent" is what is asked).
    if (SHARED_BY_KINDS.has(word.text.toLowerCase()) || !isMainlyNoun(word.text.toLowerCase())) continue;
    const shared = (a: WeightedAlternative) => a.origin === 'vocabulary' && SHARED_BY_KINDS.has(a.text);
    const own = word.alternatives.filter((a) => !shared(a)).map((a) => a.text.toLowerCase());
    if (held.length && held.every(shared) && !own.some((w) => wordIn(lower, w))) return true;
  }
  return false;
}

/** Whether a text holds a word or phrase whole (not inside a longer word), with a plural "s". */
function wordIn(text: string, phrase: string): boolean {
  for (let at = text.indexOf(phrase); at >= 0; at = text.indexOf(phrase, at + 1)) {
    const after = text[at + phrase.length] === 's' ? at + phrase.length + 1 : at + phrase.length;
    if (!/\p{L}/u.test(text[at - 1] ?? '') && !/\p{L}/u.test(text[after] ?? '')) return true;
  }
  return false;
}

/**
 * How sure retrieval is (docs/agent.md, "Confidence"). Nothing found, or a best passage covering
 * no more of the question than an answer must (MIN_COVERAGE: with embeddings, retrieval keeps such
 * passages for the model to judge), is UNKNOWN. ANSWERED needs the best passage to cover most of
 * the question's weight and its answering sentence a good part of it, and to hold every subject
 * of the question the knowledge holds nowhere ("is there parking at the Esbjerg plant": a record of
 * someone at the Esbjerg plant answers no question about parking); anything short of that is
 * UNSURE: the closest passages are offered.
 */
export function confidenceOf(evidence: Evidence | null): AnswerConfidence {
  if (!evidence || evidence.share <= MIN_COVERAGE) return AnswerConfidence.UNKNOWN;
  return evidence.share >= SHARE &&
    evidence.leadShare >= LEAD_SHARE &&
    !evidence.lacksSubject &&
    evidence.leadFits &&
    !evidence.partialRecord &&
    !evidence.lacksTopic
    ? AnswerConfidence.ANSWERED
    : AnswerConfidence.UNSURE;
}

/**
 * The best passage's cover of the question that answers, and its answering sentence's. Chosen on
 * test/agent-questions.test.ts (both corpora, 159 document and 48 unanswerable questions): of the
 * grid 0.4-0.8 by 0.05 and 0.3-0.7, these answered fewest wrong for most right. Measured there
 * too and not used: whether the best passage holds the question's rarest word (nothing changed),
 * and a near tie with the best passage of another document (it made 3 right answers unsure, no wrong one).
 */
export const SHARE = 0.55;
export const LEAD_SHARE = 0.4;

/**
 * A chunk's section heading: its first line when a single line break follows it (the chunker puts
 * the heading alone on the first line; paragraphs are separated by blank lines). Null otherwise.
 */
export function sectionOf(text: string): string | null {
  const match = /^([^\n]{1,200})\n(?!\n)/.exec(text);
  return match ? match[1].trim() || null : null;
}
