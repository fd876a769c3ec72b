import { editDistance } from '../language/edit-distance';
import { isEnglishWord } from '../language/wordnet';
import { MONTH_NAMES } from '../planner/schedule-words';
import {
  findMentions,
  indexLexicon,
  type LexGroup,
  type Lexicon,
  type Mention,
  normal,
  type PhraseIndex,
  type Token,
  tokenize,
  valueIndex,
} from './directory-lexicon';
import { unaccountedWords } from './directory-accounted';
import type { LexPerson } from './directory-records';
import { PERSON_NOUNS, pluralRole, rolePhrases } from './directory-roles';
import { joined, LIST_OPENERS, listedTitles, namesTitleKind, type TitleWord, wideningAt } from './directory-scope';
import { thingAsked } from './directory-counted';
import { contactTopic } from './directory-contact';

/**
 * A directory question read as a query over the directory's own model: which records, filtered
 * how, through which relation, with which operation, asking which attributes. Read from the
 * question's words against the field words below and the organization's own values (the
 * lexicon), so that it fits every organization without code for its departments or cities.
 */

/** An employee's fields a question can ask for. */
export type Attribute = 'email' | 'title' | 'location' | 'department' | 'manager' | 'startDate' | 'groups' | 'profile';

/** Filters on employees, by the organization's own values. */
export interface Filters {
  department?: string;
  location?: string;
  title?: string;
  /** Reporting (directly) to this person. */
  manager?: string;
  group?: string;
  started?: { op: 'before' | 'after' | 'in'; from: string; to: string };
  /** Values left out ("outside Sapporo", "everyone in Sales except the Oslo office"). */
  except?: { department?: string; location?: string; title?: string };
  /** Further values of a field asked with the first ("Aberdeen and Batam"): anyone with one of them. */
  also?: { department?: string[]; location?: string[]; title?: string[] };
  /** A kind of employee named by a word of the titles ("which technicians", "the longest serving engineer"). */
  titled?: TitleWord;
  /** Someone left out ("who else works in Karratha besides me"). */
  besides?: { id: string; name: string };
}

export type DirectoryQuery =
  /** Employees matching filters: listed, or counted (with their names). */
  | { kind: 'employees'; operation: 'list' | 'count'; filters: Filters }
  /** Someone's reports: direct, or everyone below them; listed or counted; of a kind of title when `titled`. */
  | { kind: 'reports'; person: Mention; all: boolean; operation: 'list' | 'count'; titled?: TitleWord }
  /** Someone's team: their reports, or those who share their manager. */
  | { kind: 'team'; person: Mention; operation: 'list' | 'count' }
  /** Those who share someone's manager. */
  | { kind: 'peers'; person: Mention; operation: 'list' | 'count' }
  /** A department's head: its member whose manager is outside it. */
  | { kind: 'head'; department: string }
  /** The manager `levels` above someone ("skip-level" is 2). */
  | { kind: 'manager'; person: Mention; levels: number }
  /** Fields of one person. */
  | { kind: 'attributes'; person: Mention; attributes: Attribute[] }
  | { kind: 'members'; group: Mention; operation: 'list' | 'count' }
  /** Who joined last, or has been there longest, among employees matching filters. */
  | { kind: 'tenure'; order: 'newest' | 'longest'; filters: Filters }
  /** Which of the people named joined last, or first ("who joined first, Faith or Patrick"). */
  | { kind: 'joinedFirst'; order: 'newest' | 'longest'; people: Mention[] }
  /** The place or department with the most (or fewest) active employees ("which of our offices has the most people"). */
  | { kind: 'ranked'; field: 'location' | 'department'; order: 'most' | 'fewest' }
  /** Everyone holding a role written in the plural ("who are the people partners"): counted and named at once. */
  | { kind: 'holders'; role: Mention }
  /**
   * A group's lead: the one its description names as lead, or by the role asked ("the pipe major
   * of the band"), or its members when the description says the group itself does what the
   * question's verb asks ("who organises the events": "Organises …"); with fields of the lead asked.
   */
  | { kind: 'lead'; group: Mention; role?: string[]; verb?: string; attributes?: Attribute[] }
  /** Yes/no: is someone in a department, location, group, or of a title; do they report to someone. */
  | { kind: 'check'; person: Mention; against: Mention; relation: 'in' | 'reportsTo' }
  /** A field the directory does not hold ("phone numbers"). */
  | { kind: 'missing'; field: string; person?: Mention }
  /** Someone the question names that the directory does not know. */
  | { kind: 'unknownPerson'; name: string }
  /** A question about the asker, whose account is linked to no employee of the organization. */
  | { kind: 'unlinked' };

/** The field words: each field of the model and the words people use for it. */
export const FIELD_WORDS: Record<Exclude<Attribute, 'profile' | 'manager'>, readonly string[]> = {
  email: [
    'email', 'e-mail', 'emails', 'mail', 'reach', 'contact', 'write', 'mailbox',
    // Other languages' words for it, as colleagues type them ("the mailadres of X", "correo de X").
    'mailadres', 'emailadres', 'e-mailadres', 'correo', 'courriel', 'e-post', 'epost', 'e-postadresse', 'epostadresse',
  ], // prettier-ignore
  title: ['title', 'job', 'role', 'position', 'do', 'does'],
  location: [
    'where',
    'office',
    'city',
    'location',
    'based',
    'located',
    'sit',
    'sits',
    'sitting',
    'live',
    'lives',
    'site',
    'town',
    'plant',
    'factory',
    'branch',
    'campus',
  ],
  department: ['department', 'dept', 'division', 'unit', 'function'],
  startDate: [
    'join',
    'joined',
    'start',
    'started',
    'hired',
    'hire',
    'since',
    'tenure',
    'joining',
    'starting',
    'long',
    'begin',
    'began',
    'begun',
  ],
  groups: ['groups', 'clubs', 'committees', 'guilds', 'memberships', 'communities', 'club', 'guild', 'committee'],
};
const MANAGER_WORDS = new Set(['manager', 'managers', 'boss', 'bosses', 'supervisor', 'superior', 'lead', 'manger']);
const REPORT_WORDS = new Set(['report', 'reports', 'reporting', 'subordinates', 'underlings', 'reportees', 'directs']);
/** Report words that are nouns: "Paloma's direct reports", "paloma direct reports". */
const REPORT_NOUNS = new Set(['reports', 'subordinates', 'underlings', 'reportees', 'directs']);
/** Words that ask who joined last ("the newest person", "joined most recently") or first ("been here the longest"). */
const NEWEST = ['newest', 'latest', 'recently', 'recent', 'last', 'later'];
const LONGEST = ['longest', 'earliest', 'first', 'earlier'];
/** Words that rank values by their people ("the most people", "the biggest department", "the fewest staff"). */
const MOST = ['most', 'largest', 'biggest', 'highest'];
const FEWEST = ['fewest', 'least', 'smallest', 'lowest'];
/** A field's nouns when its values are ranked ("which of our offices", "what department"). */
const RANKED_NOUNS = {
  location: ['office', 'offices', 'location', 'locations', 'site', 'sites', 'city', 'cities', 'branch', 'branches', 'town', 'towns'],
  department: ['department', 'departments', 'dept', 'depts', 'division', 'divisions', 'team', 'teams'],
} as const; // prettier-ignore
/** Verbs of joining, without which "last", "recent", "first" or "earliest" are not about joining. */
const JOINING = ['joined', 'join', 'started', 'start', 'hired', 'been', 'serving'];
/** Shorthand typed for the reader's words ("skip lvl mgr"). */
const SHORTHAND: Record<string, string> = {
  mgr: 'manager',
  mngr: 'manager',
  mgrs: 'managers',
  lvl: 'level',
  bos: 'boss',
  // Slips of the question words too short to mend ("wich city is adil in").
  wich: 'which',
  whcih: 'which',
  wat: 'what',
  wher: 'where',
  // "wen did joaquin start": a word of someone's name is read as the name first.
  wen: 'when',
  wehn: 'when',
  whn: 'when',
  hwo: 'how',
  waht: 'what',
  // "everyone who reports straight to X": directly.
  straight: 'directly',
};
const MANAGE_VERBS = new Set(['manage', 'manages', 'managed', 'supervise', 'supervises', 'oversee', 'oversees']);
const LEAD_WORDS = new Set([
  'lead', 'leads', 'led', 'leader', 'leading', 'chair', 'chairs', 'chaired', 'chairperson', 'chairman', 'chairwoman',
  'run', 'runs', 'ran', 'owns', 'own', 'owner', 'owned', 'head', 'heads', 'headed', 'charge', 'organizer',
  'organiser', 'captain', 'coordinator', 'coordinates', 'facilitates', 'facilitator', 'organise', 'organises',
  'organize', 'organizes', 'organising', 'organizing', 'coordinate', 'captains', 'convenes', 'convener',
]); // prettier-ignore
// "Everyone who reports to X" asks for X's reports, not the whole tree below X.
// "All levels down" is everyone below them too.
const ALL_WORDS = new Set([
  'all',
  'total',
  'indirectly',
  'indirect',
  'entire',
  'whole',
  'org',
  'below',
  'beneath',
  'down',
]);
/** Words before a name that ask for those under that person ("directly under X"). */
const BELOW = new Set(['under', 'below', 'beneath', 'underneath']);
const COUNT_WORDS = new Set(['many', 'number', 'headcount', 'count', 'size', 'big', 'large']);
/** Words that say values are counted together ("Aberdeen and Batam combined"). */
const TOGETHER = ['combined', 'together', 'sum', 'altogether'];
/** Verbs of a holder's area ("which account manager covers Mombasa"): the people of the place or department. */
const COVER_VERBS = ['covers', 'cover', 'covering', 'handles', 'handle', 'handling', 'serves', 'serve'];
const LIST_WORDS = new Set([
  'who',
  'whom',
  'which',
  'list',
  'show',
  'name',
  'names',
  'everyone',
  'anyone',
  'people',
  'employees',
  'staff',
]);
/** Words that ask who is over something ("who runs the lab", "who is in charge of forestry"). */
const HEAD_ASKED = new Set(['run', 'runs', 'head', 'heads', 'charge', 'leads', 'lead', 'manages', 'oversees', 'boss']);
const YES_NO = new Set(['is', 'are', 'am', 'does', 'do', 'did', 'has', 'have', 'was', 'if', 'whether']);
/** Tags that turn a statement into a yes/no question when it ends with them and a question mark. */
const TAGS = new Set(['yes', 'no', 'right', 'correct', 'true', 'innit', 'yeah', 'ya', 'yea']);
const PRONOUNS = new Set(['he', 'him', 'his', 'she', 'her', 'hers', 'they', 'them', 'their']);
const SELF = new Set(['i', 'me', 'my', 'myself', 'mine']);

