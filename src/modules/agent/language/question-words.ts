import { parseDates } from './dates';
import { HR_CLASSES, QUESTION_FILLER } from './hr-vocabulary';
import { mendedWord } from './spelling';
import { broader, derived, opposites, synonyms } from './wordnet';

/** Where an alternative of a question word comes from; each counts for less than the word itself. */
export type Origin = 'word' | 'vocabulary' | 'synonym' | 'spelling' | 'related';

/**
 * How much a passage holding an alternative counts, against the word itself: the hand-written HR
 * vocabulary and a mended spelling are nearly as good; WordNet's synonyms of a word's first
 * senses less so, as some of them are meant in another sense; what the word is a kind of ("wife"
 * is a partner) or a word formed from it ("dies", "death") least, as they also mean other things.
 */
export const FACTORS: Record<Origin, number> = { word: 1, vocabulary: 0.9, spelling: 0.9, synonym: 0.7, related: 0.6 };

export interface Alternative {
  text: string;
  origin: Origin;
}

/** A word (or an HR phrase) of the question and the other ways a passage may say it. */
export interface QuestionWord {
  text: string;
  /** The word frames the question ("what does the handbook say about"): it carries no weight. */
  filler: boolean;
  /** The word is part of a date or a time ("last night", "two months ago"): the asker's case, not the subject. */
  dated: boolean;
  alternatives: Alternative[];
}

/** At most this many WordNet synonyms of a word: the first senses' words come first. */
const MAX_SYNONYMS = 6;

/** A word without a plural "s", so that "holidays" finds the class of "holiday". */
function singular(word: string): string {
  return word.length > 3 && /[^su]s$/.test(word) ? word.slice(0, -1) : word;
}

