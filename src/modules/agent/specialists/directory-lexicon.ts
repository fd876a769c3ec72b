import type { EntityManager } from '@mikro-orm/postgresql';
import { Group } from '../../group/group.entity';
import { editDistance } from '../language/edit-distance';
import { foldName } from '../../../common/fold-name';
import { type RoleIndex, roleIndex, rolePhrases, shortWord } from './directory-roles';
import { isEnglishWord, isMainlyNoun } from '../language/wordnet';
import { distinctValues, type LexPerson, nameWordsLike, peopleNamed, splitWords } from './directory-records';

export type { LexPerson } from './directory-records';

/**
 * The organization's own words a question may use, loaded per question: the distinct values of
 * its people's departments, locations and titles, its groups' names, and the people whose names
 * the question's words are (or are misspellings of). A question is read against them, so "how
 * many people in Oslo" or "is Priya in Finance" need no code for Oslo or Finance.
 */

export interface LexGroup {
  id: string;
  name: string;
  description: string | null;
}

/** The distinct values of the organization's people, by field. */
export interface LexValues {
  department: string[];
  location: string[];
  title: string[];
}

export interface Lexicon {
  /** The people the question may name (never the whole organization). */
  people: LexPerson[];
  groups: LexGroup[];
  values: LexValues;
  /** The employee linked to the asker's account: null when none is, absent when not looked up. */
  self?: LexPerson | null;
  /** The words of the organization's own name, which a question may hold without asking of them. */
  organization?: readonly string[];
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
  /** The asker ("I", "me", "my"): ids is their employee's, or empty when their account has none. */
  self?: boolean;
  /** A person named by role ("the CFO"): the titles the phrase names; ids are their active holders. */
  role?: string[];
  /** A role written in the plural ("the quality managers"): its holders are asked for, not one person. */
  plural?: boolean;
  /** Named through their manager ("my manager", "Priya's boss's boss"): the manager this many levels above is meant. */
  up?: number;
}

/** The distinct values of a list of people (what loadLexicon reads from the whole organization). */
export function valuesOf(people: readonly LexPerson[]): LexValues {
  const distinct = (of: (p: LexPerson) => string | null) =>
    [...new Set(people.map(of))].filter((v): v is string => Boolean(v));
  return {
    department: distinct((p) => p.department),
    location: distinct((p) => p.location),
    title: distinct((p) => p.title),
  };
}

/**
 * What a question can name, in two round trips of at most four statements whatever the
 * organization's size: the distinct values, the groups, and the name words that may be
 * misspellings of the question's words (same first letter, near length), then the people with a
 * word of their name among the question's words or those misspellings (and the asker's own
 * employee). The request's entity manager limits each to the caller's organization.
 */
export async function loadLexicon(
  em: EntityManager,
  text: string,
  keywords: ReadonlySet<string>,
  account?: string,
): Promise<Lexicon> {
  const words = nameWords(text, keywords);
  const spellable = words.filter((w) => w.length >= 4 && !/\d/.test(w));
  const [{ values, organization }, groups, near] = await Promise.all([
    distinctValues(em),
    em.find(Group, { active: true }, { orderBy: { name: 'asc' } }),
    nameWordsLike(em, spellable),
  ]);
  const misspelt = near.filter(
    (n) => !words.includes(n) && spellable.some((w) => editDistance(w, n, limitFor(w)) <= limitFor(w)),
  );
  // The holders of the titles a phrase may name by role ("the CFO", "the payroll guy"), loaded with the names.
  const tokens = tokenize(text);
  const { roles: titles } = valueIndex(values);
  const roles = [true, false].flatMap((head) =>
    rolePhrases(tokens, titles, new Set(), keywords, head).flatMap((r) => r.titles),
  );
  // A title written out whole may name its holder too ("ceo email?").
  const written = findMentions(tokens, indexLexicon({ people: [], groups: [], values }), keywords);
  roles.push(...written.filter((m) => m.kind === 'title').map((m) => m.value));
  const { people, self } = await peopleNamed(em, [...words, ...misspelt], account, [...new Set(roles)]);
  return {
    people,
    groups: groups.map((g) => ({ id: g.id, name: g.name, description: g.description ?? null })),
    values,
    organization,
    ...(account ? { self } : {}),
  };
}

