import { isSpace, trimEndWhere } from '../../../common/trim-end';
import { namesAPerson } from '../language/wordnet';

/** What a directory question asks about one person. */
export type PersonIntent =
  'managerOf' | 'reportsOf' | 'teamOf' | 'titleOf' | 'locationOf' | 'departmentOf' | 'groupsOf' | 'whoIs';

/**
 * What a directory question asks. The directory specialist answers each in an exhaustive switch:
 * an intent added here without an answer there does not compile.
 */
export type Intent = PersonIntent | 'count' | 'myTasksOverdue' | 'myTasksDue' | 'members';

/** A directory question read: what it asks, and about whom (a person, "my", or a group). */
export interface AskedIntent {
  intent: Intent;
  subject: string;
}

/** A name in the possessive ("Maria's", "James'", "Maria’s"), or "my"; the possessive is taken off below. */
const OWNER = String.raw`(my|.+?['’]s?)`;
export const BOSS = '(?:line manager|manager|boss|supervisor|team lead|lead)';

/**
 * A name in the possessive, of up to four words none of which asks or links ("Tom Becker's", not
 * "who is on Ana's": that one is the team pattern's).
 */
const NAMED = String.raw`((?:(?!(?:who|what|where|which|is|are|on|in|of|at|for|from|to)\s)\S+\s+){0,3}?\S+?['’]s?)`;

/** What a noun after someone's name asks about them ("Tom's title"), most specific first. */
const POSSESSIVES: readonly [PersonIntent, string][] = [
  ['managerOf', BOSS],
  ['reportsOf', '(?:direct reports|reports|team members|people)'],
  ['teamOf', 'team'],
  ['titleOf', '(?:job title|title|job|role|position)'],
  ['locationOf', '(?:location|office|city|base)'],
  ['departmentOf', '(?:department|dept|division)'],
  ['groupsOf', '(?:groups|memberships|committees|clubs)'],
];

/** Words a question holds in this order, anything between them ("my … tasks … due … this month"). */
type Words = readonly RegExp[];

/**
 * Whether a text holds one of the sequences of words, each after the one before: found word by
 * word, left to right, in one pass. As one pattern (/\bmy\b.*\btasks?\b.*\bdue\b/) every split
 * of the text between the words was tried, cubic in its length (a message of "my tasks " repeated
 * took seconds), and the lint rule does not see that kind.
 */
function holdsInOrder(text: string, sequences: readonly Words[]): boolean {
  return sequences.some((words) => {
    let from = 0;
    for (const word of words) {
      const found = word.exec(text.slice(from));
      if (!found) return false;
      from += found.index + found[0].length;
    }
    return true;
  });
}

/**
 * Directory questions, most specific first: the first pattern that matches decides, and its group
 * captures the person or group asked about. Possessive forms ("Maria's reports", "Tom's job
 * title") come before the plain ones they contain ("who is on …", "who is …").
 */
