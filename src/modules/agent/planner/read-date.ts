import { parseDates } from '../language/dates';
import { thingNamedAfter } from './task-names';
import { MONTH_NAMES } from './schedule-words';
import { NUMBER_WORDS } from './read-time';
import { readNamedDay } from './read-named-day';
import { wallClock } from './time-zones';
import { dayFirstIn, zoneCountry } from './zone-regions';
import { escapeRegExp } from '../../../common/escape-reg-exp';

export interface DateReading {
  /** The local date named, YYYY-MM-DD. */
  date: string;
  /** A named month and day ("3 December", "March 3rd"): the date of a yearly plan too. */
  monthDay: { month: number; day: number } | null;
  /** "in 2 hours": the local time is part of the reading. */
  time: { hour: number; minute: number } | null;
  words: string[];
  /** Counted from today ("in 3 days", "a week from today"): a one-off, whatever "a week" says elsewhere. */
  relative?: boolean;
}

/** A calendar date that does not exist ("30 February"), as the planner says it. */
export class NotADate extends Error {}

const MONTH = String.raw`(${MONTH_NAMES.join('|')}|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\.?`;
const NAMED_MONTH = new RegExp(String.raw`\b${MONTH}`);
const DAYS_IN = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const monthNumber = (said: string) => MONTH_NAMES.findIndex((m) => m.startsWith(said.slice(0, 3))) + 1;
const iso = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/**
 * The one date a request names, read by chrono-node against `now` in the plan's zone: today,
 * tonight, tomorrow, a month and day, "in 2 hours", the end of the month or quarter, a day known
 * by name ("christmas eve": its next date; a movable one such as Easter throws AmbiguousDate). Named
 * dates that do not exist throw NotADate (chrono would quietly skip them).
 */
