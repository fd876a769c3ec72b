import { BOSS, withoutEnd } from './directory-intents';

/**
 * What the directory specialist reads of a question's subject before it looks anything up: the
 * department a headcount asks about, a group's name, a chain of managers, a role's words or
 * initials. Pure, so that each is tested alone (test/reader-fuzz.unit.test.ts) on what a user
 * may send.
 */

/** The longest role looked up by title, or group name by initials, in characters: a name is a few words. */
export const MAX_TITLE = 80;

/** "How many people work in Sales?": the department a headcount question names, or null for the whole organization. */
export function departmentAsked(question: string): string | null {
  return /\b(?:in|at) (?:the )?(.+?)(?: department| team)?$/i.exec(withoutEnd(question))?.[1] ?? null;
}

/** "group" or "team" as the last word of a name. */
const GROUP_WORD = /(?<=\s)(?:group|team)$/i;

/** A group's name without "group" or "team" after it ("the D&I committee group" is the D&I committee). */
export function groupName(subject: string): string {
  const word = GROUP_WORD.exec(subject);
  return word ? subject.slice(0, word.index).trimEnd() : subject;
}

/** Someone named by whom they report to: "Hannah's manager", "my boss's boss". */
const MANAGER_OF = new RegExp(String.raw`^(.+?)['’]s? ${BOSS}$`, 'i');

/** "Hannah's manager's manager": the one whose manager is asked ("Hannah's manager"), or null. */
export function managedOne(subject: string): string | null {
  return MANAGER_OF.exec(subject)?.[1] ?? null;
}

/** Words that say "the one holding this role" before a title: "our head of people", "the CFO". */
const ROLE_ARTICLE = /^(?:our|the|your|a|an)\s+/i;

/** A role without the article before it ("our head of people" is "head of people"), or null when it is too long to be one. */
export function roleWords(subject: string): string | null {
  const role = subject.replace(ROLE_ARTICLE, '').trim();
  return role && role.length <= MAX_TITLE ? role : null;
}

/** A PostgreSQL pattern (case-insensitive) for titles holding a role's words as words ("office" is not "Officer"). */
export function titlePattern(role: string): string | null {
  const words = role
    .replace(/[^\p{L}\p{N}\s&-]/gu, '')
    .trim()
    .split(/\s+/)
    .join(String.raw`\s+`);
  return words ? String.raw`(?i)\m${words}\M` : null;
}

/** A word of a name written as initials: "CFO", "D&I", "L&D". */
export const INITIALS = /^(?:\p{Lu}&\p{Lu}|\p{Lu}{2,5})$/u;

/** Small words of a title that its initials leave out ("Head of People" is HP, "Chief Financial Officer" CFO). */
const TITLE_LINKS = String.raw`(?:\s+(?:of|and|the|for|&))*\s+`;

/**
 * A regular expression (PostgreSQL's, case-insensitive) for names whose words these words stand
 * for: each initial a word, small words between them aside ("D&I committee" is the Diversity and
 * Inclusion Committee, "CFO" the Chief Financial Officer), every other word as written. PostgreSQL
 * runs it (its engine does not backtrack as JavaScript's does), on a name of at most MAX_TITLE characters.
 */
export function initialsPattern(name: string): string {
  const words = name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) =>
      INITIALS.test(word)
        ? [...word.replace(/&/g, '')].map((letter) => `${letter.toLowerCase()}[[:alpha:]-]*`).join(TITLE_LINKS)
        : `${word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '')}[[:alpha:]]*`,
    );
  return `(?i)^(?:the\\s+)?${words.join(TITLE_LINKS)}$`;
}

/** Whether a group's name holds initials ("the D&I committee"), so that it is looked up by them. */
export function hasInitials(name: string): boolean {
  return name.length <= MAX_TITLE && name.split(/\s+/).some((word) => INITIALS.test(word));
}
