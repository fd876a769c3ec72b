import type { Token } from './directory-lexicon';

/**
 * Roles named the way people say them: "the CFO", "vp sales", "the people ops coordinator", "the
 * payroll guy". A title and a phrase of a question are compared word by word in one short form
 * (operations and ops, vice president and VP, people and HR are one word each), small words aside;
 * a phrase names a title when its words are all words of the title (or the title's initials), so
 * that the organization's own titles are the vocabulary and nothing is written per company.
 */

/** Everyday short forms, both ways: each long form (one or two words) is read as its short form. */
const SHORT: Record<string, string> = {
  operations: 'ops', operation: 'ops', operational: 'ops', manager: 'mgr', managers: 'mgr', management: 'mgmt',
  engineer: 'eng', engineering: 'eng', developer: 'dev', development: 'dev', people: 'hr', personnel: 'hr',
  'human resources': 'hr', 'vice president': 'vp', 'quality assurance': 'qa', quality: 'qa', assistant: 'asst',
  senior: 'sr', junior: 'jr', director: 'dir', administrator: 'admin', administration: 'admin',
  technology: 'tech', technical: 'tech', information: 'info', financial: 'finance', accounting: 'accounts',
  marketing: 'mktg', executive: 'exec', coordinator: 'coord', department: 'dept', president: 'pres',
  representative: 'rep', representatives: 'reps', veterinarian: 'vet', veterinary: 'vet',
  'talent acquisition': 'recruiting', recruitment: 'recruiting',
  // "our sysadmin": a Systems Administrator, as IT people say it.
  'systems administrator': 'sysadmin', 'system administrator': 'sysadmin', 'sys admin': 'sysadmin',
}; // prettier-ignore

/** Words a title is compared without. */
const SMALL = new Set(['of', 'and', '&', 'the', 'for', 'a', 'an', 'in', 'to']);

/** Words that alone name no role ("the manager", "the lead"): a role phrase needs another word. */
const GENERIC = new Set([
  'lead', 'head', 'mgr', 'chief', 'officer', 'sr', 'jr', 'coord', 'specialist', 'dir', 'asst', 'staff', 'team',
  'member', 'senior', 'junior', 'principal', 'associate', 'partner', 'rep', 'exec', 'pres',
]); // prettier-ignore

/** Words that say "the person with this role" after it ("the payroll guy"); eaten with the phrase. */
export const PERSON_NOUNS = new Set([
  'guy',
  'gal',
  'person',
  'lady',
  'man',
  'woman',
  'folks',
  'dude',
  'one',
  'contact',
]);

/** Words that make a title a head's ("head of", "manager", "chief"): preferred when the question asks who runs something. */
const HEAD_WORDS = new Set(['head', 'mgr', 'chief', 'dir', 'lead', 'vp', 'pres']);

/** Verbs of the area a role looks after ("who handles payroll", "who covers procurement"). */
const AREA_VERBS = ['handles', 'handle', 'covers', 'cover', 'oversees', 'oversee'];

/** The most words of a role phrase ("regional ops manager for the west region"). */
const MAX_ROLE_WORDS = 8;

/** A word's everyday short form ("operations" is "ops"), or the word itself. */
export const shortWord = (word: string): string => SHORT[word] ?? word;

/** A title's words in their short forms, small words aside. */
export function shortForms(words: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const pair = SHORT[`${words[i]} ${words[i + 1] ?? ''}`];
    if (pair) {
      out.push(pair);
      i++;
    } else if (!SMALL.has(words[i])) out.push(SHORT[words[i]] ?? words[i]);
  }
  return out;
}

/** A title as compared: its short words, and its initials when it has three words or more ("Chief Financial Officer" is "cfo"). */
export interface RoleTitle {
  title: string;
  words: Set<string>;
  initials: string | null;
  /** Its place among the organization's titles: answers keep that order. */
  at: number;
}

/**
 * The organization's titles indexed by their short words and initials, so a phrase is looked up,
 * not compared with every title (an organization may have thousands). Built once per set of titles
 * (directory-lexicon.ts caches it with the values it is built from).
 */
export interface RoleIndex {
  size: number;
  byWord: Map<string, RoleTitle[]>;
  byInitials: Map<string, RoleTitle[]>;
  /** The titles' words by their first STEM letters: the words another form of a word may be (sameStem). */
  byStem: Map<string, string[]>;
  /** Titles by the initials of two or three of their words in a row ("ro" for Reverse Osmosis Plant Supervisor, "ei" for Electrical and Instrumentation Technician). */
  byRun: Map<string, RoleTitle[]>;
}