export function readDate(text: string, now: Date, timeZone: string): DateReading | null {
  checkCalendarDates(text);
  const today = wallClock(now, timeZone);
  const named = readNamedDay(text, zoneCountry(timeZone));
  // "two weeks from now … the staff flying home for Christmas": a day known by name that the task
  // leads to is the task's when the request says another date.
  if (named && new RegExp(`\\b(?:for|before|until|till|over|around|after) ${escapeRegExp(named.said)}`).test(text)) {
    const other = readDate(text.replace(named.said, ' '), now, timeZone);
    if (other) return other;
  }
  if (named?.kind === 'movable')
    throw new AmbiguousDate(
      `which date “${named.said}” is (its date moves from year to year: say the day and month)`,
      named.said,
    );
  if (named) {
    const { month, day } = named;
    const year = iso(today.year, month, day) >= iso(today.year, today.month, today.day) ? today.year : today.year + 1;
    return { date: iso(year, month, day), monthDay: { month, day }, time: null, words: [named.said] };
  }
  const end = /\b(?:by |at |on )?(?:the )?end of (?:the |this )?(month|quarter|year)\b/.exec(text);
  // "the end of year party guest list": before a noun of the task, the words name the thing.
  const naming = end && thingNamedAfter(text.slice(end.index + end[0].length));
  if (end && !naming) {
    const month = end[1] === 'month' ? today.month : end[1] === 'quarter' ? Math.ceil(today.month / 3) * 3 : 12;
    const day = new Date(Date.UTC(today.year, month, 0)).getUTCDate();
    return { date: iso(today.year, month, day), monthDay: null, time: null, words: [end[0]] };
  }
  const ahead = FROM_TODAY.exec(text);
  if (ahead) {
    const count = ahead[1] ?? ahead[3];
    const unit = ahead[2] ?? ahead[4];
    const n = COUNTS[count] ?? Number(count);
    const [days, months] = unit.startsWith('day') ? [n, 0] : unit.startsWith('week') ? [n * 7, 0] : [0, n];
    const at = new Date(Date.UTC(today.year, today.month - 1 + months, today.day + days));
    return {
      date: iso(at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate()),
      monthDay: null,
      time: null,
      words: [ahead[0]],
      relative: true,
    };
  }
  // "day after tomorrow" with no "the", which chrono reads as tomorrow.
  const afterTomorrow = /\b(?:the )?day after tomorrow\b/.exec(text);
  if (afterTomorrow) {
    const at = new Date(Date.UTC(today.year, today.month - 1, today.day + 2));
    return {
      date: iso(at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate()),
      monthDay: null,
      time: null,
      words: [afterTomorrow[0]],
    };
  }
  const monthSaid = /\bmonth (\d{1,3})\b/.exec(text);
  if (monthSaid && Number(monthSaid[1]) > 12)
    throw new NotADate(`there is no month ${monthSaid[1]}: months run from 1 to 12.`);
  const numeric = numericDate(text, today, timeZone);
  if (numeric) return numeric;
  const reference = { instant: now, timezone: offsetMinutes(now, timeZone) };
  // Only "in 2 hours", "in 3 days": chrono also reads "every 2 weeks" and "a year" as dates from now.
  // Read once, not again for each date chrono finds ("at 9" said 2,000 times made that quadratic).
  // "staff whose medical expires in 60 days": after a verb of the task, the span is the task's.
  const relative =
    /(?<!\b(?:expires?|expiring|due|ends?|ending|starts?|starting|lapses?|lapsing|renews?|renewing|retires?|retiring|leaves?|leaving|finishes|finishing|closes?|closing|opens?|opening) )\bin (?:an?|\d+|one|two|three|four|five|ten|fifteen|twenty|thirty|forty-five) (?:hours?|hrs?|minutes?|mins?|days?|weeks?)\b/.exec(
      text,
    );
  // chrono costs milliseconds a request; only what it finds with one of these words is kept below.
  if (!relative && !CASUAL.test(text) && !NAMED_MONTH.test(text) && !/\d{4}-\d{2}-\d{2}/.test(text)) return null;
  // chrono knows "hours" and "minutes", not the short forms people type ("in 3 hrs").
  const spelled = text.replace(/\b(\d+|an?) (hrs?|mins?)\b/g, (_, n: string, unit: string) =>
    unit.startsWith('h') ? `${n} hours` : `${n} minutes`,
  );
  for (const found of parseDates(spelled, reference, { forwardDate: true })) {
    const tags = found.tags();
    const known = found.start;
    const casualOrNamed =
      CASUAL.test(found.text) || NAMED_MONTH.test(found.text) || /\d{4}-\d{2}-\d{2}/.test(found.text);
    if (casualOrNamed && known.isCertain('month') && known.isCertain('day')) {
      const month = known.get('month')!;
      const day = known.get('day')!;
      const year = known.isCertain('year')
        ? known.get('year')!
        : iso(today.year, month, day) >= iso(today.year, today.month, today.day)
          ? today.year
          : today.year + 1;
      const casual = CASUAL.exec(found.text);
      const named = casual ? null : { month, day };
      // chrono reads "later today" as "today": the word before it is the date's too, not the task's.
      const later = casual && /\blater $/.test(spelled.slice(0, found.index)) ? 'later ' : '';
      return {
        date: iso(year, month, day),
        monthDay: named,
        time: null,
        words: [casual ? later + casual[0] : found.text],
      };
    }
    if (tags.has('result/relativeDate') && relative) {
      const at = wallClock(found.start.date(), timeZone);
      const withTime = /\b(?:hours?|hrs?|minutes?|mins?)\b/.test(relative[0]);
      return {
        date: iso(at.year, at.month, at.day),
        monthDay: null,
        time: withTime ? { hour: at.hour, minute: at.minute } : null,
        words: [relative[0]],
        relative: true,
      };
    }
  }
  return null;
}

