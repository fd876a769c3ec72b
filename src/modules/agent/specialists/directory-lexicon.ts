import type { EntityManager } from '@mikro-orm/postgresql';
import { Employee } from '../../employee/employee.entity';
import { Group } from '../../group/group.entity';
import { editDistance } from '../language/edit-distance';

/**
 * The organization's own words, loaded per question: its people's names and the distinct values
 * of their departments, locations and titles, and its groups' names. A question is read against
 * them, so "how many people in Oslo" or "is Priya in Finance" need no code for Oslo or Finance.
 */

/** What a person is known by to the directory's reader. */
export interface LexPerson {
  id: string;
  name: string;
  title: string | null;
  department: string | null;
  location: string | null;
  email: string | null;
  startDate: string | null;
  managerId: string | null;
  active: boolean;
}

export interface LexGroup {
  id: string;
  name: string;
  description: string | null;
}

export interface Lexicon {
  people: LexPerson[];
  groups: LexGroup[];
}

/** The kinds of the organization's values a phrase of a question can name. */
export type MentionKind = 'person' | 'group' | 'department' | 'location' | 'title';

/** A phrase of the question that names the organization's records or values. */
export interface Mention {
  kind: MentionKind;
  /** The people a person mention may mean (several for a first name two people share), or the group's id. */
  ids: string[];
  /** The value as the directory holds it ("Customer Success", "Oslo"). */
  value: string;
  /** Token positions [start, end). */
  start: number;
  end: number;
  /** Written in the possessive ("Priya's"). */
  possessive: boolean;
}

/**
 * Both look-ups of a question at once: every employee (their values are the lexicon and, for
 * questions about reports, the org chart) and every group. The request's entity manager applies
 * the tenancy filter, so another organization's records are never in it.
 */
export async function loadLexicon(em: EntityManager): Promise<Lexicon> {
  const [employees, groups] = await Promise.all([
    em.find(Employee, {}, { orderBy: { name: 'asc', id: 'asc' } }),
    em.find(Group, { active: true }, { orderBy: { name: 'asc' } }),
  ]);
  return {
    people: employees.map((e) => ({
      id: e.id,
      name: e.name,
      title: e.title ?? null,
      department: e.department ?? null,
      location: e.location ?? null,
      email: e.email ?? null,
      startDate: e.startDate ?? null,
      managerId: e.manager?.id ?? null,
      active: e.active,
    })),
    groups: groups.map((g) => ({ id: g.id, name: g.name, description: g.description ?? null })),
  };
}

/** A word of a question: its letters lower-cased, and whether it was written capitalised or in the possessive. */
export interface Token {
  word: string;
  capital: boolean;
  possessive: boolean;
}

/** The longest question read as a directory query, in characters: a query is a sentence or two. */
export const MAX_QUERY = 300;

