import { trimEndWhere } from '../../../common/trim-end';
import type { Mention } from './directory-lexicon';
import type { DirectoryQuery } from './directory-query';

/**
 * A message asking several directory questions at once ("Who is in the Refrigerant Transition
 * Group and who chairs it?", "who is Aino's manager and when did she start?"), read as one query
 * per question: a later question's pronoun is the first one's person or group, and a manager asked
 * of "that person" after a manager climbs from the answer ("Who does Rehema report to, and who is
 * that person's manager?" is two levels up). Pure: the reader is passed in.
 */

/**
 * Where a question ends and the next starts: a question mark, a semicolon or an "and" before a
 * question word. Each place it can match is one mark or word, so splitting stays linear.
 */
const NEXT_QUESTION = /(?:[?;]|\band\b)(?=\s+(?:what|who|whom|whose|where|which|when|how)\b)/i;

/** The most questions one message is read as; a longer list is read as one question. */
const MAX_QUESTIONS = 4;

/** Words standing for a person or a group named before ("she", "that person", "it"). */
const PRONOUN =
  /\b(?:(?:that|this|the same) (?:person|guy|woman|man|one|lady)|he|she|him|her|hers|his|they|them|their|it|its)\b/gi;
/** Of PRONOUN, those that stand for a group (a person is never "it"). */
const GROUP_PRONOUNS = new Set(['it', 'its', 'they', 'them', 'their']);
/** Of PRONOUN, those that stand for a person's ("his team"). */
const POSSESSIVE = new Set(['his', 'hers', 'their', 'its']);
/** Words after "her" that make it the person, not theirs ("report to her and", "ask her about"). */
const AFTER_OBJECT = new Set([
  'and', 'or', 'to', 'for', 'about', 'please', 'pls', 'in', 'on', 'at', 'with', 'from', 'too', 'now', 'then',
  'today', 'as', 'by', 'thanks', 'directly',
]); // prettier-ignore

/** The one person or group a question is about, that a later question's pronoun means, or null. */
function subjectOf(query: DirectoryQuery): { words: string; group: boolean } | null {
  const person: Mention | undefined = 'person' in query ? query.person : undefined;
  if (person && !person.self && !person.plural && !person.up && person.ids.length === 1)
    return { words: person.role ? `the ${person.value}` : person.value, group: false };
  if ('group' in query) return { words: query.group.value, group: true };
  // "Which buyers do we have, and where are they based?": the role's holders, as "the buyers".
  if (query.kind === 'holders') return { words: `the ${query.role.value}`, group: false };
  return null;
}

/** Of PRONOUN, those that say nothing of whom they stand for ("their email"): after a manager asked, the manager. */
const UNSAID = new Set(['they', 'them', 'their']);

/**
 * Whom a later question's pronoun means after "who is X's manager": the manager found ("what is their
 * email", "what's his title": a field asked of them, or "they"), as "X's manager" written out; a
 * subject pronoun with a gender ("when did she start") is still X, whose gender the asker knows.
 */
function answerOf(
  query: DirectoryQuery,
  subject: { words: string; group: boolean } | null,
): { words: string; group: boolean } | null {
  if (query.kind !== 'manager' || !subject || subject.group) return null;
  return { words: `${subject.words}${"'s manager".repeat(query.levels)}`, group: false };
}

/** A question with the pronouns meaning the subject written as it ("when did she start" is "when did Aino Lehtonen start"), or null when it has none. */
function withSubject(
  part: string,
  subject: { words: string; group: boolean },
  answer: { words: string; group: boolean } | null = null,
): string | null {
  let found = false;
  const written = part.replace(PRONOUN, (said: string, at: number) => {
    const word = said.toLowerCase();
    const fits = subject.group ? GROUP_PRONOUNS.has(word) : word !== 'it' && word !== 'its';
    if (!fits) return said;
    found = true;
    const next = /^\s+(\p{L}+)/u.exec(part.slice(at + said.length))?.[1]?.toLowerCase();
    const owner = POSSESSIVE.has(word) || (word === 'her' && next !== undefined && !AFTER_OBJECT.has(next));
    const meant = answer && (owner || UNSAID.has(word)) ? answer : subject;
    return owner ? `${meant.words}'s` : meant.words;
  });
  return found ? written : null;
}

/** What a query states, one string per fact, so that two readings of a message can be compared. */
export function factsAsked(query: DirectoryQuery): string[] {
  const placeless = (key: string, value: unknown) =>
    ['start', 'end', 'possessive', 'value'].includes(key) ? undefined : value;
  if (query.kind === 'attributes')
    return query.attributes.map((a) => JSON.stringify({ person: query.person, a }, placeless));
  return [JSON.stringify(query, placeless)];
}

/**
 * The queries of a message asking two to MAX_QUESTIONS questions, each read by `parse` (null when
 * any part is not a directory question, or the message asks one).
 */
export function compoundQueries(text: string, parse: (text: string) => DirectoryQuery | null): DirectoryQuery[] | null {
  const parts = text
    .split(NEXT_QUESTION)
    // The marks a part ends with taken off in code: a pattern anchored at the end is retried at each mark.
    .map((part) => trimEndWhere(part.trim(), (char) => char === ',' || char === '?'))
    .filter(Boolean);
  if (parts.length < 2 || parts.length > MAX_QUESTIONS) return null;
  const first = parse(parts[0]);
  if (!first) return null;
  const subject = subjectOf(first);
  const answer = answerOf(first, subject);
  const queries: DirectoryQuery[] = [first];
  for (const part of parts.slice(1)) {
    const written = subject ? withSubject(part, subject, answer) : null;
    const query = parse(written ?? part);
    if (!query) return null;
    const last = queries[queries.length - 1];
    // "Who does Rehema report to, and who is that person's manager?": asked of the answer, one level more.
    if (written && query.kind === 'manager' && last.kind === 'manager' && samePerson(query.person, last.person))
      queries[queries.length - 1] = { ...last, levels: last.levels + query.levels };
    else queries.push(query);
  }
  const seen = new Set<string>();
  return queries.filter((q) => {
    const key = factsAsked(q).join('\n');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const samePerson = (a: Mention, b: Mention) => a.ids.length === 1 && a.ids[0] === b.ids[0] && !a.up && !b.up;

/** Whether one reading asks every fact the others do ("what is Lena's title and where is she" read whole). */
export function asksAll(whole: DirectoryQuery, parts: readonly DirectoryQuery[]): boolean {
  const facts = new Set(factsAsked(whole));
  return parts.every((q) => factsAsked(q).every((f) => facts.has(f)));
}