const COUNTS: Record<string, number> = { a: 1, an: 1, ...NUMBER_WORDS };
/** A one-off counted from today: "a week from today", "three days from now", "in two weeks' time". */
const FROM_TODAY =
  /\b(?:in )?(a|an|one|two|three|four|five|six|seven|ten|\d{1,3}) (days?|weeks?|months?)(?: from (?:today|now)| later|['’]? time| out)\b|\bin (a|an|one|two|three|four|five|six|seven|ten|\d{1,3}) (months?)\b/;

/** Dates said as words, which chrono reads with the date they stand for. */
const CASUAL =
  /\b(?:the )?day after tomorrow\b|\btomorrow\b(?!['’]s)|\btoday\b(?!['’]s)|\btonight\b|\bthis (?:morning|afternoon|evening)\b|\blater today\b/;

/** A date which one of the two orders cannot tell apart ("12/05": 12 May or 5 December), as the planner asks about it. */
export class AmbiguousDate extends Error {
  constructor(
    message: string,
    readonly said: string,
  ) {
    super(message);
  }
}

/**
 * "25/12", "12/25", "5/3/2027", "15.01.2027": day and month in either order when one of them is
 * over 12; when both could be either, in the order people write where the organization's zone
 * keeps time ("2/1" is 2 January in Perth, 1 February in New York), and asked about
 * (AmbiguousDate) where that is not known (UTC, an offset, a country that writes the year first).
 */
function numericDate(
  text: string,
  today: { year: number; month: number; day: number },
  timeZone: string,
): DateReading | null {
  // "2/1/2027", "15.01.2027" (with dots only with its year: "9.30" is a time).
  const m = /\b(?:on |every |each )?(?:the )?(\d{1,2})(?:\/(\d{1,2})(?:\/(\d{2,4}))?|\.(\d{1,2})\.(\d{4}))\b/.exec(
    text,
  );
  if (!m) return null;
  const yearSaid = m[3] ?? m[5];
  // "the 8/6 roster", "the updated 2/2 rotation": before a noun, and after no word leading to a date, a name.
  if (!/^(?:on|every|each) /.test(m[0]) && !yearSaid && thingNamedAfter(text.slice(m.index + m[0].length))) return null;
  const [a, b] = [Number(m[1]), Number(m[2] ?? m[4])];
  if (a > 12 && b > 12) throw new NotADate(`${m[0].trim()} is not a date.`);
  // Both could be either: the order of the organization's country, asked about where none is known.
  const dayFirst = a <= 12 && b <= 12 && a !== b ? dayFirstIn(timeZone) : null;
  if (a <= 12 && b <= 12 && a !== b && dayFirst === null) {
    const said = m[0].replace(/^(?:on |every |each )?(?:the )?/, '').trim();
    throw new AmbiguousDate(
      `whether “${said}” is ${a} ${MONTH_NAMES[b - 1][0].toUpperCase()}${MONTH_NAMES[b - 1].slice(1)} or ${b} ${MONTH_NAMES[a - 1][0].toUpperCase()}${MONTH_NAMES[a - 1].slice(1)}`,
      said,
    );
  }
  const [day, month] = a > 12 || dayFirst === true ? [a, b] : [b, a];
  if (month < 1 || day < 1 || day > DAYS_IN[month - 1]) throw new NotADate(`${m[0].trim()} is not a date.`);
  const year = yearSaid
    ? yearSaid.length === 2
      ? 2000 + Number(yearSaid)
      : Number(yearSaid)
    : iso(today.year, month, day) >= iso(today.year, today.month, today.day)
      ? today.year
      : today.year + 1;
  return { date: iso(year, month, day), monthDay: { month, day }, time: null, words: [m[0]] };
}

/** The zone's offset from UTC at `now`, in minutes (chrono's reference zone). */
function offsetMinutes(now: Date, timeZone: string): number {
  const c = wallClock(now, timeZone);
  return Math.round(
    (Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute) - Math.floor(now.getTime() / 60_000) * 60_000) / 60_000,
  );
}

/** Throws for "30 February", "April 31st", "2026-02-30": dates a calendar does not have. */
function checkCalendarDates(text: string): void {
  const named = [
    ...text.matchAll(new RegExp(String.raw`\b(\d{1,2})(?:st|nd|rd|th)?(?: of)? ${MONTH}`, 'g')),
    ...[...text.matchAll(new RegExp(String.raw`\b${MONTH} (?:the )?(\d{1,2})(?:st|nd|rd|th)?\b`, 'g'))].map(
      (m) => [m[0], m[2], m[1]] as const,
    ),
  ];
  for (const [said, day, month] of named) {
    const m = monthNumber(month);
    if (m > 0 && (Number(day) < 1 || Number(day) > DAYS_IN[m - 1])) throw new NotADate(`${said.trim()} is not a date.`);
  }
  // With its year, 29 February is a date only in a leap year ("29 february 2027" is none).
  const withYear = [
    ...text.matchAll(new RegExp(String.raw`\b(\d{1,2})(?:st|nd|rd|th)?(?: of)? ${MONTH},? (\d{4})\b`, 'g')),
    ...[...text.matchAll(new RegExp(String.raw`\b${MONTH} (?:the )?(\d{1,2})(?:st|nd|rd|th)?,? (\d{4})\b`, 'g'))].map(
      (m) => [m[0], m[2], m[1], m[3]] as const,
    ),
  ];
  for (const [said, day, month, year] of withYear) {
    const m = monthNumber(month);
    const date = new Date(Date.UTC(Number(year), m - 1, Number(day)));
    if (m > 0 && date.getUTCDate() !== Number(day)) throw new NotADate(`${said.trim()} is not a date.`);
  }
  for (const [said, y, m, d] of text.matchAll(/\b(\d{4})-(\d{2})-(\d{2})\b/g)) {
    const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
    if (date.getUTCMonth() !== Number(m) - 1 || date.getUTCDate() !== Number(d))
      throw new NotADate(`${said} is not a date.`);
  }
}
