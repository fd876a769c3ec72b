import { isEnglishWord, isMainlyNoun, isNoun } from '../language/wordnet';

/**
 * Whether words of a schedule (a date, a part of the day, a period word) stand inside the name of
 * a thing of the task ("the end of year party", "the 8/6 roster", "the Batam yard daily report",
 * "quiz night signups") rather than saying when. One rule for every reader: a word of the task
 * follows, and it is no word that delivers or schedules.
 */

/** Words after a schedule's words that deliver or schedule: what stands before them names no thing. */
const DELIVERS_OR_SCHEDULES =
  /^(?:at|on|in|by|and|or|please|email|e-mail|mail|text|ping|post|message|dm|send|notify|remind|share|forward|times?|hours?|(?:morning|afternoon|evening|night|day|week|month|year)s?)$/i;

/** Words before a part of the day that lead to a time, not into a name ("in", "every", "tomorrow"). */
const LEADS_TO_A_TIME =
  /^(?:in|on|at|by|of|for|from|to|until|till|during|through|every|each|this|next|last|the|a|an|and|or|me|us|you|tomorrow|today|tonight|yesterday|late|early|weekday|weekend|(?:mon|tues|wednes|thurs|fri|satur|sun)days?)$/i;

/** Nouns WordNet has that stand before a period word without naming a thing: whom, and how it is sent. */
const WHOM_OR_HOW = /^(?:me|us|email|e-mail|mail|text|message|dm|chat|slack)$/i;

/** A word of the task: a noun, and no word of delivery or of the schedule. */
const taskNoun = (word: string) => !DELIVERS_OR_SCHEDULES.test(word) && isNoun(word.toLowerCase());

/** Whether a noun of a thing comes right after a date's words ("end of year party", "the 8/6 roster"). */
export function thingNamedAfter(after: string): boolean {
  const next = /^ (\p{L}{2,30})/u.exec(after)?.[1];
  return !!next && taskNoun(next);
}

/**
 * Whether a period word stands between two nouns of a name: "the Batam yard daily report" (said
 * with "Mon to Fri" as the schedule) names the report.
 */
export function periodWordInName(before: string, after: string): boolean {
  // Split, not a pattern anchored at the end: that would be tried from every letter of a long word.
  const previous = /\s$/.test(before) ? before.trimEnd().split(/\s/).pop()?.toLowerCase() : undefined;
  const next = /^\s+(\p{L}+)/u.exec(after)?.[1].toLowerCase();
  return (
    !!previous &&
    /^\p{L}+$/u.test(previous) &&
    isMainlyNoun(previous) &&
    !WHOM_OR_HOW.test(previous) &&
    !!next &&
    taskNoun(next)
  );
}

/**
 * Whether a part of the day between two words with no "the" before it names a thing ("the
 * unstaffed night shifts", "dm me quiz night signups"): the word before leads to no time, and the
 * word after is a noun of the task or a word no dictionary has (a product's or a place's name).
 */
export function partOfDayInName(before: string, after: string): boolean {
  const word = after.toLowerCase();
  return !LEADS_TO_A_TIME.test(before) && !DELIVERS_OR_SCHEDULES.test(word) && (isNoun(word) || !isEnglishWord(word));
}
