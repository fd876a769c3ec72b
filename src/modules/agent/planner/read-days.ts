import { WEEKDAY_NAMES } from './schedule-words';

const ABBREVIATIONS: Record<string, number> = {
  mon: 1,
  tue: 2,
  tues: 2,
  wed: 3,
  weds: 3,
  thu: 4,
  thur: 4,
  thurs: 4,
  fri: 5,
  sat: 6,
  sun: 7,
};
/** A weekday: its name (plural too) or a usual abbreviation; "sat"/"sun" only where a day is expected (see below). */
// "\b" sees an accented letter as no letter: "Thuột" must not end a "thu" (Buôn Ma Thuột).
const DAY = String.raw`(${WEEKDAY_NAMES.join('|')}|mon|tues?|weds?|thu(?:rs?)?|fri|sat|sun)(s)?\b(?![\u00c0-\u024f\u1e00-\u1eff])\.?`;
const dayNumber = (said: string) => ABBREVIATIONS[said] ?? WEEKDAY_NAMES.indexOf(said) + 1;
const ORDINALS: Record<string, number> = {
  first: 1,
  '1st': 1,
  second: 2,
  '2nd': 2,
  third: 3,
  '3rd': 3,
  fourth: 4,
  '4th': 4,
  last: -1,
};

/**
 * Words after which a weekday says what the task is about, not when it runs ("starting monday",
 * "due friday", "the Sunday night alarm log").
 */
const TASK_LEAD =
  /\b(?:starting|started|start|from|since|until|till|before|after|of|for|due|through|beginning|as of|by|joining|leaving)(?: on)? $|\b(?:the|my|our|your|their|his|her) $/;
/** Words after which a weekday is any one of its kind ("overtime on a Sunday", "any Friday"): no day to run on. */
const GENERIC_LEAD = /\b(?:a|any)\s+$/;
/** A frequency said in words, which gives a schedule without a weekday. */
const FREQUENCY_SAID =
  /\b(?:daily|nightly|weekly|monthly|quarterly|yearly|annually|hourly|fortnightly|biweekly|weekdays|weekends|working days|business days|work ?days|every|each|twice|times|months?|\d{1,2}(?:st|nd|rd|th))\b/;

export interface DaysReading {
  /** ISO weekdays named (1 Monday .. 7 Sunday), in week order. */
  weekdays: number[];
  /** The days are said to recur ("every", "each", a plural, "on Mondays", a range or a list). */
  recurring: boolean;
  /** A weekday named as the next one ("next Friday", "this Thursday", "on Friday"). */
  once: boolean;
  /** "every other Monday": weeks between runs. */
  everyOther: boolean;
  /** Days taken out ("every weekday except Friday"). */
  except: number[];
  /** "the first Monday of the month", "the first and third Wednesday": the ordinals (-1 for last) and the weekday. */
  nth: { n: number[]; weekday: number } | null;
  words: string[];
}

/**
 * Weekdays a request names: single days, lists ("Tue and Thu", "mon, wed & fri"), ranges ("Mon-Thu",
 * "monday through friday"), weekends. `dated`: the request's schedule is given by a date already read.
 */