/** Words for a site after its place ("the Darkhan mill", "our Porto office"): the place is what is asked. */
const SITES = ['mill', 'plant', 'factory', 'site', 'office', 'studio', 'warehouse', 'lab', 'depot', 'yard', 'hub', 'branch', 'campus', 'hq', 'workshop', 'facility']; // prettier-ignore
/** Words that count everyone when nothing narrows them ("in total", "overall", "all together", "work here"). */
const WHOLE_ORGANIZATION = ['total', 'overall', 'altogether', 'together', 'combined', 'all', 'whole', 'entire', 'here'];
/** Words for the organization itself ("how many people work at the coop"). */
const ORGANIZATION_NOUNS = ['company', 'organisation', 'organization', 'org', 'coop', 'co-op', 'cooperative', 'firm'];

/** Numbers written out ("two levels up"): levels and counts. */
const WORD_NUMBERS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** Fields the model does not have, by the words that ask for them, and how the answer names them. */
export const MISSING_FIELDS: readonly [readonly string[], string][] = [
  [
    ['phone', 'phones', 'mobile', 'cell', 'telephone', 'cellphone', 'landline', 'extension', 'whatsapp'],
    'phone numbers',
  ],
  [
    ['salary', 'salaries', 'earn', 'earns', 'paid', 'pay', 'wage', 'wages', 'compensation', 'bonus', 'income'],
    'salaries or pay',
  ],
  [['birthday', 'birthdays', 'born', 'birth', 'birthdate'], 'birthdays'],
  [['age', 'old'], 'ages'],
  [['address', 'home', 'postcode', 'zip'], 'home addresses'],
  [['married', 'spouse', 'wife', 'husband', 'partner', 'kids', 'children'], 'family details'],
  [['nationality', 'citizenship', 'passport'], 'nationalities'],
  [['linkedin', 'twitter', 'github', 'slack', 'handle'], 'social or chat handles'],
  [['pronouns', 'gender'], 'pronouns or gender'],
];

/** Every word the reader gives a meaning to: a name or value is not looked for as a misspelling of one. */
export const KEYWORDS: ReadonlySet<string> = new Set([
  ...Object.values(FIELD_WORDS).flat(),
  ...MANAGER_WORDS, ...REPORT_WORDS, ...MANAGE_VERBS, ...LEAD_WORDS, ...ALL_WORDS, ...COUNT_WORDS, ...LIST_WORDS,
  ...YES_NO, ...PRONOUNS, ...SELF, ...MONTH_NAMES, ...MISSING_FIELDS.flatMap(([words]) => words),
  'team', 'teams', 'member', 'members', 'work', 'works', 'working', 'under', 'for', 'whose', 'skip', 'level',
  'levels', 'up', 'grand', 'skip-level', 'skiplevel', 'organisation', 'organization', 'grandboss', 'before', 'after', 'in', 'during', 'who', 'what', 'how', 'when', 'people',
  'person', 'employees', 'employee', 'colleagues', 'belong', 'belongs', 'part', 'directly', 'direct', 'tell',
  'please', 'hey', 'hello', 'thanks', 'know', 'would', 'could', 'can', 'you', 'about', 'there', 'here', 'company',
  'ppl', 'pls', 'plz', 'else', 'same', 'directory', 'way', 'besides', 'teammates', 'teammate', 'peers', 'peer', 'colleague', ...PERSON_NOUNS,
  ...Object.keys(SHORTHAND), ...NEWEST, ...LONGEST, ...MOST, ...FEWEST, ...RANKED_NOUNS.location, ...RANKED_NOUNS.department, ...WORD_NUMBERS, ...BELOW, ...SITES, ...ORGANIZATION_NOUNS, ...TOGETHER, ...COVER_VERBS, 'year', 'take', 'takes', 'alongside', 'most', 'serving', 'been', 'across', 'cities', 'offices', 'locations', 'sites', 'countries', 'as',
]); // prettier-ignore

/**
 * Keywords a misspelt word may be mended to (long enough that one edit is a slip, not another word);
 * not the comparatives of joining, which common words are one edit from ("water", "eager"), nor
 * numbers ("right" is one edit from "eight").
 */
const MENDABLE = [...KEYWORDS].filter(
  (w) => w.length >= 5 && w !== 'later' && w !== 'earlier' && !WORD_NUMBERS.includes(w),
);

/** A lexicon indexed once per question. */
export interface ReadLexicon {
  lexicon: Lexicon;
  index: PhraseIndex;
}

export const readLexicon = (lexicon: Lexicon): ReadLexicon => ({ lexicon, index: indexLexicon(lexicon) });

/** A word no keyword or name holds, mended to the one keyword within one edit ("manger", "reprots"). */
function mended(token: Token): Token {
  const short = SHORTHAND[token.word];
  if (short) return { ...token, word: short };
  // "the co-chairs", "co-leads": a lead word shared is still one.
  const shared = /^co-?(.+)$/.exec(token.word)?.[1];
  if (shared && LEAD_WORDS.has(shared)) return { ...token, word: shared };
  if (token.word.length < 5 || KEYWORDS.has(token.word)) return token;
  const close = MENDABLE.filter(
    (k) => Math.abs(k.length - token.word.length) <= 1 && editDistance(token.word, k, 1) <= 1,
  );
  // "managr": as close to "manage" as to "manager"; a letter left out is the likelier slip.
  const dropped = close.filter((k) => k.length === token.word.length + 1);
  if (close.length > 1 && dropped.length === 1) return { ...token, word: dropped[0] };
  return close.length === 1 ? { ...token, word: close[0] } : token;
}

/**
 * Reads a question into a directory query against the organization's lexicon, or null when it is
 * not one this reader answers (the intents table in directory-intents.ts is asked next). Linear:
 * the question's first MAX_QUERY characters, a few look-ups per word.
 */
export function parseDirectoryQuery(asked: string, lexicon: ReadLexicon): DirectoryQuery | null {
  const text = introduced(asked, lexicon.index);
  const seen: Seen = { tokens: [], covered: new Set() };
  const query = read(text, lexicon, seen);
  // Every word must be part of the query: "am I allowed premium economy when flying to Montreal"
  // names a city, but asks something the directory cannot answer.
  if (query && unaccountedWords(seen.tokens, seen.covered, KEYWORDS, lexicon.lexicon.organization).length) return null;
  // A question about the asker, who is nobody in the directory, is answered so, not about someone else.
  const aboutSelf = query && (('person' in query && query.person?.self) || ('against' in query && query.against.self));
  return aboutSelf && !lexicon.lexicon.self ? { kind: 'unlinked' } : query;
}

/**
 * The words of a question that neither the reader's vocabulary nor the organization's names and
 * values account for, besides those of `subjects` (what another reader took as a name or role).
 */
export function unaccountedIn(asked: string, lexicon: ReadLexicon, subjects: readonly string[] = []): string[] {
  const seen: Seen = { tokens: [], covered: new Set() };
  read(introduced(asked, lexicon.index), lexicon, seen);
  const named = new Set(subjects.flatMap((s) => normal(s)));
  const unaccounted = unaccountedWords(seen.tokens, seen.covered, KEYWORDS, lexicon.lexicon.organization);
  // What is counted when not people ("how many WFH days"), or a contact's topic, is no word of the directory's.
  return [...unaccounted.filter((w) => !named.has(w)), ...(seen.elsewhere ? [seen.elsewhere] : [])];
}