export const DIRECTORY_INTENTS: readonly ({ intent: Intent } & (
  { pattern: RegExp } | { inOrder: readonly Words[] }
))[] = [
  {
    intent: 'reportsOf',
    pattern: new RegExp(
      String.raw`\bhow many (?:people|employees|staff|persons|direct reports) (?:report|reports) (?:directly )?to (.+?)$`,
      'i',
    ),
  },
  { intent: 'count', pattern: /\bhow many (?:active )?(?:employees|people|persons|staff|colleagues|workers)\b/i },
  {
    intent: 'myTasksOverdue',
    inOrder: [
      [/\bmy\b/i, /\boverdue\b/i],
      [/\boverdue\b/i, /\bmy\b/i, /\btasks?\b/i],
    ],
  },
  {
    intent: 'myTasksDue',
    inOrder: [
      [/\bmy\b/i, /\btasks?\b/i, /\bdue\b/i, /\bthis month\b/i],
      [/\btasks?\b/i, /\bdue this month\b/i, /\b(?:i|me|my)\b/i],
    ],
  },

  // "<someone>'s <what>" however it is asked ("Tom's title", "what is Mei's team", "Lena's
  // location please", "Tom's boss's name?"): the possessive names the person, the noun the intent.
  ...POSSESSIVES.map(([intent, noun]) => ({
    intent,
    pattern: new RegExp(
      String.raw`^(?:(?:and |so |ok )?(?:what|who|where|which) (?:is|are)(?: the)? |(?:tell me|show me|give me|list) |and |what about )?${NAMED} ${noun}(?:['’]s)?(?: please| name| names)?$`,
      'i',
    ),
  })),
  { intent: 'managerOf', pattern: new RegExp(String.raw`\bwho (?:does|do) (.+?) report to$`, 'i') },
  {
    intent: 'managerOf',
    pattern: new RegExp(String.raw`\bwho (?:does|do) (.+?) (?:work for|work under|answer to)$`, 'i'),
  },
  {
    intent: 'reportsOf',
    pattern: new RegExp(String.raw`\b(?:does|do) (?:anyone|anybody|someone|people) report to (.+?)$`, 'i'),
  },
  { intent: 'managerOf', pattern: new RegExp(String.raw`\bwho is (.+?)(?:['’]s?)? ${BOSS}$`, 'i') },
  { intent: 'managerOf', pattern: new RegExp(String.raw`\b${BOSS} of (.+?)$`, 'i') },
  { intent: 'managerOf', pattern: new RegExp(String.raw`\bwho manages (.+?)$`, 'i') },
  { intent: 'managerOf', pattern: new RegExp(String.raw`^(?:and |what about )?${OWNER} ${BOSS}$`, 'i') },

  { intent: 'reportsOf', pattern: new RegExp(String.raw`\bwho (?:reports|report) (?:directly )?to (.+?)$`, 'i') },
  { intent: 'reportsOf', pattern: new RegExp(String.raw`\b(?:direct )?reports of (.+?)$`, 'i') },
  { intent: 'reportsOf', pattern: new RegExp(String.raw`\bwho works? (?:for|under) (.+?)$`, 'i') },
  { intent: 'reportsOf', pattern: new RegExp(String.raw`\bwho does (.+?) manage$`, 'i') },
  { intent: 'reportsOf', pattern: new RegExp(String.raw`\bwho is managed by (.+?)$`, 'i') },
  {
    intent: 'reportsOf',
    pattern: new RegExp(
      String.raw`^(?:(?:who|what) (?:are|is)|list|show(?: me)?)? ?${OWNER} (?:direct )?reports$`,
      'i',
    ),
  },

  {
    intent: 'teamOf',
    pattern: new RegExp(
      String.raw`\b(?:who(?: is|'s|’s| are)? (?:on|in)|members of|list|show(?: me)?|who makes up) ${OWNER} team$`,
      'i',
    ),
  },
  { intent: 'teamOf', pattern: new RegExp(String.raw`^(?:and |what about )?${OWNER} team$`, 'i') },

  {
    intent: 'titleOf',
    pattern: new RegExp(String.raw`\bwhat(?: is|'s|’s) ${OWNER} (?:job title|job|title|role|position)$`, 'i'),
  },
  {
    intent: 'titleOf',
    pattern: new RegExp(String.raw`\bwhat (?:job title|title|role|position|job) does (.+?) (?:have|hold)$`, 'i'),
  },
  {
    intent: 'titleOf',
    pattern: new RegExp(String.raw`\bwhat is the (?:job title|title|role|position) of (.+?)$`, 'i'),
  },
  {
    intent: 'titleOf',
    pattern: new RegExp(String.raw`\bwhat does (.+?) do(?: here| for a living| for us)?$`, 'i'),
  },

  {
    intent: 'locationOf',
    pattern: new RegExp(String.raw`\bwhere is (.+?) (?:based|located|sitting|working from)$`, 'i'),
  },
  {
    intent: 'locationOf',
    pattern: new RegExp(String.raw`\bwhere does (.+?) (?:work from|work|sit|live|stay)$`, 'i'),
  },
  {
    intent: 'locationOf',
    pattern: new RegExp(String.raw`\bwhat(?: is|'s|’s) ${OWNER} (?:location|office|city)$`, 'i'),
  },
  {
    intent: 'locationOf',
    pattern: new RegExp(
      String.raw`\b(?:which|what) (?:office|city|location|site) (?:is|does) (.+?) (?:in|at|based in|work in|work at|work from)$`,
      'i',
    ),
  },

  {
    intent: 'departmentOf',
    pattern: new RegExp(
      String.raw`\b(?:which|what) (?:department|dept|team|division|unit) (?:is|does) (.+?) (?:in|on|part of|belong to|work in|work on|work for)$`,
      'i',
    ),
  },
  {
    intent: 'departmentOf',
    pattern: new RegExp(String.raw`\bwhat(?: is|'s|’s) ${OWNER} (?:department|dept|division)$`, 'i'),
  },
  {
    intent: 'departmentOf',
    pattern: new RegExp(String.raw`\b(?:which|what) (?:department|dept|division) is (.+?)$`, 'i'),
  },

  {
    intent: 'groupsOf',
    pattern: new RegExp(
      String.raw`\b(?:which|what) (?:groups?|committees?|clubs?|guilds?) (?:is|does|has) (.+?) (?:in|on|part of|a member of|member of|belong to|joined)$`,
      'i',
    ),
  },
  { intent: 'groupsOf', pattern: new RegExp(String.raw`\bwhat (?:is|are) ${OWNER} (?:groups|memberships)$`, 'i') },

  {
    intent: 'members',
    pattern: new RegExp(
      String.raw`\b(?:members of|who (?:is|are|sits|sit) (?:in|on|part of)|who['’]s (?:in|on|part of)|who belongs to) (?:the )?(.+?)$`,
      'i',
    ),
  },
  // "Who are the wellbeing champions": a group named by its members' title; when no group has
  // the name, the knowledge specialist answers instead.
  { intent: 'members', pattern: new RegExp(String.raw`\bwho are (?:the|our) (.+?)$`, 'i') },
  { intent: 'whoIs', pattern: new RegExp(String.raw`\bwho is (.+?)$`, 'i') },
  {
    intent: 'whoIs',
    pattern: new RegExp(String.raw`^(?:tell me (?:something )?about|what do you know about) (.+?)$`, 'i'),
  },
];

