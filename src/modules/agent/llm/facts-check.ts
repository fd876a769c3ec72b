import { AnswerConfidence } from '../answer-confidence';
import type { Briefing } from './engine';

/** Number words a model may write for a small count ("three people report to …"). */
const NUMBER_WORDS = [
  'zero|no|none',
  'one|a single',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
];

/** An address; it starts where no character of one is before it (linear in a long run of them). */
const EMAIL = /(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const NUMBER = /\b\d+\b/g;

/** Whether a briefing is an exact answer from the directory's records: the facts a model must keep. */
export const isCheckedFacts = (briefing: Briefing): boolean =>
  briefing.style === 'facts' && briefing.confidence === AnswerConfidence.ANSWERED && briefing.passages.length > 0;

/** Lower case, each run of white space one space: how facts are looked for in a reply. */
const plain = (text: string) => text.toLowerCase().replace(/\s+/g, ' ');

/**
 * What a model's reply must hold of a directory answer: the names of the records the facts name
 * (people, groups), the numbers they state (counts, dates' parts) and their e-mail addresses.
 */
export function factsOf(briefing: Briefing): { names: string[]; numbers: string[]; emails: string[] } {
  const text = briefing.passages.map((p) => p.text).join('\n');
  const lower = plain(text);
  const records = [...briefing.passages.map((p) => p.source), ...(briefing.cited ?? [])];
  const names = [...new Set(records.map((r) => r.name ?? '').filter((n) => n && lower.includes(plain(n))))];
  const emails = [...new Set(text.match(EMAIL) ?? [])].map((e) => e.toLowerCase());
  // Digits inside an address are the address's, checked with it.
  const numbers = [...new Set(text.replace(EMAIL, ' ').match(NUMBER) ?? [])];
  return { names, numbers, emails };
}

/** Whether a reply states a number: as digits, or for a small count as its word. */
function statesNumber(reply: string, number: string): boolean {
  if (new RegExp(`(?<!\\d)${number}(?!\\d)`).test(reply)) return true;
  const word = NUMBER_WORDS[Number(number)];
  return word !== undefined && new RegExp(`\\b(?:${word})\\b`).test(reply);
}

/**
 * What a model's reply leaves out of, or says against, the facts the directory query found: each
 * name, number and e-mail address of the facts it lacks, and each e-mail address it gives that the
 * facts do not hold (a made-up or mistyped address). Empty when the reply keeps the facts.
 */
export function factsMissed(briefing: Briefing, reply: string): string[] {
  const { names, numbers, emails } = factsOf(briefing);
  const said = plain(reply);
  const missed = [
    ...names.filter((n) => !said.includes(plain(n))),
    ...numbers.filter((n) => !statesNumber(said, n)),
    ...emails.filter((e) => !said.includes(e)),
  ];
  const known = new Set(emails);
  const invented = (reply.match(EMAIL) ?? []).map((e) => e.toLowerCase()).filter((e) => !known.has(e));
  return [...missed, ...invented];
}

/** The reply the facts are by themselves, one a line: the local engine's, and the fallback when a model's reply misses one. */
export const factsReply = (briefing: Briefing): string => briefing.passages.map((p) => p.text).join('\n');