export function roleIndex(titles: readonly string[], words: (title: string) => string[]): RoleIndex {
  const index: RoleIndex = {
    size: titles.length,
    byWord: new Map(),
    byInitials: new Map(),
    byStem: new Map(),
    byRun: new Map(),
  };
  const add = (map: Map<string, RoleTitle[]>, key: string, title: RoleTitle) => {
    const list = map.get(key);
    if (list) list.push(title);
    else map.set(key, [title]);
  };
  titles.forEach((title, at) => {
    const all = words(title);
    const content = all.filter((w) => !SMALL.has(w));
    const initials = content.length >= 3 && content.length <= 5 ? content.map((w) => w[0]).join('') : null;
    const role: RoleTitle = { title, words: new Set(shortForms(all)), initials, at };
    for (const word of role.words) add(index.byWord, word, role);
    if (initials) add(index.byInitials, initials, role);
    for (let n = 2; n <= 3; n++)
      for (let i = 0; i + n <= content.length; i++) {
        const run = content
          .slice(i, i + n)
          .map((w) => w[0])
          .join('');
        if (!index.byRun.get(run)?.includes(role)) add(index.byRun, run, role);
      }
  });
  for (const word of index.byWord.keys())
    if (word.length >= STEM) {
      const stem = word.slice(0, STEM);
      index.byStem.set(stem, [...(index.byStem.get(stem) ?? []), word]);
    }
  return index;
}

/** A phrase of a question that names one or more titles: token positions [start, end), person noun included. */
export interface RolePhrase {
  start: number;
  end: number;
  titles: string[];
  /** The phrase as written ("cfo", "payroll guy"). */
  text: string;
  /** Written without "the", "our" or "a" before it ("who is vp of drilling ops"). */
  bare: boolean;
  /** Written in the plural ("the people partners", "the payroll folks"): all its holders are asked for. */
  plural: boolean;
}

/** Whether a role phrase's words name its titles in the plural: its last word is none of theirs and ends so. */
export function pluralRole(
  words: readonly string[],
  titles: readonly string[],
  titleWords: (t: string) => string[],
): boolean {
  const last = words[words.length - 1];
  return /[^s]s$/.test(last) && !titles.some((t) => titleWords(t).includes(last));
}

/**
 * The titles a phrase of words names: the titles whose short words are exactly its words, or
 * whose initials it is; else those holding all its words (one of them not generic); heads'
 * titles first when `head` is asked.
 */
export function titlesNamed(phrase: readonly string[], index: RoleIndex, head = false, exactOnly = false): string[] {
  // "the harvest technicians": a word no title holds, read in the singular when one holds that, or
  // as the title word of its stem ("the west region" for "Regional Operations Manager, West").
  const short = [
    ...new Set(shortForms(phrase).map((w) => (index.byWord.has(w) ? w : (singular(w, index) ?? sameStem(w, index))))),
  ];
  if (short.length === 0) return [];
  // The titles holding every word of the phrase: those of its rarest word that hold the others. A
  // short word no title holds may be the initials of some of a title's words ("the RO plant
  // supervisors", "the E&I techs").
  const lists = short.map((w) => index.byWord.get(w) ?? runOf(w, index));
  const rarest = lists.reduce((a, b) => (b.length < a.length ? b : a));
  // A word's titles as a set only for initials (a title's words are a set already): no list is searched.
  const runs = short.map((w, k) => (index.byWord.has(w) ? null : new Set(lists[k])));
  const holding = rarest.filter((t) => short.every((w, k) => runs[k]?.has(t) ?? t.words.has(w)));
  // Bare, one word names a title only as its initials: "accountant" alone stays a title to filter by.
  const whole = !exactOnly || short.length > 1;
  const initials = short.length === 1 ? (index.byInitials.get(short[0]) ?? []) : [];
  const exact = [...new Set([...(whole ? holding.filter((t) => short.length === t.words.size) : []), ...initials])];
  if (exact.length || exactOnly) return inOrder(exact);
  if (short.every((w) => GENERIC.has(w))) return [];
  const heads = head ? holding.filter((t) => [...t.words].some((w) => HEAD_WORDS.has(w))) : [];
  return inOrder(heads.length ? heads : holding);
}

/** The titles a short word no title holds names as the initials of two or three of their words ("ro", "e&i"). */
function runOf(word: string, index: RoleIndex): RoleTitle[] {
  const letters = word.replace(/&/g, '');
  // A whole title's initials ("ceo") name that title, not some of another's words.
  if (letters.length < 2 || letters.length > 3 || !/^[a-z]+$/.test(letters) || index.byInitials.has(letters)) return [];
  return index.byRun.get(letters) ?? [];
}

