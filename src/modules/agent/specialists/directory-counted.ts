import { isNoun, namesPeople } from '../language/wordnet';
import type { Token } from './directory-lexicon';

/**
 * What a question counts or chooses among, when it is not people: "How many WFH days do we get
 * in the Nairobi office?" counts days, "which days can Nairobi staff work from home" chooses
 * among days, "how many quotes do I need" counts quotes. The directory counts and lists people, so
 * such a question is a policy's, whatever place or person it names besides: read as a directory
 * query it would answer with the people of Nairobi.
 */

/** Words after which comes what is counted or chosen among ("how many", "how much", "number of", "which", "what"). */
const OPENERS = new Set(['many', 'much', 'number', 'which', 'what']);
/** Of OPENERS, those that open only after "how" ("how many"; "many" alone is no question). */
const COUNTED = new Set(['many', 'much']);
/** Words between the opener and what it asks for ("which of the", "what kind of", "number of"). */
const FILLERS = new Set(['the', 'of', 'our', 'all', 'one', 'ones', 'kind', 'kinds', 'sort', 'sorts', 'type', 'types']);
/** Words that end what is asked for: small words, verbs of a question, pronouns and question words. */
const ENDS = new Set(
  `a an the of to in at on for and or with from by about per than as is are am was were be been do does did has
  have had can could will would should shall must may might i me my we us our you your he him his she her they
  them their it its who whom whose what which where when how why`.split(/\s+/),
);
/** The most words of what is asked for ("annual leave days"). */
const THING_WORDS = 4;
/** Time words that are someone's start date when joining is asked ("what day did Olli join"). */
const DATE_WORDS = new Set(['day', 'date', 'month', 'year', 'week', 'weekday']);

/** How a question's words are judged: the reader's keywords, and whether a word names a kind of employee by title. */
export interface Judged {
  /** Positions a name, a group or a value of the organization covers: they end what is asked for. */
  covered: ReadonlySet<number>;
  keywords: ReadonlySet<string>;
  /** Whether a word names a kind of employee by the titles' last word ("operators" for an ROV Operator). */
  titleKind: (word: string) => boolean;
  /** Whether the question asks when someone joined ("what day did Olli start"). */
  joining: boolean;
}

/**
 * The noun a question counts or chooses among when it names no people ("days", "quotes"), or null:
 * after each opener ("how many", "which", "the number of" …), the last noun of the words right
 * after it, up to a small word, a verb of asking, a pronoun or a name or value of the
 * organization. People are a keyword of the reader ("people", "reports", "members"), a noun for a
 * person or a group of them ("engineers", "staff"), or a kind of employee by title; a keyword of
 * the reader that names no people ("groups", "department", "city") is the reader's too.
 */
export function thingAsked(tokens: readonly Token[], judged: Judged): string | null {
  for (const [opener, token] of tokens.entries()) {
    const opens = OPENERS.has(token.word) && (!COUNTED.has(token.word) || tokens[opener - 1]?.word === 'how');
    if (!opens) continue;
    const thing = thingAfter(tokens, opener + 1, judged);
    if (thing) return thing;
  }
  return null;
}

/** The noun asked for in the words from `from` ("WFH days do we get …" is "days"), when it names no people. */
function thingAfter(tokens: readonly Token[], from: number, judged: Judged): string | null {
  let at = from;
  while (at < tokens.length && FILLERS.has(tokens[at].word) && !judged.covered.has(at)) at++;
  let end = at;
  while (
    end < tokens.length &&
    end - at < THING_WORDS &&
    !judged.covered.has(end) &&
    !ENDS.has(tokens[end].word) &&
    !/\d/.test(tokens[end].word)
  )
    end++;
  const words = tokens.slice(at, end).map((t) => t.word);
  if (words.some((w) => judged.keywords.has(w) || namesPeople(w) || judged.titleKind(w))) return null;
  const head = words.filter((w) => isNoun(w)).pop();
  if (!head || (judged.joining && DATE_WORDS.has(head.replace(/s$/, '')))) return null;
  return head;
}
