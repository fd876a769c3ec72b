import { namesPeople } from '../language/wordnet';
import type { Mention, Token } from './directory-lexicon';
import { type RoleIndex, shortWord, titlesNamed } from './directory-roles';

/**
 * How far a directory question reaches beyond its plain relation: a clause widening someone's
 * reports to everyone below them ("including indirect reports", "incl. the technicians under my
 * supervisors"), a kind of employee named by a word of the titles ("which technicians report to
 * Brian"), and several values of one field asked together ("Aberdeen and Batam combined"). Pure
 * reading of the question's words, so that directory-query.ts stays the reader's one decision.
 */

/** Words that open a clause adding people to those asked for. */
const INCLUDING = new Set(['including', 'incl', 'inc', 'plus', 'counting']);
/** Words that close such a clause, after the people added ("indirect reports included"). */
const INCLUDED = new Set(['included', 'inclusive', 'counted', 'too']);

/** Words of such a clause that speak of the people further down ("indirect reports", "their teams", "under my supervisors"). */
const FURTHER_DOWN = new Set([
  'indirect', 'indirectly', 'all', 'everyone', 'everybody', 'levels', 'down', 'below', 'under', 'beneath',
  'underneath', 'teams', 'their', 'reports', 'report', 'subordinates', 'reportees', 'directs', 'sub-reports',
]); // prettier-ignore

/** The most words of a closing clause of people below ("the forklift guys included"). */
const KIND_CLAUSE = 5;
/** Words around a kind of employee in such a clause ("the", "guys"). */
const KIND_FILLERS = new Set(['the', 'those', 'guys', 'folks', 'people', 'staff', 'lads', 'crew', 'ones', 'team']);

/**
 * Where a clause starts that widens the people asked for to everyone below ("…, including
 * indirect reports"), or -1: a word of INCLUDING past the first, with a word of the people
 * further down after it. What the clause names ("the technicians under my supervisors") is the
 * widening, not another subject: the question is read without it.
 */
export function wideningAt(tokens: readonly Token[], titleWord: (word: string) => boolean = () => false): number {
  const at = tokens.findIndex((t, i) => i > 0 && INCLUDING.has(t.word));
  if (at < 0) {
    // "…, indirect reports included": the words of people further down right before the closing word;
    // "…, the forklift guys included": a kind of employee by a word of the titles, said of the people below.
    const close = tokens.findIndex((t, i) => i > 0 && INCLUDED.has(t.word));
    let start = close;
    let named = false;
    while (start > 1 && close - start < KIND_CLAUSE) {
      const word = tokens[start - 1].word;
      if (FURTHER_DOWN.has(word) || titleWord(word)) named = true;
      else if (!KIND_FILLERS.has(word)) break;
      start--;
    }
    return close > 0 && named ? start : -1;
  }
  return tokens.slice(at + 1).some((t) => FURTHER_DOWN.has(t.word)) ? at : -1;
}

/** Words that open the list a question asks for ("which technicians", "how many engineers", "list the supervisors"). */
export const LIST_OPENERS: ReadonlySet<string> = new Set(['which', 'what', 'many', 'list', 'show', 'name']);
/** Words between the opener and the kind of people listed ("which of the", "list all", "the longest serving"). */
const LIST_FILLERS = new Set(['the', 'all', 'of', 'our', 'me', 'serving', 'tenured', 'joined', 'recently', 'most']);
/** The most words of a kind of employee named before a relation ("which field installation supervisors"). */
const KIND_WORDS = 3;

/** A kind of employee named by words of the organization's titles ("technicians"): the words as written and the titles they name. */
export interface TitleWord {
  word: string;
  titles: string[];
  /** Token positions [start, end). */
  start: number;
  end: number;
}

/**
 * The kind of employee a question lists or counts before `before` (the person its relation is
 * about, or the end), named by words of the titles ("which technicians report to Brian": every
 * title with "technician"), or null. The words are those right after an opener (`which`, `how
 * many`, `list the`; or `longest serving` when the question asks who joined first) that no name
 * or value covers and no keyword is; a title written out whole is a value mention already and is
 * taken as it is.
 */
export function listedTitles(
  tokens: readonly Token[],
  from: number,
  before: number,
  covered: ReadonlySet<number>,
  values: readonly Mention[],
  keywords: ReadonlySet<string>,
  roles: RoleIndex,
  openers: ReadonlySet<string> = LIST_OPENERS,
): TitleWord | null {
  let at = from;
  while (at < before && !openers.has(tokens[at].word)) at++;
  at++;
  while (at < before && LIST_FILLERS.has(tokens[at].word)) at++;
  const title = values.find((v) => v.kind === 'title' && v.start === at && v.end <= before);
  if (title) {
    const word = tokens
      .slice(title.start, title.end)
      .map((t) => t.word)
      .join(' ');
    return { word, titles: [title.value], start: at, end: title.end };
  }
  // The words up to a name, a value or a small word; the first no keyword ("which people" is no kind).
  let end = at;
  while (end < before && end - at < KIND_WORDS && !covered.has(end) && !SMALL.has(tokens[end].word)) end++;
  if (end === at) return null;
  // "which supervisors report to Brian": a word for managers is a keyword, and a kind of employee too.
  const managers = at < before && !covered.has(at) ? managerTitles(tokens[at].word, roles) : null;
  if (managers) return { word: managers.named, titles: managers.titles, start: at, end: at + 1 };
  // The longest of their first words that names titles by their last word, as a kind of employee is
  // named ("technicians", "account manager"; not "data" for a Data Analyst). A keyword first names
  // none alone ("which people"), but may begin a kind ("plant operators", "plant" a word for a site).
  const keyword = keywords.has(tokens[at].word);
  for (let n = end - at; n >= (keyword ? 2 : 1); n--) {
    const words = tokens.slice(at, at + n).map((t) => t.word);
    const titles = headTitles(words, roles);
    if (titles.length) return { word: words.join(' '), titles, start: at, end: at + n };
  }
  return null;
}