/**
 * The words of a question that may be part of someone's name, as SQL matches names (splitWords):
 * not a letter alone, nor a word the reader gives a meaning to unless written capitalised ("Will").
 */
function nameWords(text: string, keywords: ReadonlySet<string>): string[] {
  const words = new Set<string>();
  for (const raw of text.slice(0, MAX_QUERY).split(/\s+/)) {
    const capital = /^\P{L}*\p{Lu}/u.test(raw);
    for (const word of splitWords(raw)) {
      if (word.length < 2) continue;
      if (!capital && (FUNCTION_WORDS.has(word) || keywords.has(word))) continue;
      words.add(word);
    }
  }
  return [...words];
}

/** The edit distance a misspelling of a word may be at: 1 for a short word, 2 for a long one. */
const limitFor = (word: string) => (word.length >= 7 ? 2 : 1);

/** A word of a question: its letters lower-cased, and whether it was written capitalised or in the possessive. */
export interface Token {
  word: string;
  capital: boolean;
  /** Written in capitals, two letters or more ("IT", "HR", "JHSC"): initials may be read. */
  initials?: boolean;
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
    // Folded, as names are in SQL (directory-records.ts): "etienne" is Étienne; and without the
    // apostrophes inside a name, which people leave out typing it ("Nukualofa", "OBrien").
    const base = foldName(word)
      // Not a contraction's ("i'm", "don't"), which is read as written.
      .replace(/['’](?!(?:m|re|ve|ll|d|t)$)/g, '')
      // "Bishnu K.C." typed "kc": the dots between a name's letters too.
      .replace(/(?<=\p{L})\.(?=\p{L})/gu, '');
    if (possessive && CONTRACTED.has(base)) {
      tokens.push({ word: base, capital: false, possessive: false }, { word: 'is', capital: false, possessive: false });
      continue;
    }
    // "whos", "whats", "wheres": the contraction typed without its mark.
    if (!possessive && UNMARKED.has(base)) {
      tokens.push(
        { word: base.slice(0, -1), capital: false, possessive: false },
        { word: 'is', capital: false, possessive: false },
      );
      continue;
    }
    if (!base) continue;
    const initials = /^\p{Lu}{2,5}$/u.test(word);
    tokens.push({
      word: base,
      capital: /^[\u02b0-\u02ff]*\p{Lu}/u.test(word),
      possessive,
      ...(initials ? { initials } : {}),
    });
  }
  return tokens;
}

/** Words whose "'s" is "is" ("who's"), not a possessive. */
const CONTRACTED = new Set(['who', 'what', 'where', 'when', 'how', 'that', 'there', 'it', 'he', 'she']);

const UNMARKED = new Set(['whos', 'whats', 'wheres', 'hows']);

/** Words a name or a value is never read from alone, though someone may be called so ("Will", "May"). */
const FUNCTION_WORDS = new Set(
  `a an the and or but of in on at to for from by with as is are was were be been do does did has have had
  who whom whose what which where when how why many much any some all every no not me my i you your we our us
  he him his she her they them their it its this that these those there here please thanks can could would will
  may might shall should must if whether also just than then so very people staff team members member group
  groups employees employee person work works working office manager boss report reports lead leads title job
  role email mail reach contact city location department`.split(/\s+/),
);

/** The common words long enough that one edit from them is a slip ("peple"), not another word. */
const SLIPPABLE = [...FUNCTION_WORDS].filter((f) => f.length >= 4);

export const normal = (value: string) => tokenize(value).map((t) => t.word);

/** A phrase index: each value's words, and what they name. */
interface Entry {
  kind: MentionKind;
  ids: string[];
  value: string;
}

/** Phrases by their words joined with spaces, the longest phrase in words, and single words by length (for misspellings). */
interface PhraseLayer {
  phrases: Map<string, Entry[]>;
  longest: number;
  words: Map<number, { word: string; entry: Entry }[]>;
  /** Phrases of two words or more by their words with one long word left out ("green * committee"), for one misspelt word. */
  gapped: Map<string, { word: string; entry: Entry }[]>;
}

/**
 * What a question is read against: the question's people and groups (indexed per question) over
 * the organization's values (indexed once per set of values, valueIndex). Their kinds differ, so a
 * phrase's entries are those of both layers.
 */
export interface PhraseIndex {
  layers: PhraseLayer[];
  longest: number;
  /** Each person's entry and the words of their name, by employee id (restOfName reads only the people a first name named). */
  people: Map<string, { entry: Entry; words: string[] }>;
}

/** A layer being filled: add() merges one value named twice ("Ana Silva" twice is one entry with both ids). */
function phraseLayer() {
  const layer: PhraseLayer = { phrases: new Map(), longest: 1, words: new Map(), gapped: new Map() };
  const add = (key: string[], entry: Entry) => {
    if (key.length === 0) return;
    // "five a side" for "Five-a-side": a word joined by hyphens also as its parts.
    if (key.some((w) => w.includes('-'))) {
      const split = key.flatMap((w) => w.split('-')).filter(Boolean);
      if (split.length <= MAX_SPLIT) add(split, entry);
    }
    const joined = key.join(' ');
    // A person's misspelt name is found word by word (misspelt); a value's or group's here.
    if (key.length > 1 && entry.kind !== 'person')
      key.forEach((word, k) => {
        if (word.length < MISSPELT_LENGTH) return;
        const gap = key.map((w, j) => (j === k ? GAP : w)).join(' ');
        const list = layer.gapped.get(gap) ?? [];
        if (!list.some((g) => g.word === word && g.entry.value === entry.value)) list.push({ word, entry });
        layer.gapped.set(gap, list);
      });
    const list = layer.phrases.get(joined) ?? [];
    const same = list.find((e) => e.kind === entry.kind && e.value === entry.value);
    if (same) same.ids.push(...entry.ids.filter((id) => !same.ids.includes(id)));
    else list.push({ ...entry, ids: [...entry.ids] });
    layer.phrases.set(joined, list);
    layer.longest = Math.max(layer.longest, key.length);
  };
  const addWord = (word: string, entry: Entry) => {
    if (word.length < 4) return;
    const list = layer.words.get(word.length) ?? [];
    list.push({ word, entry });
    layer.words.set(word.length, list);
  };
  return { layer, add, addWord };
}

/** The most words a name's key split at its hyphens is indexed under (the index's longest phrase). */
const MAX_SPLIT = 8;

/** The shortest word read as a misspelling of a name's or value's word. */
const MISSPELT_LENGTH = 5;
/** Where a gapped key leaves its word out. */
const GAP = '\u0000';

/** The organization's values indexed for reading: their phrases, and its titles as roles. */
export interface ValueIndex {
  phrases: PhraseLayer;
  roles: RoleIndex;
}

/**
 * The last value sets indexed, by their values: an organization's titles, departments and places
 * change rarely, while indexing thousands of titles per question was most of a question's time
 * (bench agent/ask). Keyed by the values themselves, so a change is a new key on every instance
 * and no invalidation is needed; the oldest key goes past VALUE_INDEXES.
 */
const valueIndexes = new Map<string, ValueIndex>();
const VALUE_INDEXES = 16;

/** The index of a lexicon's own values object: a question reads it several times (lexicon, phrases, roles). */
const indexOfValues = new WeakMap<LexValues, ValueIndex>();

export function valueIndex(values: LexValues): ValueIndex {
  const known = indexOfValues.get(values);
  if (known) return known;
  const built = valueIndexByKey(values);
  indexOfValues.set(values, built);
  return built;
}

function valueIndexByKey(values: LexValues): ValueIndex {
  const key = [values.department, values.location, values.title].map((list) => list.join('\u0001')).join('\u0002');
  const cached = valueIndexes.get(key);
  if (cached) {
    // Most recently used last, so the oldest is first to go.
    valueIndexes.delete(key);
    valueIndexes.set(key, cached);
    return cached;
  }
  const { layer, add, addWord } = phraseLayer();
  for (const kind of ['department', 'location', 'title'] as const) {
    for (const value of new Set(values[kind])) {
      const parts = normal(value);
      const entry: Entry = { kind, ids: [], value };
      add(parts, entry);
      for (const form of ampersandForms(value)) add(form, entry);
      if (kind === 'title' && parts.length) add([...parts.slice(0, -1), plural(parts[parts.length - 1])], entry);
      // "flight ops", "hr": a department as people shorten it.
      if (kind === 'department' && parts.some((w) => shortWord(w) !== w)) add(parts.map(shortWord), entry);
      // "is Joseph in sales": a department by one side of its "&" or "and" (Sales & Partnerships).
      if (kind === 'department') for (const side of sidesOf(value)) add(side, entry);
      // "HSE people in Aberdeen", "who is in IT": a department by its initials (INITIALS_KEY).
      if (kind === 'department') for (const key of initialsKeys(parts)) add([key], entry);
      // "based in HCMC": a place by its initials too; two letters ("NY", "LA") only written in capitals.
      if (kind === 'location')
        for (const key of initialsKeys(parts))
          add([key.startsWith(INITIALS_KEY) || key.length > 2 ? key : INITIALS_KEY + key], entry);
      if (parts.length === 1) addWord(parts[0], entry);
    }
  }
  const built = { phrases: layer, roles: roleIndex(values.title, normal) };
  valueIndexes.set(key, built);
  if (valueIndexes.size > VALUE_INDEXES) valueIndexes.delete(valueIndexes.keys().next().value as string);
  return built;
}

/** Indexes a lexicon's names by their words (full names, first and last names) over its values' index. */
export function indexLexicon(lexicon: Lexicon): PhraseIndex {
  const { layer, add, addWord } = phraseLayer();
  const people = new Map<string, { entry: Entry; words: string[] }>();
  for (const p of lexicon.people) {
    const parts = normal(p.name);
    const entry: Entry = { kind: 'person', ids: [p.id], value: p.name };
    people.set(p.id, { entry, words: [...new Set(parts)] });
    add(parts, entry);
    if (parts.length > 1) {
      add([parts[0]], entry);
      add([parts[parts.length - 1]], entry);
    }
    // "Dev Raj" for Dev Raj Bhandari, "Fredy Ramirez" for John Fredy Ramírez: two words of a longer name in a row.
    if (parts.length > 2) {
      add(parts.slice(0, 2), entry);
      add(parts.slice(-2), entry);
    }
    for (const part of new Set(parts)) addWord(part, entry);
  }
  const shortNames = groupShortNames(
    lexicon.groups,
    new Set(lexicon.values.department.flatMap(normal)),
    new Set([...lexicon.values.department, ...lexicon.values.location].map((v) => normal(v).join(' '))),
    new Set(lexicon.organization ?? []),
  );
  for (const g of lexicon.groups) {
    const parts = normal(g.name);
    const entry: Entry = { kind: 'group', ids: [g.id], value: g.name };
    add(parts, entry);
    for (const short of shortNames.get(g.id) ?? []) add(short, entry);
    for (const form of ampersandForms(g.name)) add(form, entry);
    for (const form of joinedForms(parts)) add(form, entry);
    if (parts[0] === 'the') add(parts.slice(1), entry);
    // "the JHSC": a group by its initials (INITIALS_KEY).
    for (const key of initialsKeys(parts)) add([key], entry);
    if (parts.length === 1) addWord(parts[0], entry);
  }
  const values = valueIndex(lexicon.values).phrases;
  return { layers: [layer, values], longest: Math.min(Math.max(layer.longest, values.longest), 8), people };
}

/**
 * The shorter names a group is called by, when no other group is called so: its name without its
 * first words ("the language exchange" for the Spanish-Dutch Language Exchange), without one side
 * of an "and" ("sauna club" for the Sauna and Onsen Club), and with its words in their everyday
 * short forms ("safety reps"). Two words at least, by group id.
 */
function groupShortNames(
  groups: readonly LexGroup[],
  departmentWords: ReadonlySet<string>,
  valuePhrases: ReadonlySet<string>,
  organization: ReadonlySet<string>,
): Map<string, string[][]> {
  const shortNamesOf = (name: string): string[][] => {
    // "&" read as the "and" it stands for, so that its sides are dropped as an "and"'s are.
    const parts = normal(name.replace(/\s&\s/g, ' and '));
    const found = parts
      .slice(1, -1)
      .map((_, k) => parts.slice(k + 1))
      .filter((tail) => tail[0] !== 'and');
    const and = parts.indexOf('and');
    if (and >= 1 && and <= parts.length - 2)
      found.push(
        [...parts.slice(0, and), ...parts.slice(and + 2)],
        [...parts.slice(0, and - 1), ...parts.slice(and + 1)],
      );
    if (parts.some((w) => shortWord(w) !== w)) found.push(parts.map(shortWord));
    // "the SCADA working group" for the SCADA Upgrade Working Group: one word inside left out.
    if (parts.length >= 4) for (let k = 1; k < parts.length - 1; k++) found.push(parts.filter((_, j) => j !== k));
    // "the naadam committee" for the Naadam Organising Committee: its first and last words.
    if (parts.length >= 3 && parts[0] !== 'the') found.push([parts[0], parts[parts.length - 1]]);
    // "the eid and hogmanay events" for the Eid and Hogmanay Events Committee: without its kind.
    // "Los Cableros" for Los Cableros Five-a-side: without its last word, unless a value's name.
    const kinded = GROUP_KINDS.has(parts[parts.length - 1]);
    const core = kinded ? parts.slice(0, -1) : parts;
    if (parts.length >= 3 && parts[0] !== 'the' && !valuePhrases.has(parts.slice(0, -1).join(' ')))
      found.push(parts.slice(0, -1));
    // "the sevens team", "the cricket team": its last word and a word for a group, unless a
    // department's ("the safety team" may be the department's people).
    const last = core[core.length - 1];
    if (last && last.length >= 3 && !departmentWords.has(last) && !INITIALS_SKIP.has(last))
      for (const kind of KIND_SAID) if (kind !== parts[parts.length - 1]) found.push([last, kind]);
    // "Tui Moana" for Tui Moana Sevens is the organization's own name, not the group's.
    return found.filter((short) => short.length >= 2 && !short.every((w) => organization.has(w)));
  };
  const namesOf = (g: LexGroup) => [...shortNamesOf(g.name), ...kindNames(g.description)];
  const owners = new Map<string, Set<string>>();
  // A group's own name is its own: "the safety committee" is the Safety Committee, never short for
  // the Food Safety Committee.
  for (const g of groups) {
    const key = normal(g.name.replace(/\s&\s/g, ' and ')).join(' ');
    owners.set(key, (owners.get(key) ?? new Set()).add(g.id));
  }
  for (const g of groups)
    for (const short of namesOf(g)) {
      const key = short.join(' ');
      owners.set(key, (owners.get(key) ?? new Set()).add(g.id));
    }
  const shortNames = new Map<string, string[][]>();
  for (const g of groups)
    shortNames.set(
      g.id,
      namesOf(g).filter((short) => owners.get(short.join(' '))!.size === 1),
    );
  return shortNames;
}

/** Words that say what kind of group one is ("a running club", "the safety committee"). */
const GROUP_KINDS = new Set([
  'club', 'guild', 'committee', 'council', 'circle', 'forum', 'network', 'team', 'group', 'board', 'panel',
  'society', 'squad', 'crew', 'league', 'collective', 'community', 'band', 'choir', 'chapter', 'taskforce',
  'orchestra',
]); // prettier-ignore
/** Words for a group a question may use for any kind of group ("the sevens team" for Tui Moana Sevens). */
const KIND_SAID = ['team', 'group', 'club', 'committee', 'squad', 'crew'];
/** Kinds specific enough to name a group alone when only one group is one ("the choir"; not "the team"). */
const KIND_ALONE = new Set(['choir', 'band', 'orchestra']);
/** Words that end the phrase a description opens with ("The staff choir; rehearses", "Social club that meets"). */
const PHRASE_ENDS = new Set([
  'that', 'which', 'who', 'whose', 'where', 'for', 'of', 'in', 'on', 'at', 'with', 'to', 'from', 'across',
  'between', 'by', 'the', 'a', 'an', 'our', 'their', 'its', 'your', 'is', 'are', 'meets', 'runs',
]); // prettier-ignore
const DETERMINERS = new Set(['the', 'a', 'an', 'our']);
/** The most words of the phrase a description opens with that name the group. */
const KIND_WORDS = 4;

/**
 * The names a group is called by for what it is, read from the phrase its description opens with:
 * "The staff choir; rehearses on Thursdays" is "the choir" and "the staff choir", "Social club that
 * meets monthly" is "the social club". Only a short phrase after "the" or "a" ending in a noun, or
 * one ending in a word for a kind of group; a kind word alone ("the club") names none.
 */
function kindNames(description: string | null): string[][] {
  const first = /^[^;.:!?(\n]{1,120}/.exec(description ?? '')?.[0] ?? '';
  const words = normal(first);
  const determined = DETERMINERS.has(words[0] ?? '');
  const from = determined ? 1 : 0;
  let to = from;
  while (to < words.length && !PHRASE_ENDS.has(words[to])) to++;
  const phrase = words.slice(from, to);
  const last = phrase[phrase.length - 1] ?? '';
  if (phrase.length === 0 || phrase.length > KIND_WORDS) return [];
  if (!GROUP_KINDS.has(last) && !(determined && isMainlyNoun(last))) return [];
  return phrase
    .map((_, k) => phrase.slice(k))
    .filter(
      (tail) => tail[0] !== 'and' && !(tail.length === 1 && GROUP_KINDS.has(tail[0]) && !KIND_ALONE.has(tail[0])),
    );
}

/** The entries of a phrase in every layer. */
function entriesOf(index: PhraseIndex, key: string): Entry[] | undefined {
  const found = index.layers.flatMap((layer) => layer.phrases.get(key) ?? []);
  return found.length ? found : undefined;
}

/** A name with two of its words typed as one ("opensource guild" for the Open Source Guild). */
function joinedForms(parts: readonly string[]): string[][] {
  return parts.slice(1).map((_, k) => [...parts.slice(0, k), parts[k] + parts[k + 1], ...parts.slice(k + 2)]);
}

/**
 * How a name with "&" or "and" is also written: with "and" for "&" ("Health and Safety
 * Committee"), by the initials around it ("R&D", "H&S Committee", "D&I council"), and without its
 * "and", as a question's "&" reads ("health & safety committee").
 */
function ampersandForms(name: string): string[][] {
  const words = name.split(/\s+/);
  const at = words.findIndex((w) => w === '&' || w.toLowerCase() === 'and');
  if (at < 1 || at >= words.length - 1) return [];
  const spelled = normal(words.map((w) => (w === '&' ? 'and' : w)).join(' '));
  const initials = `${words[at - 1][0]}&${words[at + 1][0]}`.toLowerCase();
  const short = [...normal(words.slice(0, at - 1).join(' ')), initials, ...normal(words.slice(at + 2).join(' '))];
  // "health & safety committee" for the Health and Safety Committee: a question's "&" is no word.
  const dropped = normal(words.filter((_, i) => i !== at).join(' '));
  return words[at] === '&' ? [spelled, short] : [short, dropped];
}

/** Words a name's initials leave out ("Health, Safety and Environment" is HSE). */
const INITIALS_SKIP = new Set(['and', 'of', 'the', 'for', 'a', 'an', 'in', 'to']);

/** Where a key holds initials that are also a word ("it"): read only from a word written in capitals ("IT"). */
const INITIALS_KEY = '\u0001';

/**
 * The keys a name of two to five words besides its small ones is found by from its initials: the
 * initials ("hse"), or, when they are an English word ("it", "ice"), the initials behind
 * INITIALS_KEY, read only where the question writes them in capitals.
 */
function initialsKeys(parts: readonly string[]): string[] {
  const content = parts.filter((w) => !INITIALS_SKIP.has(w));
  if (content.length < 2 || content.length > 5) return [];
  const initials = content.map((w) => w[0]).join('');
  if (!/^\p{L}+$/u.test(initials)) return [];
  return [isEnglishWord(initials) ? INITIALS_KEY + initials : initials];
}

/** The two sides of a name's "&" or "and" ("sales", "partnerships"), each as its words. */
function sidesOf(name: string): string[][] {
  const parts = normal(name.replace(/\s&\s/g, ' and '));
  const at = parts.indexOf('and');
  return at >= 1 && at < parts.length - 1 ? [parts.slice(0, at), parts.slice(at + 1)] : [];
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
      const key = tokens
        .slice(i, i + n)
        .map((t) => t.word)
        .join(' ');
      // A possessive ends a phrase ("Ana's team" is Ana, then "team"), unless the phrase is a
      // group's or value's name written with that mark ("the ROV Pilots' Guild").
      if (tokens.slice(i, i + n - 1).some((t) => t.possessive)) {
        const marked = entriesOf(index, key)?.filter((e) => e.kind !== 'person' && APOSTROPHE.test(e.value));
        if (marked?.length) found = mention(byPriority(marked), i, i + n, tokens[i + n - 1].possessive);
        continue;
      }
      // "IT", "JHSC": written in capitals, the initials of a department or group first.
      const initials = n === 1 && tokens[i].initials ? entriesOf(index, INITIALS_KEY + key) : undefined;
      let entries = initials ?? entriesOf(index, key);
      let possessive = tokens[i + n - 1].possessive;
      if (!entries) {
        // "pokornys reports": a person's name with the possessive's "s" typed without its mark.
        const bare = /^(.{3,})s$/.exec(key)?.[1];
        const people = bare && !possessive ? entriesOf(index, bare)?.filter((e) => e.kind === 'person') : undefined;
        if (people?.length) {
          entries = people;
          possessive = true;
        }
      }
      if (!entries && n > 1) entries = gappedEntries(index, tokens.slice(i, i + n), keywords);
      if (!entries) continue;
      const lone = n === 1 && !initials && (FUNCTION_WORDS.has(key) || keywords.has(key));
      // A word such as "people" names a department only when written as a name ("in People") or
      // followed by a word for one ("the people team", "people dept").
      const named = entries.some((e) => e.kind === 'department') && DEPARTMENT_NOUNS.has(tokens[i + 1]?.word ?? '');
      if (lone && !tokens[i].capital && !named) continue;
      const entry = byPriority(entries);
      found = mention(shared(entry, entries, key), i, i + n, possessive);
    }
    if (!found) found = misspelt(tokens, i, index, keywords) ?? restOfName(tokens, i, mentions, index, keywords);
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
  return withFirstNames(tokens, mentions, keywords);
}

/**
 * The mentions with a person's first name misspelt before the rest of their name taken in ("jon
 * fredy ramirez" for John Fredy Ramírez): a word no mention holds, with the first letter of the
 * name's first word and one edit from it.
 */
function withFirstNames(tokens: Token[], mentions: Mention[], keywords: ReadonlySet<string>): Mention[] {
  return mentions.map((m, k) => {
    if (m.kind !== 'person' || m.ids.length !== 1 || m.start === 0) return m;
    if ((mentions[k - 1]?.end ?? 0) >= m.start) return m;
    const t = tokens[m.start - 1];
    if (t.possessive || t.word.length < 3 || FUNCTION_WORDS.has(t.word) || keywords.has(t.word)) return m;
    const first = normal(m.value)[0] ?? '';
    if (tokens[m.start].word === first || first[0] !== t.word[0] || editDistance(t.word, first, 1) > 1) return m;
    return { ...m, start: m.start - 1 };
  });
}

/**
 * A first or last name several people share ("Ola") may mean any of them, not the first indexed:
 * the mention holds them all, named by the shared words as the directory writes them.
 */
function shared(entry: Entry, entries: readonly Entry[], key: string): Entry {
  const people = entries.filter((e) => e.kind === 'person');
  if (entry.kind !== 'person' || people.length < 2) return entry;
  const words = new Set(key.split(' '));
  const written = entry.value.split(/\s+/).filter((w) => normal(w).every((part) => words.has(part)));
  return {
    kind: 'person',
    ids: [...new Set(people.flatMap((e) => e.ids))],
    value: written.length ? written.join(' ') : key,
  };
}

const mention = (entry: Entry, start: number, end: number, possessive: boolean): Mention => ({
  kind: entry.kind,
  ids: entry.ids,
  value: entry.value,
  start,
  end,
  possessive,
});

/** The entry a phrase naming several means: the most specific kind (PRIORITY). */
const byPriority = (entries: readonly Entry[]): Entry =>
  [...entries].sort((a, b) => PRIORITY.indexOf(a.kind) - PRIORITY.indexOf(b.kind))[0];

/** An apostrophe inside a name ("ROV Pilots' Guild"), where a question's possessive may stand. */
const APOSTROPHE = /['’]\p{L}*\s/u;

/** Words after a value that say it is a department ("people team", "sales dept"). */
const DEPARTMENT_NOUNS = new Set(['team', 'department', 'dept', 'division', 'function', 'org']);

/**
 * The one phrase of two words or more that the words name with one of them misspelt ("green
 * office committe"): a word no keyword or English word is, within the edits of a misspelling.
 */
function gappedEntries(index: PhraseIndex, span: Token[], keywords: ReadonlySet<string>): Entry[] | undefined {
  const words = span.map((t) => t.word);
  const close: Entry[] = [];
  for (const [k, typed] of words.entries()) {
    if (typed.length < MISSPELT_LENGTH - 1 || keywords.has(typed) || FUNCTION_WORDS.has(typed)) continue;
    const gap = words.map((w, j) => (j === k ? GAP : w)).join(' ');
    for (const layer of index.layers)
      for (const { word, entry } of layer.gapped.get(gap) ?? []) {
        if (close.some((e) => e.value === entry.value)) continue;
        // "the grad mentoring program": a word clipped to its first letters, as said.
        // Not a whole word of the name ("moana" is no clipping of the joined "moanasevens").
        const clipped =
          typed.length >= CLIPPED_LENGTH &&
          word.length > typed.length &&
          word.startsWith(typed) &&
          !normal(entry.value).includes(typed);
        const limit = limitFor(word);
        if (!clipped && (editDistance(typed, word, limit) > limit || (!span[k].capital && isEnglishWord(typed))))
          continue;
        close.push(entry);
      }
  }
  return close.length === 1 ? close : undefined;
}

/** The fewest letters a word of a name clipped to its start keeps ("grad" for "graduate"). */
const CLIPPED_LENGTH = 4;

/** The edits a word after someone's first name may be from the rest of their name ("Kamran Yosuf" for Yousaf). */
const REST_LIMIT = 2;

/**
 * The rest of a name written after its first word (found just before), misspelt further than a
 * word alone may be ("kamran yosuf" for Kamran Yousaf): the one person of those the first word
 * names with a word of their name within REST_LIMIT edits, or null. The first word narrows the
 * people to a few, so a looser match is still the only close one.
 */
function restOfName(
  tokens: Token[],
  i: number,
  mentions: readonly Mention[],
  index: PhraseIndex,
  keywords: ReadonlySet<string>,
): Mention | null {
  const last = mentions[mentions.length - 1];
  if (!last || last.kind !== 'person' || last.end !== i || last.end - last.start !== 1 || last.possessive) return null;
  const { word } = tokens[i];
  if (word.length < 4 || FUNCTION_WORDS.has(word) || keywords.has(word) || /\d/.test(word)) return null;
  // "erlend bake" for Erlend Bakke: a word of English only one slip away.
  const limit = !tokens[i].capital && isEnglishWord(word) ? 1 : REST_LIMIT;
  const first = tokens[last.start].word;
  const close: Entry[] = [];
  for (const id of last.ids) {
    const person = index.people.get(id);
    if (!person || close.some((e) => e.value === person.entry.value)) continue;
    const near = person.words.some(
      (w) =>
        w !== first &&
        w.length >= 4 &&
        Math.abs(w.length - word.length) <= limit &&
        editDistance(word, w, limit) <= limit,
    );
    if (near) close.push(person.entry);
  }
  return close.length === 1 ? mention(close[0], i, i + 1, tokens[i].possessive) : null;
}

/** The one name or value a word is a misspelling of, or null (none, or several as close). */
function misspelt(tokens: Token[], i: number, index: PhraseIndex, keywords: ReadonlySet<string>): Mention | null {
  const { word } = tokens[i];
  if (word.length < 4 || FUNCTION_WORDS.has(word) || keywords.has(word) || /\d/.test(word)) return null;
  // "peoples", "staffs": a keyword with a plural's "s", not a misspelt value ("People").
  const bare = word.replace(/s$/, '');
  if (FUNCTION_WORDS.has(bare) || keywords.has(bare)) return null;
  const limit = limitFor(word);
  // "which peple sit in Mendoza": a word written in lower case one slip from a common word is that
  // word, not a misspelt value ("People"); the reader mends it (directory-query.ts).
  if (!tokens[i].capital && SLIPPABLE.some((f) => editDistance(word, f, 1) <= 1)) return null;
  // "I would like to write to …": a word written in lower case that is an English word is that
  // word, not a misspelt name ("Lieke").
  if (!tokens[i].capital && isEnglishWord(word)) return null;
  const close: Entry[] = [];
  for (let length = word.length - limit; length <= word.length + limit; length++) {
    for (const candidate of index.layers.flatMap((layer) => layer.words.get(length) ?? [])) {
      if (editDistance(word, candidate.word, limit) > limit) continue;
      if (!close.some((e) => e.kind === candidate.entry.kind && e.value === candidate.entry.value))
        close.push(candidate.entry);
    }
  }
  if (close.length !== 1) return null;
  return mention(close[0], i, i + 1, tokens[i].possessive);
}