/** Intents whose subject is a person: it is a name (or "me"), not a phrase such as "the handbook say I should". */
const ABOUT_A_PERSON: ReadonlySet<Intent> = new Set([
  'managerOf',
  'reportsOf',
  'teamOf',
  'titleOf',
  'locationOf',
  'departmentOf',
  'groupsOf',
]);
/** Words a name does not start with. */
const NOT_A_NAME = /^(?:the|a|an|our|this|that|these|those|your|it|they|we|you|there)\b/i;
/** The most words of a name or a role ("Maria de la Cruz"); more is a phrase. */
const NAME_WORDS = 4;

/** How many words a text has, counted in one pass (a pattern such as /(?:\S+\s+){4}\S/ starts again at every character). */
function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** Whether a subject cannot be a person's name: it starts with an article or a pronoun, or is longer than a name. */
const notAName = (subject: string) => NOT_A_NAME.test(subject) || wordCount(subject) > NAME_WORDS;

/**
 * Whether a subject names a role instead of a person ("the CTO", "our head of finance", "the
 * engineering manager"): initials, or words about a person ("head of …", a noun naming a person).
 */
export function isRole(subject: string): boolean {
  const role = /^(?:the|our|your)\s+(\S.*)$/i.exec(subject)?.[1];
  if (!role || wordCount(role) > NAME_WORDS) return false;
  const words = role.toLowerCase().split(/\s+/);
  return /^\p{Lu}{2,5}$/u.test(role) || /^head of\b/i.test(role) || words.some((word) => namesAPerson(word));
}