/**
 * Words for managers a question lists or counts, by the title word each names (in its short form,
 * as the role index holds it): "supervisors" names the Supervisors; "managers" and "bosses" any
 * title of someone who manages (a Manager, a Head of, a Director, a Lead, a Supervisor …), since a
 * Finance Director is a manager as much as a Finance Manager is.
 */
const MANAGER_KINDS: Record<string, { word: string; named: string }> = {
  manager: { word: 'mgr', named: 'managers' },
  managers: { word: 'mgr', named: 'managers' },
  mgr: { word: 'mgr', named: 'managers' },
  mgrs: { word: 'mgr', named: 'managers' },
  boss: { word: 'mgr', named: 'managers' },
  bosses: { word: 'mgr', named: 'managers' },
  // The reader mends "supervisors" to its keyword "supervisor"; the answer names them in the plural.
  supervisor: { word: 'supervisor', named: 'supervisors' },
  supervisors: { word: 'supervisor', named: 'supervisors' },
  lead: { word: 'lead', named: 'leads' },
  leads: { word: 'lead', named: 'leads' },
};
/** The title words (short forms) of those who manage others. */
const MANAGERIAL = ['mgr', 'head', 'chief', 'dir', 'lead', 'supervisor', 'vp', 'pres', 'superintendent', 'foreman'];

/**
 * The titles a word for managers names (MANAGER_KINDS), in the organization's order; those of
 * anyone who manages when no title holds the word itself ("which supervisors" where none is
 * titled so). Null for any other word, or when no title is a manager's.
 */
function managerTitles(word: string, roles: RoleIndex): { named: string; titles: string[] } | null {
  const kind = Object.hasOwn(MANAGER_KINDS, word) ? MANAGER_KINDS[word] : undefined;
  if (!kind) return null;
  const holding = (words: readonly string[]) =>
    [...new Set(words.flatMap((w) => roles.byWord.get(w) ?? []))].sort((a, b) => a.at - b.at).map((t) => t.title);
  const own = kind.word === 'mgr' ? [] : holding([kind.word]);
  const titles = own.length ? own : holding(MANAGERIAL);
  return titles.length ? { named: kind.named, titles } : null;
}

/** Small words that end a kind of employee ("which data the company has"). */
const SMALL = new Set(['the', 'a', 'an', 'of', 'to', 'in', 'at', 'on', 'for', 'and', 'or', 'with', 'from', 'by']);

/** Whether a word names a kind of employee by the titles' last word ("operators" for an ROV Operator). */
export const namesTitleKind = (word: string, roles: RoleIndex): boolean => headTitles([word], roles).length > 0;

/**
 * The titles whose last word is the words' last (in the singular too), holding the others:
 * "technicians" for a Solar Technician. One word in the plural naming people ("engineers") names
 * every title holding it or a word of its stem as the job (an Engineer, a Structural Engineering
 * Team Lead, a Head of Engineering), as people mean a kind of employee.
 */
function headTitles(words: readonly string[], roles: RoleIndex): string[] {
  const last = words[words.length - 1];
  if (words.length === 1 && /[^s]s$/.test(last) && namesPeople(last)) {
    const held = titlesNamed([last], roles);
    if (held.length) return held;
  }
  // "engineers": the titles hold "engineer" (in its short form), which the plural does not reach.
  const forms = [last, last.replace(/ies$/, 'y'), last.replace(/es$/, ''), last.replace(/s$/, '')];
  for (const form of [...new Set(forms)]) {
    const titles = titlesNamed([...words.slice(0, -1), form], roles).filter(
      (title) => shortWord(lastWord(title)) === shortWord(form),
    );
    if (titles.length) return titles;
  }
  return [];
}

const lastWord = (title: string) =>
  title
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .pop() ?? '';

/** Words that may stand between two values asked together ("Aberdeen and Batam", "Oslo or the Bergen office"). */
const JOINING = new Set(['and', 'or', 'plus', 'the', 'in', 'at', 'from', 'n']);

/** Whether only words joining them stand between positions `from` and `to` ("Aberdeen and Batam"). */
export function joined(tokens: readonly Token[], from: number, to: number): boolean {
  return tokens.slice(from, to).every((t) => JOINING.has(t.word));
}