/** Plurals clipped in everyday speech, by the title word they stand for ("the E&I techs"). */
const CLIPPED: Record<string, string> = { techs: 'technician', admins: 'admin', engs: 'eng', mechs: 'mechanic' };

/**
 * A plural's singular that some title holds ("technicians", "secretaries", "coaches", "engineers"
 * for the short form "eng", "techs" for "technician"), or null.
 */
function singular(word: string, index: RoleIndex): string | null {
  const forms = [word.replace(/ies$/, 'y'), word.replace(/es$/, ''), word.replace(/s$/, '')].filter((f) => f !== word);
  const clipped = Object.hasOwn(CLIPPED, word) ? [CLIPPED[word]] : [];
  return [...clipped, ...forms, ...forms.map(shortWord)].find((f) => index.byWord.has(f)) ?? null;
}

/** The least letters two words share at their start to be read as one word's forms ("region", "regional"). */
const STEM = 5;

/**
 * The one word of the titles that begins as `word` does, for all but the last two letters of the
 * shorter ("region" and "regional", "recruiting" and "recruiter"), or the word itself. Only the
 * words sharing its first STEM letters are compared (byStem): a question's words are tried in up
 * to eight phrases each, against an organization's titles that may be thousands.
 */
function sameStem(word: string, index: RoleIndex): string {
  if (word.length < STEM) return word;
  const alike = (index.byStem.get(word.slice(0, STEM)) ?? []).filter((t) => {
    const shorter = Math.min(t.length, word.length);
    const stem = Math.max(STEM, shorter - 2);
    return t.slice(0, stem) === word.slice(0, stem);
  });
  return alike.length === 1 ? alike[0] : word;
}

const inOrder = (titles: RoleTitle[]) => [...titles].sort((a, b) => a.at - b.at).map((t) => t.title);

/**
 * The role phrases of a question: the longest run of words (at most MAX_ROLE_WORDS, none of them
 * `taken` by a name or a group, and covering a department or place of `soft` only when they name
 * a title exactly: "vp sales", "head of flight operations") after "the", "our", "your" or "a" (or after "of" when `head` is
 * asked: "in charge of forestry") that names a title, a person noun after it included. Without
 * such a word before it, only a whole title or its initials is a role ("who is vp of drilling
 * ops", "cto email?"): a title's words alone ("drilling") name no one there. A lone common word
 * ("the people") is no role. Linear: at most MAX_ROLE_WORDS phrases tried per word.
 */
export function rolePhrases(
  tokens: readonly Token[],
  titles: RoleIndex,
  taken: ReadonlySet<number>,
  common: ReadonlySet<string>,
  head = false,
  soft: readonly { start: number; end: number }[] = [],
  titleWords: (title: string) => string[] = () => [],
): RolePhrase[] {
  const found: RolePhrase[] = [];
  if (titles.size === 0) return found;
  for (let i = 0; i < tokens.length; i++) {
    const before = tokens[i - 1]?.word ?? '';
    // After a verb of looking after something ("who handles procurement"), the words name a role as after "the".
    const bare = !['the', 'our', 'your', 'a', 'an', 'ur', ...AREA_VERBS].includes(before) && !(head && before === 'of');
    for (let n = Math.min(MAX_ROLE_WORDS, tokens.length - i); n >= 1; n--) {
      const span = tokens.slice(i, i + n);
      if (span.some((_, k) => taken.has(i + k))) continue;
      const words = span.map((t) => t.word);
      if (SMALL.has(words[words.length - 1]) || SMALL.has(words[0]) || PERSON_NOUNS.has(words[0])) continue;
      const noun = PERSON_NOUNS.has(tokens[i + n]?.word ?? '');
      if (n === 1 && common.has(words[0]) && !noun) continue;
      // A department or place inside the phrase, whole ("head of flight operations"), never cut.
      const touched = soft.filter((v) => v.start < i + n && i < v.end);
      const overValue = touched.length > 0;
      if (overValue && (n === 1 || touched.some((v) => v.start < i || v.end > i + n))) continue;
      const named = titlesNamed(words, titles, head, bare || overValue);
      if (named.length === 0) continue;
      const plural = tokens[i + n]?.word === 'folks' || pluralRole(words, named, titleWords);
      found.push({ start: i, end: i + n + (noun ? 1 : 0), titles: named, text: words.join(' '), bare, plural });
      i += n - 1;
      break;
    }
  }
  return found;
}