/** "I'm Giorgos Nikolaidis, who is my manager's manager": the asker names themselves before asking. */
const INTRODUCTION = /^(?:i'm|i’m|im|i am|this is|my name is|it's|it’s)\s+([^,.;:!?]{2,60})[,.;:!?]\s*(\S.*)$/i;

/**
 * A question whose asker first says who they are, asked about that person ("who is Giorgos
 * Nikolaidis's manager's manager"): only when the words they give are one person's name whole.
 * The directory is everyone's to read, so answering of the person named gives nothing away.
 */
function introduced(asked: string, index: PhraseIndex): string {
  const text = unaddressed(asked, index);
  const match = INTRODUCTION.exec(text.trim());
  if (!match) return text;
  const name = tokenize(match[1]);
  const found = findMentions(name, index, KEYWORDS);
  if (found.length !== 1 || found[0].kind !== 'person' || found[0].ids.length !== 1) return text;
  if (found[0].start !== 0 || found[0].end !== name.length) return text;
  const who = match[1].trim();
  return match[2].replace(/\bmy\b/gi, `${who}'s`).replace(/\b(?:me|i)\b/gi, who);
}

/** Words that open a question (and "who's", "whos": their first letters). */
const OPENERS = /^(?:who|whom|whose|what|which|where|when|how)(?:['’]s|s)?\W*$/i;
/** The most words of a greeting or address before a question ("Bhai", "Bula!", "Kia ora,"). */
const ADDRESS_WORDS = 2;

/**
 * A question without the greeting or address it opens with ("Bhai who is X's boss", "Bula! who is
 * Pita's manager's manager", "Mate, who is …"): one or two words before the question word that are
 * no word of the reader's nor a name or value of the organization, and no English word but one
 * set off by a mark ("Aloha!"): "Excluding contractors, who …" keeps its words. Else the question as asked.
 */
function unaddressed(text: string, index: PhraseIndex): string {
  const words = text.trim().split(/\s+/, ADDRESS_WORDS + 1);
  const at = words.findIndex((w) => OPENERS.test(w));
  if (at < 1) return text;
  const lead = tokenize(words.slice(0, at).join(' '));
  if (lead.length === 0 || lead.some((t) => KEYWORDS.has(t.word) || SELF.has(t.word))) return text;
  const setOff = at === 1 && /[!,:]$/.test(words[0]);
  if (!setOff && lead.some((t) => isEnglishWord(t.word))) return text;
  if (findMentions(lead, index, KEYWORDS).length) return text;
  let rest = text.trim();
  for (let k = 0; k < at; k++) rest = rest.slice(words[k].length).trimStart();
  return rest;
}

/** The words a question was read from (mended), and which of them a name or value covers. */
interface Seen {
  tokens: Token[];
  covered: ReadonlySet<number>;
  /**
   * What makes the question another's: what it counts when not people ("days"), or the topic of
   * a contact asked about ("problems on the remote monitoring platform"). No intent of the
   * directory accounts for it.
   */
  elsewhere?: string;
}

/**
 * Two keywords typed as one word ("howmany", "whois") split in two, and a keyword with "-wise"
 * ("department-wise") read as the keyword: only a word in lower case that
 * is neither a keyword nor a name or value of the organization.
 */
function unjoined(tokens: Token[], index: PhraseIndex): Token[] {
  return tokens.flatMap((token) => {
    const { word } = token;
    // "department-wise": the keyword alone.
    const stem = /^(.+)-wise$/.exec(word)?.[1];
    if (stem && KEYWORDS.has(stem)) return [{ ...token, word: stem }];
    // "longest-serving": keywords joined by a hyphen, each read as itself.
    const parts = word.split('-');
    if (parts.length > 1 && !KEYWORDS.has(word) && parts.every((p) => KEYWORDS.has(p)))
      return parts.map((p, k) => ({ ...token, word: p, possessive: k === parts.length - 1 && token.possessive }));
    if (token.capital || word.length < 5 || KEYWORDS.has(word) || index.layers.some((l) => l.phrases.has(word)))
      return [token];
    for (let k = 2; k <= word.length - 2; k++) {
      const [first, second] = [word.slice(0, k), word.slice(k)];
      if (KEYWORDS.has(first) && KEYWORDS.has(second))
        return [
          { ...token, word: first, possessive: false },
          { ...token, word: second },
        ];
    }
    return [token];
  });
}

function read(text: string, lexicon: ReadLexicon, seen: Seen): DirectoryQuery | null {
  const raw = unjoined(tokenize(text), lexicon.index);
  // "Everyone in Achieng's org, including indirect reports": someone's reports, every level down.
  // The titles' words, split only when a closing clause asks ("the forklift guys included").
  let titleWords: Set<string> | undefined;
  const titleWord = (word: string) => {
    titleWords ??= new Set(lexicon.lexicon.values.title.flatMap(normal));
    return titleWords.has(word) || titleWords.has(word.replace(/s$/, ''));
  };
  const widened = wideningAt(raw, titleWord);
  if (widened > 0) {
    const main = readWords(raw.slice(0, widened), text, lexicon, seen);
    if (main?.kind === 'reports') return { ...main, all: true };
  }
  return readWords(raw, text, lexicon, seen);
}

/** The query a question's words (`raw`, read from `text`) ask, or null. */
function readWords(raw: Token[], text: string, { index, lexicon }: ReadLexicon, seen: Seen): DirectoryQuery | null {
  if (raw.length === 0) return null;
  delete seen.elsewhere;
  const found = findMentions(raw, index, KEYWORDS);
  const named = withRoles(raw, found, lexicon);
  const asker = selfMention(raw, named, lexicon.self);
  // "who in my department …", "how many people are in my office": the asker's value, as if named.
  const ownField = ownValue(raw, asker, lexicon.self);
  if (ownField) named.push(ownField);
  const self = ownField ? null : asker;
  const mentions = self ? [...named, self].sort((a, b) => a.start - b.start) : named.sort((a, b) => a.start - b.start);
  const covered = new Set(named.flatMap((m) => range(m.start, m.end)));
  const tokens = raw
    .map((t, i) => (covered.has(i) ? t : mended(t)))
    // "who does Evans report too": "to" typed with one letter more after a verb of reporting.
    .map((t, i, all) => (t.word === 'too' && REPORT_WORDS.has(all[i - 1]?.word ?? '') ? { ...t, word: 'to' } : t));
  const spans = new Set(mentions.flatMap((m) => range(m.start, m.end)));
  Object.assign(seen, { tokens, covered: spans });
  const words = new Set(tokens.filter((_, i) => !covered.has(i)).map((t) => t.word));
  const has = (...list: string[]) => list.some((w) => words.has(w));
  const hasAny = (set: Iterable<string>) => [...set].some((w) => words.has(w));
  const people = mentions.filter((m) => m.kind === 'person');
  const groups = mentions.filter((m) => m.kind === 'group');
  const values = mentions.filter((m) => m.kind !== 'person' && m.kind !== 'group');
  const roles = valueIndex(lexicon.values).roles;
  const first = firstContent(tokens);
  // "How many WFH days do we get in the Nairobi office?" counts days, not the people of Nairobi.
  const thing = thingAsked(tokens, {
    covered: spans,
    keywords: KEYWORDS,
    titleKind: (word) => namesTitleKind(word, roles),
    joining: has(...FIELD_WORDS.startDate),
  });
  if (thing) {
    seen.elsewhere = thing;
    return null;
  }
  // "Who should I contact about problems on the remote monitoring platform?": whom a document
  // names for a topic, not the holder of a title sharing its words. Only a group the topic names
  // is answered, by its lead ("who do I ask about the Safety Committee").
  const topic = contactTopic(tokens);
  const inTopic = (m: Mention) => topic !== null && topic.start <= m.start && m.end <= topic.end;
  if (topic && !mentions.some((m) => !inTopic(m) && m.kind === 'person' && !m.self)) {
    const about = mentions.filter(inTopic);
    if (about.length === 1 && about[0].kind === 'group') {
      // "who do I talk to about the sauna club": the verb asks for the lead, as "leads" would.
      spans.add(topic.verb);
      return { kind: 'lead', group: about[0] };
    }
    const said = tokens.slice(topic.start, topic.end).map((t) => t.word);
    seen.elsewhere = said.length ? said.join(' ') : 'a topic';
    return null;
  }
  /** "which technicians work in Kisumu": a kind of employee by a word of the titles, when no title is named whole. */
  const kindOfEmployee = (filters: Filters, openers?: ReadonlySet<string>) => {
    const titled = filters.title
      ? null
      : listedTitles(tokens, first, tokens.length, spans, values, KEYWORDS, roles, openers);
    if (!titled) return;
    filters.titled = titled;
    for (let k = titled.start; k < titled.end; k++) spans.add(k);
  };
  const counting =
    (has('how') && has('many', 'big', 'large')) || has('headcount', 'size') || (has('number') && has('of'));
  const operation = counting ? ('count' as const) : ('list' as const);
  // "If I work for X, who is my skip-level": the asker supposes, and asks who; not a yes/no question.
  // "I report to X. Who is my manager's manager": the asker says so, and asks above X.
  // "I just joined Kerem's team, who is my skip-level": the asker says they are under Kerem.
  const joinedTeam =
    tokens[first]?.word === 'i' &&
    has('my') &&
    mentions.some((m) => m.kind === 'person' && !m.self && m.possessive && tokens[m.end]?.word === 'team');
  const supposing =
    joinedTeam ||
    (has('if') && has('i') && has('work', 'report', 'worked', 'reported')) ||
    tokens.some(
      (t, i) =>
        i === first &&
        t.word === 'i' &&
        ['report', 'work'].includes(tokens[i + 1]?.word) &&
        ['to', 'for', 'under'].includes(tokens[i + 2]?.word),
    );
  // "Grace Wambui, is she in Operations?": a yes/no verb and a pronoun right after the name asked about.
  const askedAfterName = people.some(
    (m) => YES_NO.has(tokens[m.end]?.word ?? '') && PRONOUNS.has(tokens[m.end + 1]?.word ?? ''),
  );
  // "Aisha is in Sales, yes?", "mehdi works in finance, no?": a statement with a tag asks yes or no.
  const tagged =
    (/\?\s*$/.test(text) && TAGS.has(tokens[tokens.length - 1]?.word ?? '')) || /\byes or no\W*$/i.test(text);
  // "diego part of engineering?", "tobias in flight ops?": the verb left out before a name and where it is.
  const elliptic = /\?\s*$/.test(text) && people[0]?.start === first && ELLIPTIC.has(tokens[people[0].end]?.word ?? '');
  const yesNo =
    (YES_NO.has(tokens[first]?.word ?? '') || has('if', 'whether') || askedAfterName || tagged || elliptic) &&
    !supposing;

  // A field the model does not have is said so, never answered with another; but only when a
  // person is what it is asked of (a name, a role, "my salary", "whose birthday"), so that "if I
  // swap with someone whose rate is higher, what am I paid" or "can I read work e-mail on my own
  // phone" are left to the documents.
  const missing = MISSING_FIELDS.find(([list]) => list.some((w) => words.has(w)));
  if (missing && fieldOfPerson(tokens, missing[0], people) && !counting)
    // "I need to write to X, what is her address": where to write, the e-mail.
    if (!(missing[1] === 'home addresses' && has('email', 'mail', 'e-mail', 'write', 'writing')))
      return { kind: 'missing', field: missing[1], person: people.find((m) => !m.self) };

  // "who else works in Karratha besides me", "who is in Sales apart from Ana": the value's people, but them.
  const left = people.length === 1 && !groups.length && values.length ? leftOutPerson(tokens, people[0]) : 0;
  if (left && people[0].ids.length === 1 && (has('who', 'whom', 'which', 'anyone', 'else') || counting)) {
    const filters = valueFilters(values, tokens, spans);
    filters.besides = { id: people[0].ids[0], name: people[0].self ? 'you' : people[0].value };
    for (let k = people[0].start - left; k < people[0].start; k++) spans.add(k);
    return { kind: 'employees', operation, filters };
  }
  const person = people[0];
  const group = groups[0];
  const unknown = unknownName(raw, covered);
  // "Dan Smith" where only Dan Okafor is known: a first or last name beside a name nobody has.
  const beside = person && !person.self && besideUnknown(raw, person, covered);
  if (beside) return { kind: 'unknownPerson', name: beside };
  if (person && !person.self && unknown && yesNo && !people.some((m) => m.value !== person.value)) {
    if (hasAny(REPORT_WORDS) || hasAny(MANAGER_WORDS)) return { kind: 'unknownPerson', name: unknown };
  }

  // "who joined most recently", "the newest person in Sourcing", "who has been here the longest".
  const order = tenureOrder(has);
  // "who joined first, Faith or Patrick": of the people named, by their start dates.
  const byName = people.filter((m) => !m.self && !m.role);
  if (order && !group && byName.length >= 2 && byName.length === people.length && has('or', 'and', 'between'))
    return { kind: 'joinedFirst', order, people: byName };
  // A role stands for its title when it names one ("the longest serving engineer").
  if (order && !group && !yesNo && (!person || (person.role?.length === 1 && !person.self && people.length === 1))) {
    const filters = valueFilters(values, tokens, spans);
    if (person) filters.title = person.role![0];
    // "the longest serving engineer", "which engineer started most recently": a title's word after the opener.
    else kindOfEmployee(filters, new Set([...NEWEST, ...LONGEST, ...LIST_OPENERS]));
    return { kind: 'tenure', order, filters };
  }

  if (group && !person) {
    // "the pipe major of the band", "the band's pipe major": a role its description gives someone.
    const role = describedRole(tokens, spans, group, lexicon.groups);
    if (role) for (let k = role.start; k < role.end; k++) spans.add(k);
    if (role || hasAny(LEAD_WORDS) || (has('in') && has('charge'))) {
      // "the email of the cricket club captain", "the title of the committee's chair": the lead's fields.
      const attributes = attributesAsked(tokens, spans).filter((a) => a !== 'groups' && a !== 'profile');
      const verb = tokens.find((t, i) => !spans.has(i) && LEAD_WORDS.has(t.word))?.word;
      return {
        kind: 'lead',
        group,
        ...(role ? { role: tokens.slice(role.start, role.end).map((t) => t.word) } : {}),
        ...(verb ? { verb } : {}),
        ...(attributes.length ? { attributes } : {}),
      };
    }
    // "who sings in the Halic Singers", "how many people play for the chess club": whatever the
    // verb, its members; the verb right after "who" or after the people counted or listed.
    const at = group.start - (tokens[group.start - 1]?.word === 'the' ? 2 : 1);
    const asker = tokens[at - 2]?.word ?? '';
    const membersAsked =
      (asker === 'who' && at - 2 === first) || (PEOPLE_NOUNS.has(asker) && (counting || has('which', 'what')));
    if (MEMBERSHIP.has(tokens[at]?.word ?? '') && membersAsked) {
      spans.add(at - 1);
      return { kind: 'members', group, operation };
    }
    // "who plays thursday football", "who goes to the book club": a verb of taking part right
    // after "who", the group its object (with a preposition of going, or none).
    const verbAt = first + 1;
    const object = group.start - (tokens[group.start - 1]?.word === 'the' ? 1 : 0);
    const going = GOING.has(tokens[verbAt + 1]?.word ?? '') ? 1 : 0;
    const verb = tokens[verbAt]?.word ?? '';
    if (
      tokens[first]?.word === 'who' &&
      verbAt + 1 + going === object &&
      !spans.has(verbAt) &&
      !KEYWORDS.has(verb) &&
      // A verb's third person ("plays", "goes", "attends"), not a word of another question.
      /^\p{L}{2,}s$/u.test(verb)
    ) {
      for (let k = verbAt; k < object; k++) spans.add(k);
      return { kind: 'members', group, operation };
    }
    if (counting || has('who', 'whom', 'members', 'member', 'list', 'show', 'belongs', 'belong', 'which', 'part'))
      return { kind: 'members', group, operation };
    return null;
  }

  if (person) {
    const second = people.find((m) => m !== person && m.value !== person.value);
    // "who are the people partners", "how many quality managers": the role's holders.
    const relationAsked = hasAny(REPORT_WORDS) || hasAny(MANAGER_WORDS) || hasAny(MANAGE_VERBS);
    if (person.plural && !second && !yesNo && !relationAsked && !attributesAsked(tokens, covered).length)
      return { kind: 'holders', role: person };
    // "how many people report to my manager", "is Priya's boss in Oslo": the manager above the one named.
    const up = managersNamed(tokens, person);
    const above: Mention = up
      ? { ...person, end: person.end + up, possessive: tokens[person.end + up - 1].possessive, up }
      : person;
    // "Is Fiona in any project team? Which one?": the groups she is in.
    const kindAsked = !second && !group ? anyGroupAsked(tokens, spans, lexicon.groups) : null;
    if (kindAsked) {
      for (let k = kindAsked.start; k < kindAsked.end; k++) spans.add(k);
      return { kind: 'attributes', person: above, attributes: ['groups'] };
    }
    const against = second ?? group ?? values[0];
    // "Is Tom in Sales or Finance": which one, i.e. the field itself.
    const other = values.find((v) => v !== against && v.kind === against?.kind && has('or'));
    if (yesNo && other && !second && !group)
      return { kind: 'attributes', person: above, attributes: [against!.kind as 'department' | 'location' | 'title'] };
    if (yesNo && against) {
      const reportsTo = hasAny(REPORT_WORDS) || hasAny(MANAGER_WORDS) || hasAny(MANAGE_VERBS) || has('under');
      if (second && reportsTo) {
        // "Is Ben Dev's manager?", "does Ben manage Dev?": the second is the one reporting.
        const inverse = (hasAny(MANAGER_WORDS) && second.possessive) || (hasAny(MANAGE_VERBS) && !has('by'));
        return inverse
          ? { kind: 'check', person: second, against: person, relation: 'reportsTo' }
          : { kind: 'check', person: above, against: second, relation: 'reportsTo' };
      }
      if (!second) return { kind: 'check', person: above, against, relation: 'in' };
    }
    // "who else reports to Hamza besides Nadia": Hamza's reports (the asker knows one), not his peers.
    const reportsToNamed = hasAny(REPORT_WORDS) && tokens[person.start - 1]?.word === 'to';
    // "who else is on X's team", "X's teammates", "who works with X under the same manager".
    if (
      has('else', 'same', 'teammates', 'teammate', 'peers', 'peer', 'alongside') &&
      !has('which', 'what', 'whose') &&
      !reportsToNamed
    )
      // "who are my manager's peers" asks the manager's; "who else works under my manager" the asker's.
      return { kind: 'peers', person: has('teammates', 'teammate', 'peers', 'peer') ? above : person, operation };
    if (has('whose') && (hasAny(MANAGER_WORDS) || has('report', 'reports')))
      return { kind: 'reports', person, all: false, operation };
    const reportsAfter = tokens.some((t, i) => REPORT_WORDS.has(t.word) && i < person.start) && has('to') && !supposing;
    const managesPerson =
      tokens.some((t, i) => MANAGE_VERBS.has(t.word) && i >= above.end) ||
      // "who works for X", not "who does X work for" (X's manager).
      (tokens.some((t, i) => (t.word === 'for' || t.word === 'under') && i < person.start) &&
        has('work', 'works', 'working') &&
        !supposing) ||
      (above.possessive && (hasAny(REPORT_WORDS) || has('org', 'organisation', 'organization'))) ||
      // "who are X's people": those X manages.
      (above.possessive && PEOPLE_NOUNS.has(tokens[above.end]?.word ?? '') && !hasAny(COUNT_WORDS)) ||
      // "how many people does X have below her": below X, said after the name.
      (has('have', 'has') && tokens.some((t, i) => BELOW.has(t.word) && i >= above.end) && !supposing) ||
      // "which people are directly under X", "who sits below X": those under X, not whom X is under.
      (BELOW.has(tokens[person.start - (tokens[person.start - 1]?.word === 'the' ? 2 : 1)]?.word ?? '') &&
        !supposing) ||
      // "paloma direct reports", "Paloma's subordinates": a report noun right after the name.
      // Not "X reports to who?", the verb.
      (REPORT_NOUNS.has(tokens[above.end]?.word ?? '') && tokens[above.end + 1]?.word !== 'to') ||
      (tokens[above.end]?.word === 'direct' && REPORT_NOUNS.has(tokens[above.end + 1]?.word ?? '')) ||
      // "who has Noor as their manager": those whose manager Noor is.
      tokens.some(
        (t, i) =>
          t.word === 'as' &&
          i === above.end &&
          (MANAGER_WORDS.has(tokens[i + 1]?.word ?? '') || MANAGER_WORDS.has(tokens[i + 2]?.word ?? '')),
      ) ||
      // "X is the manager of who?": X's reports, asked with the question word last.
      tokens.some(
        (t, i) =>
          MANAGER_WORDS.has(t.word) &&
          i >= above.end &&
          tokens[i + 1]?.word === 'of' &&
          (['who', 'whom'].includes(tokens[i + 2]?.word ?? '') ||
            // "who is X the manager of": the question word first, "of" last.
            (i + 2 === tokens.length && ['who', 'whom'].includes(tokens[first]?.word ?? ''))),
      );
    if (reportsAfter || managesPerson || (counting && (hasAny(REPORT_WORDS) || hasAny(MANAGE_VERBS) || has('under')))) {
      // "who else reports to my manager besides me": the asker's peers.
      if (up && has('else', 'besides', 'except', 'other')) return { kind: 'peers', person, operation };
      // "which technicians report to Brian": those of Brian's reports whose title holds the word.
      const titled = listedTitles(tokens, first, person.start, spans, values, KEYWORDS, roles);
      if (titled) for (let k = titled.start; k < titled.end; k++) spans.add(k);
      return {
        kind: 'reports',
        person: above,
        // "directly under X" asks for X's reports alone, "directly or indirectly" for all below.
        // Someone's organisation is everyone below them.
        all:
          (hasAny(ALL_WORDS) ||
            (has('under') && counting) ||
            (above.possessive && has('organisation', 'organization'))) &&
          !(has('directly', 'direct') && !has('indirectly', 'indirect')),
        operation,
        ...(titled ? { titled } : {}),
      };
    }
    // "who is in Sofía Benítez team": the name before "team", its possessive's mark left out.
    const teamAfter = tokens[above.end]?.word === 'team';
    if (
      has('team', 'teams') &&
      (person.possessive || teamAfter || has('on', 'of')) &&
      !has('which', 'what') &&
      !joinedTeam
    )
      return { kind: 'team', person: above, operation };
    const levels = managerLevels(tokens, person);
    // "If I work for X, who is my skip-level?": the asker's manager is X, so X's is one level less.
    const supposed =
      joinedTeam || (supposing && tokens.some((t, i) => ['for', 'under', 'to'].includes(t.word) && i < person.start));
    if (levels && supposed && levels > 1) return { kind: 'manager', person, levels: levels - 1 };
    if (up && !supposed) {
      // "who does my manager report to": above the manager; "what is my manager's email": of the manager.
      const further = managerLevels(tokens, above);
      if (further) return { kind: 'manager', person, levels: up + further };
      // Only a field of the same clause: "who is Aino's manager and when did she start" asks Aino's.
      const clause = tokens.findIndex((t, i) => i >= above.end && t.word === 'and');
      const attributes = attributesAsked(clause < 0 ? tokens : tokens.slice(0, clause), covered);
      if (attributes.length) return { kind: 'attributes', person: above, attributes };
    }
    if (levels && !supposed) return { kind: 'manager', person, levels };
    const attributes = person.self ? selfAttributes(tokens, covered) : attributesAsked(tokens, covered);
    // "who is the head of research and where is she": who they are, then what else is asked.
    const whoFirst = tokens[first]?.word === 'who' && tokens[first + 1]?.word === 'is' && person.start <= first + 3;
    if (whoFirst && attributes.length && !attributes.includes('profile')) attributes.unshift('profile');
    if (attributes.length) return { kind: 'attributes', person, attributes };
    if (has('who') && has('is', 'are') && (person.role || tokens.length - (person.end - person.start) <= 3))
      return { kind: 'attributes', person, attributes: ['profile'] };
    // "who runs the dyehouse": the holder of the head's title that names it.
    if (
      person.role &&
      !person.plural &&
      has('who') &&
      has('runs', 'run', 'heads', 'leads', 'charge', 'oversees', 'handles', 'handle', 'covers', 'cover')
    )
      return { kind: 'attributes', person, attributes: ['profile'] };
    // "halic's ceo?", "our cfo?": the role alone, asked with nothing else, asks who holds it.
    const own = lexicon.organization ?? [];
    if (
      person.role &&
      !person.plural &&
      tokens.every((t, i) => spans.has(i) || own.includes(t.word) || BARE_ROLE_WORDS.has(t.word))
    )
      return { kind: 'attributes', person, attributes: ['profile'] };
    // "What's the name of the CTO", "what is our recruiter called": who holds the role.
    if (person.role && has('name', 'called') && has('what', 'whats', "what's", 'tell', 'know'))
      return { kind: 'attributes', person, attributes: ['profile'] };
    return null;
  }

  // No person the directory knows: a name it does not know, asked about as a person.
  if (unknown && (hasAny(REPORT_WORDS) || hasAny(MANAGER_WORDS) || hasAny(MANAGE_VERBS)))
    return { kind: 'unknownPerson', name: unknown };

  // "Which of our offices has the most people?", "what is our smallest department": a field's values ranked by their people.
  const rankedField = (['location', 'department'] as const).find((f) => RANKED_NOUNS[f].some((w) => words.has(w)));
  const rankOrder = has(...MOST) ? 'most' : has(...FEWEST) ? 'fewest' : null;
  if (rankedField && rankOrder && !values.length && !groups.length && has('which', 'what') && !counting && !yesNo)
    return { kind: 'ranked', field: rankedField, order: rankOrder };

  // "Who runs Finance", "who is in charge of operations": the department's most senior person.
  const department = values.find((v) => v.kind === 'department');
  if (department && !counting && has('who') && [...HEAD_ASKED].some((w) => words.has(w)))
    return { kind: 'head', department: department.value };

  // Employees by the organization's values: "how many people in Oslo", "who works in Customer Success".
  const filters = valueFilters(values, tokens, spans);
  kindOfEmployee(filters);
  const started = startedFilter(tokens);
  if (started) filters.started = started;
  // "how many people work at Halic", "how many employees do we have in total", "our headcount
  // overall": everyone, counted. A bare "how many employees do we have" is the intents table's.
  const own = lexicon.organization ?? [];
  const whole =
    counting && (has(...ORGANIZATION_NOUNS, ...WHOLE_ORGANIZATION) || tokens.some((t) => own.includes(t.word)));
  if (Object.keys(filters).length === 0)
    return whole && has('people', 'employees', 'staff', 'ppl', 'persons', 'colleagues', 'headcount')
      ? { kind: 'employees', operation, filters }
      : null;
  // "who is the CTO", "where is our head of people based": one role holder, the intents table's.
  // "which people are vault technicians" lists them all.
  if (
    !counting &&
    filters.title &&
    !filters.department &&
    !filters.location &&
    !has('work', 'works', 'all', 'list') &&
    !hasAny(PEOPLE_NOUNS)
  ) {
    // "which buyers do we have": a title in the plural asks for all its holders, as "who are our buyers".
    const title = values.find((v) => v.kind === 'title' && v.value === filters.title);
    const said = title && tokens.slice(title.start, title.end).map((t) => t.word);
    if (title && said && Object.keys(filters).length === 1 && has('which') && pluralRole(said, [title.value], normal)) {
      const ids = lexicon.people.filter((p) => p.active && p.title === title.value).map((p) => p.id);
      return {
        kind: 'holders',
        role: { ...title, kind: 'person', ids, value: said.join(' '), role: [title.value], plural: true },
      };
    }
    return null;
  }
  // Any listing word but "name" ("what's the name of the Oslo office" asks for no one).
  const listed = [...LIST_WORDS].some((w) => w !== 'name' && words.has(w));
  if (counting || listed || (!yesNo && has('work', 'works'))) return { kind: 'employees', operation, filters };
  return null;
}

/** Words that may stand beside a role asked about alone ("the ceo?", "our company's cfo"). */
const BARE_ROLE_WORDS = new Set(['the', 'our', 'your', 'ur', 'company', 'who', 'whos', 'here', 'at', 'of']);

/** Words before a value that leave it out ("outside Sapporo", "not in Sales", "except Oslo"), by their last word. */
const LEFT_OUT: readonly (readonly string[])[] = [
  ['outside'], ['except'], ['excluding'], ['but'], ['not', 'in'], ['not', 'from'], ['not', 'based', 'in'],
  ['other', 'than'], ['apart', 'from'], ['except', 'in'], ['outside', 'of'], ['except', 'for'],
]; // prettier-ignore

/** How many words before a person leave them out ("besides me", "apart from Ana", "other than X"), or 0. */
function leftOutPerson(tokens: Token[], person: Mention): number {
  const before = tokens[person.start - 1]?.word ?? '';
  if (['besides', 'except', 'excluding'].includes(before)) return 1;
  const two = `${tokens[person.start - 2]?.word ?? ''} ${before}`;
  return ['other than', 'apart from', 'except for'].includes(two) ? 2 : 0;
}

/** The words before `at` that leave out the value there, longest first: how many, or 0. */
function leftOut(tokens: Token[], at: number): number {
  const before = (n: number) =>
    tokens
      .slice(Math.max(0, at - n), at)
      .map((t) => t.word)
      .join(' ');
  const said = LEFT_OUT.filter((words) => before(words.length) === words.join(' '));
  return Math.max(0, ...said.map((words) => words.length));
}

/**
 * A question's values as filters: each kind's first value kept, or left out when the words
 * before it say so ("engineering people outside Sapporo"); those words are then part of the query.
 */
function valueFilters(values: Mention[], tokens: Token[], spans: Set<number>): Filters {
  const filters: Filters = {};
  // Where the last value kept of each kind ends: a value of the same kind joined to it is asked too.
  const ends: Partial<Record<'department' | 'location' | 'title', number>> = {};
  for (const v of values) {
    const kind = v.kind as 'department' | 'location' | 'title';
    const article = tokens[v.start - 1]?.word === 'the' ? 1 : 0;
    const out = leftOut(tokens, v.start - article);
    const end = ends[kind];
    if (out) {
      filters.except ??= {};
      filters.except[kind] ??= v.value;
      for (let k = v.start - article - out; k < v.start; k++) spans.add(k);
    } else if (end === undefined) {
      filters[kind] = v.value;
      ends[kind] = v.end;
    } else if (joined(tokens, end, v.start) && v.value !== filters[kind]) {
      // "Aberdeen and Batam (combined)": anyone in either.
      filters.also ??= {};
      filters.also[kind] = [...(filters.also[kind] ?? []), v.value];
      ends[kind] = v.end;
    }
  }
  return filters;
}

/** The most words of a role a group's description gives ("pipe major", "crew lead"). */
const ROLE_WORDS = 2;

/**
 * The words of a role a group's description gives someone, as the question asks for it: "the
 * <role> of <group>", "<group>'s <role>" or "the <group> <role>", each word of the role one of
 * the description's and no keyword. Their span, or null.
 */
function describedRole(
  tokens: Token[],
  spans: ReadonlySet<number>,
  group: Mention,
  groups: readonly LexGroup[],
): { start: number; end: number } | null {
  const description = groups.find((g) => g.id === group.ids[0])?.description;
  if (!description) return null;
  const words = new Set(normal(description));
  // A word of leading may be the role's own ("the crew lead of the raising crew").
  const free = (i: number) =>
    i >= 0 &&
    i < tokens.length &&
    !spans.has(i) &&
    (!KEYWORDS.has(tokens[i].word) || LEAD_WORDS.has(tokens[i].word)) &&
    !ROLE_ARTICLES.has(tokens[i].word);
  const said = (start: number, end: number) =>
    end > start && end - start <= ROLE_WORDS && range(start, end).every((i) => words.has(tokens[i].word));
  // "the pipe major of the band", "the project lead for the upgrade": the words between "the" and "of" before the group.
  const of = group.start - (tokens[group.start - 1]?.word === 'the' ? 2 : 1);
  if (tokens[of]?.word === 'of' || tokens[of]?.word === 'for') {
    let start = of;
    while (free(start - 1) && of - start < ROLE_WORDS) start--;
    if (ROLE_ARTICLES.has(tokens[start - 1]?.word ?? '') && said(start, of)) return { start, end: of };
  }
  // "the band's pipe major", "the band pipe major": the words right after the group.
  let end = group.end;
  while (free(end) && end - group.end < ROLE_WORDS) end++;
  return said(group.end, end) && !free(end) ? { start: group.end, end } : null;
}

/** Words for a kind of group ("any project team", "any committees"). */
const GROUP_NOUNS = new Set(['team', 'teams', 'group', 'groups', 'club', 'clubs', 'committee', 'committees']);
/** The most words between "any" and the group noun ("any cross-site project team"). */
const GROUP_KIND_WORDS = 2;

/**
 * "in any project team", "on any committees": which groups someone is in, asked with "any", the
 * kind of group named by words of the organization's group names or descriptions, or none. The
 * span of those words, or null.
 */
function anyGroupAsked(
  tokens: Token[],
  spans: ReadonlySet<number>,
  groups: readonly LexGroup[],
): { start: number; end: number } | null {
  const at = tokens.findIndex((t, i) => t.word === 'any' && ['in', 'on', 'of'].includes(tokens[i - 1]?.word ?? ''));
  if (at < 0) return null;
  let end = at + 1;
  while (end < tokens.length && end - at - 1 < GROUP_KIND_WORDS && !GROUP_NOUNS.has(tokens[end].word)) end++;
  if (!GROUP_NOUNS.has(tokens[end]?.word ?? '')) return null;
  const kind = tokens.slice(at + 1, end);
  if (kind.some((t, k) => spans.has(at + 1 + k))) return null;
  if (kind.length) {
    const words = new Set(groups.flatMap((g) => normal(`${g.name} ${g.description ?? ''}`)));
    if (!kind.every((t) => words.has(t.word))) return null;
  }
  return { start: at - 1, end: end + 1 };
}

/** Words for the people a question counts or lists ("how many people", "which colleagues"). */
const PEOPLE_NOUNS = new Set(['people', 'ppl', 'employees', 'staff', 'colleagues', 'folks', 'members', 'persons']);

/** Prepositions of going to a group's meetings ("who goes to the book club", "who turns up at the quiz night"). */
const GOING = new Set(['to', 'at']);

/** Prepositions of taking part in a group ("who sings in", "who plays for"). */
const MEMBERSHIP = new Set(['in', 'on', 'for', 'with']);

/** Words right after a name that ask, with the verb left out, where the person is ("diego part of engineering?"). */
const ELLIPTIC = new Set(['in', 'part', 'on', 'at', 'from', 'based', 'under', 'within']);

/** Whether a question asks for the newest joiner or the longest-serving, by its words. */
function tenureOrder(has: (...list: string[]) => boolean): 'newest' | 'longest' | null {
  const joining = has(...JOINING);
  const newest = has('newest', 'latest') || (joining && has(...NEWEST));
  const longest = has('longest') || (joining && has(...LONGEST));
  return newest === longest ? null : newest ? 'newest' : 'longest';
}

/** Words that open a question about the asker ("who is my manager", "am I in Finance", "show me my reports"). */
const SELF_OPENERS = new Set(['who', 'whom', 'what', 'which', 'how', 'where', 'when', 'list', 'show', 'tell', 'give', 'name', ...YES_NO]); // prettier-ignore
/** The most words of a question about the asker: a longer one ("can my manager approve …") asks something else. */
const SELF_WORDS = 10;
/** Verbs after which "me" is the one told, not the one asked about ("tell me who …"). */
const TOLD = new Set(['tell', 'show', 'give', 'let', 'help', 'remind']);

/**
 * The asker as a person of the question: the first "I", "me" or "my" of a short question that
 * opens with a question word, and, beside a named person, only in a yes/no question ("do I report
 * to Ingrid", "is Priya my manager"). Its ids are the asker's employee's, or none when the account
 * is linked to none.
 */
function selfMention(tokens: Token[], named: Mention[], self: LexPerson | null | undefined): Mention | null {
  const first = firstContent(tokens);
  // "email of my manager?", "title of my boss": a field asked first opens the question too.
  // "email address of my manager?": the field's noun may follow it.
  const ofAt = (i: number) =>
    tokens[i]?.word === 'of' || (ADDRESS_NOUNS.has(tokens[i]?.word ?? '') && tokens[i + 1]?.word === 'of');
  const opener = (i: number) =>
    SELF_OPENERS.has(tokens[i]?.word ?? '') || (FIELD_WORD.has(tokens[i]?.word ?? '') && ofAt(i + 1));
  if (tokens.length > SELF_WORDS || !opener(first)) return null;
  // "If I work for X, who is my skip-level?": the asker is supposed under X, the question is about X.
  if (tokens[first].word === 'if' && named.some((m) => m.kind === 'person')) return null;
  // "How do I …", "how long do I …" ask how to do something; "how many" and "how big" count.
  if (tokens[first].word === 'how' && !COUNT_WORDS.has(tokens[first + 1]?.word ?? '')) return null;
  const people = named.filter((m) => m.kind === 'person');
  if (people.length && !YES_NO.has(tokens[first].word)) return null;
  const at = tokens.findIndex(
    (t, i) => ['i', 'me', 'my', 'myself'].includes(t.word) && !(t.word === 'me' && TOLD.has(tokens[i - 1]?.word ?? '')),
  );
  if (at < 0 || named.some((m) => m.start <= at && at < m.end)) return null;
  return {
    kind: 'person',
    ids: self ? [self.id] : [],
    value: self?.name ?? 'you',
    start: at,
    end: at + 1,
    possessive: tokens[at].word === 'my',
    self: true,
  };
}

/** Nouns after a field word that say it is an address ("email address of my manager"). */
const ADDRESS_NOUNS = new Set(['address', 'addresses', 'id']);

/** Words for the place someone works ("my office", "my site"): the asker's location. */
const OWN_PLACES = new Set(['office', 'site', 'city', 'location', 'town', 'plant', 'factory', 'branch', 'campus']);

/**
 * The asker's own department or location, where the question says it is among people ("who in my
 * department", "how many people are in my office", "who works at my site"): a value mention of
 * "my" and the field's word, or null.
 */
function ownValue(tokens: Token[], self: Mention | null, me: LexPerson | null | undefined): Mention | null {
  if (!self?.possessive || !me || !['in', 'from', 'at', 'within'].includes(tokens[self.start - 1]?.word ?? ''))
    return null;
  const word = tokens[self.end]?.word ?? '';
  const kind = FIELD_WORDS.department.includes(word) ? 'department' : OWN_PLACES.has(word) ? 'location' : null;
  const value = kind && me[kind];
  if (!kind || !value) return null;
  return { kind, ids: [], value, start: self.start, end: self.end + 1, possessive: tokens[self.end].possessive };
}

/**
 * The asker's fields asked for by name: a field word just after "my" ("my title", "my job title",
 * "my start date"), or in "which groups am I in", "where am I based", "when did I join". Never
 * a word of another kind of question ("where do I submit my expenses", "how do I reach HR").
 */
function selfAttributes(tokens: Token[], covered: ReadonlySet<number>): Attribute[] {
  const words = tokens.map((t) => t.word);
  const asked = words.includes('am') || (words.includes('when') && words.includes('did'));
  // Right after "my", or after "my" and another field word ("my job title"), not "my gym membership".
  const afterMy = (i: number) => words[i - 1] === 'my' || (words[i - 2] === 'my' && FIELD_WORD.has(words[i - 1]));
  const kept = tokens.map((t, i) => (!SELF_VERBS.has(t.word) && (asked || afterMy(i)) ? t : { ...t, word: '' }));
  return attributesAsked(kept, covered);
}

const FIELD_WORD: ReadonlySet<string> = new Set(Object.values(FIELD_WORDS).flat());

/** Field words that are verbs of asking how to do something ("how do I reach", "where do I live"). */
const SELF_VERBS = new Set([
  'reach',
  'contact',
  'write',
  'do',
  'does',
  'live',
  'lives',
  'long',
  'since',
  'function',
  'unit',
]);

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

/** The first word after courtesy ("please", "hey", "can you tell me"). */
function firstContent(tokens: Token[]): number {
  const courtesy = new Set(['please', 'hey', 'hi', 'hello', 'ok', 'okay', 'so', 'and', 'quick', 'question', 'um']);
  let i = 0;
  while (i < tokens.length && courtesy.has(tokens[i].word)) i++;
  return i;
}

/**
 * How many managers up the question climbs from the person: "manager" once, "manager's manager"
 * twice, "skip-level" or "grand boss" two, "3 levels up" three; "who does X report to" one.
 */
function managerLevels(tokens: Token[], person: Mention): number {
  const after = tokens.slice(person.end);
  const words = tokens.map((t) => t.word);
  if (
    words.some((w) => w.startsWith('skip')) ||
    words.includes('grandboss') ||
    (words.includes('grand') && words.some((w) => MANAGER_WORDS.has(w)))
  )
    return 2;
  const levelAt = words.findIndex((w) => w === 'levels' || w === 'level');
  const up = levelAt > 0 ? Number(words[levelAt - 1]) || WORD_NUMBERS.indexOf(words[levelAt - 1]) : -1;
  const chained = after.filter((t) => MANAGER_WORDS.has(t.word)).length;
  if (up > 0 && chained + words.filter((w) => w === 'up' || w === 'above').length > 0) return up;
  // "X's manager, and who is above that person", "who is above X's manager", "the boss of X's
  // boss": one level more each.
  const linksBefore = tokens
    .slice(0, person.start)
    .filter((t, i) => MANAGER_WORDS.has(t.word) && tokens[i + 1]?.word === 'of').length;
  const above = words.filter((w) => w === 'above').length;
  if (chained) return chained + linksBefore + above;
  // "who is above X (on the org chart)": X's manager.
  if (above && tokens.slice(0, person.start).some((t) => t.word === 'above')) return above;
  // "who is the manager of Priya", "who manages Priya"; each link before the name is one more level
  // ("the boss of the boss of Priya", "who manages the manager of Priya").
  const before = tokens.slice(0, person.start).filter((t) => MANAGER_WORDS.has(t.word) || MANAGE_VERBS.has(t.word));
  if (before.length) return before.length;
  // "who does Priya report to", "who does she work for".
  if (after.some((t) => ['report', 'reports', 'reporting'].includes(t.word)) && after.some((t) => t.word === 'to'))
    return 1;
  if (
    words.includes('does') &&
    after.some((t) => t.word === 'work') &&
    after.some((t) => t.word === 'for' || t.word === 'under')
  )
    return 1;
  return 0;
}

/**
 * How many managers a person in the possessive names above them: "my manager" one, "Priya's boss's
 * boss" two, "Priya" none. The words must follow the name, each but the last in the possessive.
 */
function managersNamed(tokens: Token[], person: Mention): number {
  let n = 0;
  let possessive = person.possessive;
  while (possessive && MANAGER_WORDS.has(tokens[person.end + n]?.word ?? '')) {
    possessive = tokens[person.end + n].possessive;
    n++;
  }
  return n;
}

/** Possessive words that make the field after them someone's ("whose birthday", "her phone number"). */
const OWNERS = new Set(['whose', 'his', 'her', 'their']);

/**
 * Whether a missing field is asked of a person: someone named or a role (not the asker) anywhere
 * in the question; an owner word right before the field's word ("whose birthday is today"); or
 * the asker's field as what is asked ("what is my salary", "when is my birthday"), not a thing of
 * theirs in a question about something else ("can I use my phone at work"). "Someone whose rate
 * is higher … what am I paid" has no owner at the field.
 */
function fieldOfPerson(tokens: Token[], fieldWords: readonly string[], people: Mention[]): boolean {
  const word = (i: number) => tokens[i]?.word ?? '';
  // "a welder whose rate is higher" is anyone of a role, not someone asked about.
  if (people.some((m) => !m.self && !(m.role && ['a', 'an', 'any'].includes(word(m.start - 1))))) return true;
  // "what is my salary", "when is my birthday", "what's my phone number"; not "is my phone bill paid".
  const asksOwn = (i: number) =>
    ['what', 'when', 'how', 'which'].includes(word(firstContent(tokens))) &&
    ['my', 'your'].includes(word(i - 1)) &&
    ['is', 'are'].includes(word(i - 2)) &&
    ['', 'number', 'numbers', 'date'].includes(word(i + 1));
  return tokens.some((t, i) => fieldWords.includes(t.word) && (OWNERS.has(word(i - 1)) || asksOwn(i)));
}

/** The fields asked about a person, in the order the question asks them. */
function attributesAsked(tokens: Token[], covered: ReadonlySet<number>): Attribute[] {
  const asked: Attribute[] = [];
  const words = tokens.filter((_, i) => !covered.has(i)).map((t) => t.word);
  const add = (a: Attribute) => {
    if (!asked.includes(a)) asked.push(a);
  };
  for (const [i, word] of words.entries()) {
    if (FIELD_WORDS.email.includes(word) && !(word === 'write' && !words.includes('to'))) add('email');
    else if (word === 'do' || word === 'does') {
      // "what does X do (and …)": a "do" ending its clause, in a question that starts with "what".
      if (
        words.includes('what') &&
        word === 'do' &&
        ['and', 'here', 'for', 'at', 'please', 'thanks', 'now', undefined].includes(words[i + 1])
      )
        add('title');
    } else if (FIELD_WORDS.title.includes(word)) add('title');
    else if (
      FIELD_WORDS.department.includes(word) ||
      (word === 'team' && (words.includes('which') || words.includes('what')))
    )
      add('department');
    // "which teams is Thora on": the groups she belongs to (a department would be one team).
    else if (word === 'teams' && (words.includes('which') || words.includes('what'))) add('groups');
    else if (word === 'long' && words.includes('how') && (words.includes('been') || words.includes('worked')))
      add('startDate');
    else if (
      word !== 'long' &&
      FIELD_WORDS.startDate.includes(word) &&
      // "when did X join", "X's start date", "what day did X begin".
      (words.includes('when') || word === 'start' || words.includes('date') || words.includes('day'))
    )
      add('startDate');
    else if (FIELD_WORDS.location.includes(word) && !(word === 'where' && words.includes('join'))) add('location');
    else if (FIELD_WORDS.groups.includes(word)) add('groups');
  }
  return asked;
}

/** A capitalised run of words that names nobody the directory knows ("Zed Nobody"), not the first word of the question. */
function unknownName(tokens: Token[], covered: ReadonlySet<number>): string | null {
  const run: string[] = [];
  for (let i = 1; i < tokens.length; i++) {
    const t = tokens[i];
    // "the CTO", "the D&I committee": a role or a group, not a person.
    const named = run.length > 0 || !['the', 'our', 'a', 'an', 'your'].includes(tokens[i - 1].word);
    const nameLike = named && t.capital && !covered.has(i) && !KEYWORDS.has(t.word) && !/[\d&]/.test(t.word);
    if (nameLike) run.push(t.word.replace(/^\p{L}/u, (c) => c.toUpperCase()));
    else if (run.length) break;
    if (nameLike && t.possessive) break;
  }
  return run.length ? run.join(' ') : null;
}

/** The whole name when a person's first or last name is written beside a capitalised word no name holds, else null. */
function besideUnknown(tokens: Token[], person: Mention, covered: ReadonlySet<number>): string | null {
  if (person.end - person.start !== 1) return null;
  const unknownAt = (i: number) =>
    i >= 1 && i < tokens.length && tokens[i].capital && !covered.has(i) && !KEYWORDS.has(tokens[i].word);
  const word = (i: number) => tokens[i].word.replace(/^\p{L}/u, (c) => c.toUpperCase());
  if (!tokens[person.start].possessive && unknownAt(person.end)) return `${word(person.start)} ${word(person.end)}`;
  if (unknownAt(person.start - 1)) return `${word(person.start - 1)} ${word(person.start)}`;
  return null;
}

/** "joined in 2023", "started after March 2024", "hired before 2020": a start date range, or null. */
function startedFilter(tokens: Token[]): Filters['started'] | null {
  const words = tokens.map((t) => t.word);
  if (!words.some((w) => ['joined', 'join', 'started', 'start', 'hired', 'joiners', 'starters', 'hires'].includes(w)))
    return null;
  const isYear = (w: string | undefined) => w !== undefined && /^(?:19|20)\d\d$/.test(w);
  const yearAt = words.findIndex(isYear);
  if (yearAt < 0) return null;
  const year = Number(words[yearAt]);
  const month = MONTH_NAMES.indexOf(words[yearAt - 1] ?? '');
  // "hired in 2025 or 2026", "in 2023, 2024 and 2025": years in a row joined, any of them.
  let last = yearAt;
  for (let joined = true; month < 0 && joined;) {
    const step = ['or', 'and', 'to'].includes(words[last + 1]) ? 2 : 1;
    joined = isYear(words[last + step]) && Number(words[last + step]) === Number(words[last]) + 1;
    if (joined) last += step;
  }
  const through = Number(words[last]);
  const from = month >= 0 ? isoDate(year, month) : isoDate(year, 0);
  const to = month >= 0 ? isoDate(year, month + 1) : isoDate(through + 1, 0);
  const op = words.includes('before') ? 'before' : words.includes('after') || words.includes('since') ? 'after' : 'in';
  return { op, from, to };
}

const isoDate = (year: number, month: number) => new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);

/**
 * The mentions of a question with its roles read as people ("the CFO", "the quality lead", "the
 * payroll guy"): each role phrase, or a title written after "the", is a person mention whose ids
 * are the title's active holders (narrowed by a place or department the question names, when that
 * leaves someone). Beside a person named by name, a role is a person only in a relation ("does
 * Ana report to the CFO"); else it stays a title ("is Rui the CFO?").
 */
function withRoles(tokens: Token[], found: Mention[], lexicon: Lexicon): Mention[] {
  const words = new Set(tokens.map((t) => t.word));
  const head = [...HEAD_ASKED].some((w) => words.has(w));
  const isValue = (m: Mention) => m.kind === 'department' || m.kind === 'location';
  const taken = new Set(
    found.filter((m) => m.kind === 'person' || m.kind === 'group').flatMap((m) => range(m.start, m.end)),
  );
  const soft = found.filter(isValue);
  const titles = valueIndex(lexicon.values).roles;
  // A title written out whole without "the" stays a title to filter by where the question counts
  // or lists ("how many Support Engineer in Oslo", "who works as Accountant"); elsewhere it is
  // its holder ("ceo email?", "who is head of people here").
  const listing = [...words].some((w) => COUNT_WORDS.has(w) || LISTING.has(w));
  const verbatim = (p: { start: number; end: number }) =>
    found.some((m) => m.kind === 'title' && m.start === p.start && m.end === p.end);
  const phrases = rolePhrases(tokens, titles, taken, KEYWORDS, head, soft, normal).filter(
    (p) => !(p.bare && verbatim(p) && listing),
  );
  // A title written after "the" is a role too ("the Financial Controller"), and one written bare where nothing is listed.
  for (const m of found)
    if (
      m.kind === 'title' &&
      (ROLE_ARTICLES.has(tokens[m.start - 1]?.word ?? '') || !listing) &&
      !phrases.some((p) => p.start < m.end && m.start < p.end)
    ) {
      const text = tokens.slice(m.start, m.end).map((t) => t.word);
      phrases.push({
        start: m.start,
        end: m.end,
        titles: [m.value],
        text: m.value,
        bare: false,
        plural: pluralRole(text, [m.value], normal),
      });
    }
  if (phrases.length === 0) return found;
  const byName = found.some((m) => m.kind === 'person');
  const relation = [...words].some((w) => REPORT_WORDS.has(w) || MANAGER_WORDS.has(w) || MANAGE_VERBS.has(w));
  const roles: Mention[] = [];
  for (const p of phrases) {
    // The places the question names outside the role narrow its holders ("the QA lead in Porto").
    const places = found.filter((m) => isValue(m) && (m.end <= p.start || m.start >= p.end));
    if (byName && !relation) {
      if (p.titles.length === 1)
        roles.push({ kind: 'title', ids: [], value: p.titles[0], start: p.start, end: p.end, possessive: false });
      continue;
    }
    const holders = lexicon.people.filter((h) => h.active && h.title !== null && p.titles.includes(h.title));
    const narrowed = holders.filter((h) => places.every((v) => h[v.kind as 'location' | 'department'] === v.value));
    const ids = (narrowed.length ? narrowed : holders).map((h) => h.id);
    const possessive = tokens[p.end - 1].possessive;
    roles.push({
      kind: 'person',
      ids,
      value: p.text,
      start: p.start,
      end: p.end,
      possessive,
      role: p.titles,
      ...(p.plural ? { plural: true } : {}),
    });
  }
  const inRole = (m: Mention) => roles.some((r) => m.start < r.end && r.start < m.end);
  return [...found.filter((m) => !inRole(m)), ...roles].sort((a, b) => a.start - b.start);
}

/** Words that ask for everyone of a kind, so that a title written out in them is a filter, not one person. */
const LISTING = new Set([
  'list',
  'show',
  'all',
  'every',
  'everyone',
  'which',
  'names',
  'work',
  'works',
  'working',
  'employed',
]);

const ROLE_ARTICLES = new Set(['the', 'our', 'your', 'ur']);