export function readDays(text: string, dated = false): DaysReading {
  const reading: DaysReading = {
    weekdays: [],
    recurring: false,
    once: false,
    everyOther: false,
    except: [],
    nth: null,
    words: [],
  };
  const add = (day: number) => !reading.weekdays.includes(day) && reading.weekdays.push(day);
  let rest = text;
  const take = (match: RegExpExecArray) => {
    reading.words.push(match[0]);
    rest = rest.replace(match[0], ' ');
  };
  for (const excluded of rest.matchAll(
    new RegExp(
      String.raw`\b(?:except|but not|apart from|excluding|other than|not on|save) (?:on )?${DAY}(?:\s*(?:,|and|or|&)\s*${DAY})?`,
      'g',
    ),
  )) {
    reading.except.push(dayNumber(excluded[1]), ...(excluded[3] ? [dayNumber(excluded[3])] : []));
    take(excluded as RegExpExecArray);
  }
  if (/\b(?:except|but not|apart from|excluding|other than) (?:on )?(?:the )?weekends?\b/.test(rest))
    reading.except.push(6, 7);
  const ordinal = '(?:first|1st|second|2nd|third|3rd|fourth|4th|last)';
  const nth = new RegExp(
    String.raw`\b(?:on |every |each )?(?:the )?(${ordinal}(?:(?:,| and| &| or)? (?:the )?${ordinal}){0,3}) ${DAY}(?: of (?:the|each|every|a) month| (?:of )?(?:each|every) month| monthly)`,
  ).exec(rest);
  if (nth) {
    const ns = [...nth[1].matchAll(/first|1st|second|2nd|third|3rd|fourth|4th|last/g)].map((m) => ORDINALS[m[0]]);
    reading.nth = { n: [...new Set(ns)], weekday: dayNumber(nth[2]) };
    reading.recurring = true;
    take(nth);
  }
  const mf = /\b(?:every |each |on )?m-f\b/.exec(rest);
  if (mf) {
    [1, 2, 3, 4, 5].forEach(add);
    reading.recurring = true;
    take(mf);
  }
  const range = new RegExp(
    String.raw`\b(?:from |every |each |on )?${DAY}\s*(?:-|to|through|thru|till|until)\s*${DAY}`,
  ).exec(rest);
  if (range) {
    const from = dayNumber(range[1]);
    const to = dayNumber(range[3]);
    for (let d = from, i = 0; i < 7; d = (d % 7) + 1, i++) {
      add(d);
      if (d === to) break;
    }
    reading.recurring = true;
    take(range);
  }
  if (/\b(?:weekends|every weekend|each weekend|on weekends|at weekends|saturdays? and sundays?)\b/.test(rest)) {
    add(6);
    add(7);
    reading.recurring = true;
  }
  const mentions = [
    ...rest.matchAll(
      new RegExp(
        // "Friday next week": the week said after the day is the day's.
        String.raw`\b(?:(every|each) (other |second |2nd |alternate )?|(?:on )?(alternate )|(on|next|this|coming|upcoming) )?${DAY}(?: (?:next|this) week\b)?`,
        'g',
      ),
    ),
  ];
  // "the people starting monday", "Monday's numbers": with another day or a frequency giving the
  // schedule, a weekday that a task word leads to (or that owns something) is the task's.
  const ofTask = (mention: RegExpExecArray | RegExpMatchArray) => {
    const at = mention.index ?? 0;
    // "for every Wednesday": "every" says when it runs, whatever word is before it.
    if (mention[1]) return false;
    return TASK_LEAD.test(rest.slice(Math.max(0, at - 20), at)) || /^['’]s\b/.test(rest.slice(at + mention[0].length));
  };
  // "next Monday and Friday" are the next ones; "on Monday, Wednesday and Friday" is a list that recurs.
  let next = false;
  const scheduled =
    dated || reading.weekdays.length > 0 || mentions.some((m) => !ofTask(m)) || FREQUENCY_SAID.test(rest);
  for (const mention of mentions) {
    if (scheduled && ofTask(mention)) continue;
    const [said, each, otherWeek, alternate, single, name, plural] = mention;
    if (
      !each &&
      !alternate &&
      !single &&
      GENERIC_LEAD.test(rest.slice(Math.max(0, (mention.index ?? 0) - 8), mention.index))
    )
      continue;
    const every = each ?? alternate;
    const other = otherWeek ?? alternate;
    // "sat" and "sun" are words too: days only after every/on/next or in a list of days.
    if ((name === 'sat' || name === 'sun') && !every && !single && mentions.length === 1) continue;
    add(dayNumber(name));
    reading.words.push(said);
    // "Thursday nights", "monday mornings": a part of the day in the plural recurs too.
    const partsOfDays = /^\s*(?:mornings|afternoons|evenings|nights)\b/.test(
      rest.slice((mention.index ?? 0) + said.length),
    );
    if (every || plural || partsOfDays) reading.recurring = true;
    if (other) reading.everyOther = true;
    if (single && !plural) reading.once = true;
    if (single && single !== 'on') next = true;
  }
  if (reading.weekdays.length > 1 && !next) reading.recurring = true;
  reading.weekdays.sort((a, b) => a - b);
  return reading;
}

/** Days of the month a request names ("the 15th", "on the 1st and 15th", "day 3"). */
export function readMonthDays(text: string): {
  days: number[];
  last: boolean;
  /** "the first working day of the month": the first or last weekday of each month. */
  working: 'first' | 'last' | null;
  words: string[];
} {
  const days: number[] = [];
  const words: string[] = [];
  // A count of things ("the 3rd week", "5th people"), not a day of the month; "the 18th monthly" is one.
  const units =
    '(?! (?!monthly\\b)(?:hour|day|week|month|minute|min|people|employees|tasks|reports|mon|tue|wed|thu|fri|sat|sun)[a-z]*\\b)';
  const pattern = new RegExp(
    String.raw`\b(?:on )?(?:the )?(\d{1,2})(?:st|nd|rd|th)\b${units}|\bday (\d{1,2})\b${units}|\bon the (\d{1,2})\b(?![:.]\d)${units}`,
    'g',
  );
  for (const m of text.matchAll(pattern)) {
    const day = Number(m[1] ?? m[2] ?? m[3]);
    if (!days.includes(day)) days.push(day);
    words.push(m[0]);
  }
  const working =
    /\b(?:on )?(?:the )?(first|last|final) (?:working|business|week) ?day(?: of (?:the|each|every|a) month| (?:of )?(?:each|every) month)\b/.exec(
      text,
    );
  if (working) {
    words.push(working[0]);
    return { days, last: false, working: working[1] === 'first' ? 'first' : 'last', words };
  }
  const last =
    /\b(?:on )?(?:the )?(?:last|final) (?:working |business )?day\b|\bend of (?:the |each |every )?month\b|\bmonth[- ]end\b/.exec(
      text,
    );
  if (last) words.push(last[0]);
  const first =
    /\b(?:on )?(?:the )?(?:first|1st) (?:working |business )?day\b|\bstart of (?:the |each |every )?month\b|\b(?:the )?first of (?:the|each|every|a) month\b/.exec(
      text,
    );
  if (first) {
    days.push(1);
    words.push(first[0]);
  }
  return { days: days.sort((a, b) => a - b), last: !!last, working: null, words };
}