/** Contractions and run-together forms people type ("whos on", "wheres Tom based"), written out. */
const CONTRACTIONS: readonly [RegExp, string][] = [
  [/\bwho(?:['’]s|s)\b/gi, 'who is'],
  [/\bwho['’]re\b/gi, 'who are'],
  [/\bwhat(?:['’]s|s)\b/gi, 'what is'],
  [/\bwhere(?:['’]s|s)\b/gi, 'where is'],
];

/** A person named first, in the possessive or before a dash ("Kenji's team - …", "Priya: …"). */
const NAMED_FIRST = /(?:^|\s)(\p{Lu}[\p{L}-]*(?:\s+\p{Lu}[\p{L}-]*)?)(?:['’]s?\b|\s*[-–—:,]\s)/u;

/** Capitalised words at the start of a message that name nobody. */
const NOT_A_PERSON = /^(?:hi|hey|hello|ok|okay|so|please|thanks|and|but|also|i|who|what|where|which|how|when)$/i;

/**
 * The question as the patterns read it: contractions written out, and a pronoun after a named
 * person replaced by the name ("Kenji's team - who reports directly to him?").
 */
export function normalizedQuestion(question: string): string {
  let text = CONTRACTIONS.reduce((t, [from, to]) => t.replace(from, to), question);
  const named = NAMED_FIRST.exec(text);
  if (named && !NOT_A_PERSON.test(named[1])) {
    const after = named.index + named[0].length;
    const rest = text
      .slice(after)
      .replace(/\b(?:he|she|him|her|them)\b/gi, named[1])
      .replace(/\b(?:his|their)\b/gi, `${named[1]}'s`);
    text = text.slice(0, after) + rest;
  }
  return text;
}

/**
 * Where one question ends and another starts: "what does Mei do and where does she work?". Each
 * place it can match is a mark or an "and", so splitting stays linear in the message's length
 * (whitespace on both sides of an alternative made it cubic: 10,000 spaces took minutes).
 */
const NEXT_QUESTION = /(?:[?;]|\band\b)(?=\s+(?:what|who|where|which|how|whom)\b)/i;

/** The most questions one message is read as; a longer list is read as one question. */
const MAX_QUESTIONS = 5;

/** Pronouns a later question uses for the person the first one named. */
const PRONOUN = /\b(?:he|she|him|her|they|them)\b/gi;

/**
 * The intents of a message asking several directory questions at once, each with its subject
 * (a later question's pronoun is the first one's person), or just the one when it asks one. Null
 * when any of them is not a directory question: then the message is not one.
 */
export function directoryIntents(question: string): AskedIntent[] | null {
  const whole = directoryIntent(question);
  const parts = question
    .split(NEXT_QUESTION)
    .map((part) => part.trim().replace(/,$/, ''))
    .filter(Boolean);
  const first = parts.length > 1 && parts.length <= MAX_QUESTIONS ? directoryIntent(parts[0]) : null;
  if (first) {
    const rest = parts.slice(1).map((part) => directoryIntent(part.replace(PRONOUN, first.subject)));
    if (rest.every((asked) => asked)) return [first, ...(rest as AskedIntent[])];
  }
  return whole ? [whole] : null;
}

/**
 * A question without the marks and white space it ends with ("Who is Ana?  " is "Who is Ana"),
 * taken off in code: the patterns end at `$`. Written as `(.+?)\s*[?.!]*\s*$` in each pattern, the
 * name and both runs of white space could split a run in every way, which is cubic: "who is",
 * 10,000 spaces and a name took minutes.
 */
export const withoutEnd = (text: string) => trimEndWhere(text, (char) => isSpace(char) || '?.!'.includes(char));

/** The intent of a directory question and its subject (quotes and a possessive taken off), or null. */
export function directoryIntent(question: string): AskedIntent | null {
  const text = withoutEnd(normalizedQuestion(question));
  for (const entry of DIRECTORY_INTENTS) {
    const { intent } = entry;
    const match = 'pattern' in entry ? entry.pattern.exec(text) : holdsInOrder(text, entry.inOrder) ? [''] : null;
    if (!match) continue;
    const subject = (match[1] ?? '')
      .trim()
      .replace(/^["'“‘]|["'”’]$/g, '')
      .replace(/['’]s?$/, '');
    if (ABOUT_A_PERSON.has(intent) && notAName(subject) && !isRole(subject)) continue;
    return { intent, subject };
  }
  return null;
}