/**
 * The words of a question, in one pass: "Priya's" is "priya" in the possessive, "who's" is "who
 * is", "e-mail" one word.
 */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const [raw] of text.slice(0, MAX_QUERY).matchAll(/[\p{L}\p{N}][\p{L}\p{N}&'’.-]*/gu)) {
    // Marks after the word taken off in code (a pattern anchored at the end is retried at each mark); a quote among them is a possessive.
    let end = raw.length;
    while (end > 0 && ".'’-".includes(raw[end - 1])) end--;
    let word = raw.slice(0, end) + (/['’]/.test(raw.slice(end)) ? "'" : '');
    let possessive = false;
    const lower = word.toLowerCase();
    if (lower.endsWith("'s") || lower.endsWith('’s')) {
      word = word.slice(0, -2);
      possessive = true;
    } else if (word.endsWith("'")) {
      word = word.slice(0, -1);
      possessive = true;
    }
    const base = word.toLowerCase();
    if (possessive && CONTRACTED.has(base)) {
      tokens.push({ word: base, capital: false, possessive: false }, { word: 'is', capital: false, possessive: false });
      continue;
    }
    if (!base) continue;
    tokens.push({ word: base, capital: /^\p{Lu}/u.test(word), possessive });
  }
  return tokens;
}

/** Words whose "'s" is "is" ("who's"), not a possessive. */
const CONTRACTED = new Set(['who', 'what', 'where', 'when', 'how', 'that', 'there', 'it', 'he', 'she']);

/** Words a name or a value is never read from alone, though someone may be called so ("Will", "May"). */
const FUNCTION_WORDS = new Set(
  `a an the and or but of in on at to for from by with as is are was were be been do does did has have had
  who whom whose what which where when how why many much any some all every no not me my i you your we our us
  he him his she her they them their it its this that these those there here please thanks can could would will
  may might shall should must if whether also just than then so very people staff team members member group
  groups employees employee person work works working office manager boss report reports lead leads title job
  role email mail reach contact city location department`.split(/\s+/),
);

const normal = (value: string) => tokenize(value).map((t) => t.word);

/** A phrase index: each value's words, and what they name. */
interface Entry {
  kind: MentionKind;
  ids: string[];
  value: string;
}

/** The lexicon's phrases by their words joined with spaces, and the longest phrase in words. */
export interface PhraseIndex {
  phrases: Map<string, Entry[]>;
  longest: number;
  /** Single words of names and values, by length, for misspellings. */
  words: Map<number, { word: string; entry: Entry }[]>;
}

/** Indexes a lexicon's names and values by their words (full names, first and last names, plural titles). */
export function indexLexicon(lexicon: Lexicon): PhraseIndex {
  const phrases = new Map<string, Entry[]>();
  const words = new Map<number, { word: string; entry: Entry }[]>();
  let longest = 1;
  const add = (key: string[], entry: Entry) => {
    if (key.length === 0) return;
    const joined = key.join(' ');
    const list = phrases.get(joined) ?? [];
    const same = list.find((e) => e.kind === entry.kind && e.value === entry.value);
    if (same) same.ids.push(...entry.ids.filter((id) => !same.ids.includes(id)));
    else list.push({ ...entry, ids: [...entry.ids] });
    phrases.set(joined, list);
    longest = Math.max(longest, key.length);
  };
  const addWord = (word: string, entry: Entry) => {
    if (word.length < 4) return;
    const list = words.get(word.length) ?? [];
    list.push({ word, entry });
    words.set(word.length, list);
  };
  for (const p of lexicon.people) {
    const parts = normal(p.name);
    const entry: Entry = { kind: 'person', ids: [p.id], value: p.name };
    add(parts, entry);
    if (parts.length > 1) {
      add([parts[0]], entry);
      add([parts[parts.length - 1]], entry);
    }
    for (const part of new Set(parts)) addWord(part, entry);
  }
  for (const g of lexicon.groups) {
    const parts = normal(g.name);
    const entry: Entry = { kind: 'group', ids: [g.id], value: g.name };
    add(parts, entry);
    if (parts[0] === 'the') add(parts.slice(1), entry);
    if (parts.length === 1) addWord(parts[0], entry);
  }
  const values = (kind: MentionKind, of: (p: LexPerson) => string | null) => {
    for (const value of new Set(lexicon.people.map(of))) {
      if (!value) continue;
      const parts = normal(value);
      const entry: Entry = { kind, ids: [], value };
      add(parts, entry);
      if (kind === 'title' && parts.length) add([...parts.slice(0, -1), plural(parts[parts.length - 1])], entry);
      if (parts.length === 1) addWord(parts[0], entry);
    }
  };
  values('department', (p) => p.department);
  values('location', (p) => p.location);
  values('title', (p) => p.title);
  return { phrases, longest: Math.min(longest, 8), words };
}

function plural(word: string): string {
  if (/(?:s|x|ch|sh)$/.test(word)) return `${word}es`;
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  return `${word}s`;
}

/** Which kind wins when one phrase names several ("Engineering" a department and a group): the more specific first. */
const PRIORITY: readonly MentionKind[] = ['person', 'group', 'department', 'location', 'title'];

/**
 * The phrases of a question that name the organization's records or values, longest first at
 * each word, left to right: at most `longest` look-ups per word. A word no phrase holds may be a
 * misspelling of one name or value (within 1 edit for short words, 2 for long ones) when exactly
 * one is that close. Function words are never a name alone.
 */
export function findMentions(tokens: Token[], index: PhraseIndex, keywords: ReadonlySet<string>): Mention[] {
  const mentions: Mention[] = [];
  for (let i = 0; i < tokens.length;) {
    let found: Mention | null = null;
    for (let n = Math.min(index.longest, tokens.length - i); n >= 1 && !found; n--) {
      // A possessive ends a phrase: "Ana's team" is Ana, then "team".
      if (tokens.slice(i, i + n - 1).some((t) => t.possessive)) continue;
      const key = tokens
        .slice(i, i + n)
        .map((t) => t.word)
        .join(' ');
      const entries = index.phrases.get(key);
      if (!entries) continue;
      const lone = n === 1 && (FUNCTION_WORDS.has(key) || keywords.has(key));
      // A word such as "people" names a department only when written as a name ("in People").
      if (lone && !tokens[i].capital) continue;
      const entry = [...entries].sort((a, b) => PRIORITY.indexOf(a.kind) - PRIORITY.indexOf(b.kind))[0];
      found = mention(entry, i, i + n, tokens[i + n - 1].possessive);
    }
    if (!found) found = misspelt(tokens, i, index, keywords);
    if (found) {
      const last = mentions[mentions.length - 1];
      // "Priya Sharmaa": a first name and a misspelt last name of the same person are one mention.
      if (last && last.kind === 'person' && found.kind === 'person' && last.end === i && !last.possessive) {
        const both = last.ids.filter((id) => found!.ids.includes(id));
        if (both.length) {
          mentions[mentions.length - 1] = {
            ...last,
            ids: both,
            value: found.value,
            end: found.end,
            possessive: found.possessive,
          };
          i = found.end;
          continue;
        }
      }
      mentions.push(found);
      i = found.end;
    } else i++;
  }
  return mentions;
}

const mention = (entry: Entry, start: number, end: number, possessive: boolean): Mention => ({
  kind: entry.kind,
  ids: entry.ids,
  value: entry.value,
  start,
  end,
  possessive,
});

/** The one name or value a word is a misspelling of, or null (none, or several as close). */
function misspelt(tokens: Token[], i: number, index: PhraseIndex, keywords: ReadonlySet<string>): Mention | null {
  const { word } = tokens[i];
  if (word.length < 4 || FUNCTION_WORDS.has(word) || keywords.has(word) || /\d/.test(word)) return null;
  const limit = word.length >= 7 ? 2 : 1;
  const close: Entry[] = [];
  for (let length = word.length - limit; length <= word.length + limit; length++) {
    for (const candidate of index.words.get(length) ?? []) {
      if (editDistance(word, candidate.word, limit) > limit) continue;
      if (!close.some((e) => e.kind === candidate.entry.kind && e.value === candidate.entry.value))
        close.push(candidate.entry);
    }
  }
  if (close.length !== 1) return null;
  return mention(close[0], i, i + 1, tokens[i].possessive);
}