/** The words of a text in lower case, possessives taken off, each with where it starts. */
const tokensAt = (text: string): { token: string; at: number }[] =>
  [
    ...text
      .toLowerCase()
      .replace(/[’‘]/g, "'")
      .matchAll(/[a-z0-9]+(?:[-'][a-z0-9]+)*/g),
  ].map((m) => ({ token: m[0].replace(/'s?$/, ''), at: m.index }));

const tokens = (text: string): string[] => tokensAt(text).map((t) => t.token);

interface Phrases {
  /** The classes of each phrase, by its singular words joined with spaces. */
  classes: Map<string, number[]>;
  longest: number;
}

let phrases: Phrases | null = null;

function vocabulary(): Phrases {
  if (phrases) return phrases;
  const classes = new Map<string, number[]>();
  let longest = 1;
  HR_CLASSES.forEach((members, index) => {
    for (const member of members) {
      const words = tokens(member).map(singular);
      longest = Math.max(longest, words.length);
      const key = words.join(' ');
      classes.set(key, [...new Set([...(classes.get(key) ?? []), index])]);
    }
  });
  phrases = { classes, longest };
  return phrases;
}

/** The other members of the classes a phrase belongs to. */
function vocabularyAlternatives(key: string, classes: number[]): Alternative[] {
  const others = classes
    .flatMap((c) => HR_CLASSES[c])
    .filter((member) => tokens(member).map(singular).join(' ') !== key);
  return [...new Set(others)].map((text) => ({ text, origin: 'vocabulary' as const }));
}

/** Words that turn the next one into its opposite: "don't agree" is "disagree", "not paid" is "unpaid". */
const NEGATIONS = new Set(
  `not no never don't dont doesn't doesnt didn't didnt isn't isnt aren't arent wasn't wasnt won't wont
   can't cant cannot haven't havent hasn't hasnt wouldn't shouldn't`.split(/\s+/),
);

/** Words that may stand between a negation and the word it turns ("do not really agree"). */
const SOFTENERS = new Set(['really', 'fully', 'quite', 'even', 'yet', 'be', 'get', 'got', 'being']);

/** Whether the token at `k` is negated: a negation just before it, softeners aside. */
function negated(typed: readonly string[], k: number): boolean {
  let j = k - 1;
  while (j >= 0 && SOFTENERS.has(typed[j])) j--;
  return j >= 0 && NEGATIONS.has(typed[j]);
}

/** A negated word's opposites, which say the same in one word ("unpaid"); none for a word not negated. */
function negatedOpposites(word: string, typed: readonly string[], k: number): Alternative[] {
  return negated(typed, k) ? opposites(word).map((text) => ({ text, origin: 'synonym' as const })) : [];
}

/** A single word's alternatives: its WordNet synonyms, what it is a kind of and words formed from it. */
function wordAlternatives(word: string): Alternative[] {
  return [
    ...synonyms(word)
      .slice(0, MAX_SYNONYMS)
      .map((text) => ({ text, origin: 'synonym' as const })),
    ...[...broader(word), ...derived(word)].map((text) => ({ text, origin: 'related' as const })),
  ];
}

/**
 * The most content words of a question read: a question is a sentence or two, and a long text's
 * first words stand for it (10,000 characters are allowed), so that its length never grows the
 * work of reading it (mending a word costs up to a millisecond) nor the statements that follow.
 */
export const MAX_QUESTION_WORDS = 40;

/** The most tokens looked at to find them: stop words and filler come between content words. */
const MAX_TOKENS = 4 * MAX_QUESTION_WORDS;

/**
 * The question's words, each with its alternatives: an HR phrase of the vocabulary (the longest
 * found at each place) is one word with the other members of its classes; any other word comes
 * with its WordNet synonyms and related words. A word that is no English word is read as the word
 * it was meant to be ("holliday pay"), kept as typed too (a name or a code the records may hold).
 * Stop words are left for PostgreSQL's parser to drop; filler words are marked, unless the
 * question has nothing else. At most MAX_QUESTION_WORDS content words, the first ones.
 */
export function questionWords(question: string): QuestionWord[] {
  const { classes, longest } = vocabulary();
  const read = tokensAt(question).slice(0, MAX_TOKENS);
  const typed = read.map((t) => t.token);
  // Dates and times as chrono-node reads them, in the part of the text read (bounded like the words).
  const end = read.length ? read[read.length - 1].at + read[read.length - 1].token.length : 0;
  const dates = parseDates(question.slice(0, end)).map((d) => [d.index, d.index + d.text.length]);
  const dated = (start: number, n: number) =>
    read.slice(start, start + n).every(({ at }) => dates.some(([from, to]) => at >= from && at < to));
  const meant: string[] = [];
  const mean = (k: number) => (meant[k] ??= mendedWord(typed[k]) ?? typed[k]);
  const span = (start: number, n: number) => Array.from({ length: n }, (_, j) => mean(start + j));
  const words: QuestionWord[] = [];
  let content = 0;
  for (let i = 0; i < typed.length && content < MAX_QUESTION_WORDS;) {
    let n = Math.min(longest, typed.length - i);
    let found: number[] | undefined;
    for (; n > 0 && !found; n--) found = classes.get(span(i, n).map(singular).join(' '));
    n = found ? n + 1 : 1;
    const text = typed.slice(i, i + n).join(' ');
    const intended = span(i, n).join(' ');
    const mended: Alternative[] = intended === text ? [] : [{ text: intended, origin: 'spelling' }];
    if (found) {
      const key = span(i, n).map(singular).join(' ');
      words.push({
        text,
        filler: false,
        dated: dated(i, n),
        alternatives: [...mended, ...negatedOpposites(intended, typed, i), ...vocabularyAlternatives(key, found)],
      });
    } else {
      const filler = QUESTION_FILLER.has(intended) || QUESTION_FILLER.has(singular(intended));
      words.push({
        text,
        filler,
        dated: dated(i, n),
        alternatives:
          filler || /\d/.test(text)
            ? []
            : [...mended, ...negatedOpposites(intended, typed, i), ...wordAlternatives(intended)],
      });
    }
    if (!words[words.length - 1].filler) content++;
    i += n;
  }
  const unique = words.filter((w, index) => words.findIndex((o) => o.text === w.text) === index);
  return unique.every((w) => w.filler) ? unique.map((w) => ({ ...w, filler: false })) : unique;
}
