import { MONTH_NAMES } from './schedule-words';

/** A time of day read from a request, and the words that said it. */
export interface TimeReading {
  hour: number;
  minute: number;
  words: string[];
}

export const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};
const HOUR = String.raw`(\d{1,2}|${Object.keys(NUMBER_WORDS).join('|')})`;
const MERIDIEM = String.raw`(a\.?\s?m\b\.?|p\.?\s?m\b\.?)`;
/** Parts of the day after noon: an hour said with them is a pm hour. */
// "who's on nights": a shift the task names, after "on", moves no hour.
const LATER_PART = /(?<!\bon )\b(?:afternoons?|evenings?|tonight|nights?|pm)\b/;
const MORNING = /\b(?:morning|a\.?m\b)/;

/** Words of a schedule that a bare compact time may stand next to. */
const SCHEDULE_NEXT = String.raw`(?:daily|nightly|weekly|monthly|quarterly|yearly|weekdays?|weekends?|workdays?|every ?day|each day|today|tomorrow|tonight|(?:mon|tues|wednes|thurs|fri|satur|sun)days?|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|days|day|weeks|week|months?|\d{1,2}(?:st|nd|rd|th)|eve|halloween|hallowe['’]?en|christmas|xmas|hogmanay|nye)`;
const BARE_COMPACT = new RegExp(
  String.raw`(?<=\b${SCHEDULE_NEXT},? )(\d{1,2})(\d{2})\b(?![:./-]\d|\s*(?:%|euros?|dollars?|pounds?|people|employees|staff|tasks|items|rows|records|accounts|units)\b)(?:\s*${MERIDIEM})?|\b(\d{1,2})(\d{2})(?=,? (?:${SCHEDULE_NEXT}|every|each|on (?:mon|tue|wed|thu|fri|sat|sun))\b)`,
);
/**
 * A compact time right after a named date ("3 May 0900", "on 12 june 1430", "May 3rd, 0930", "12
 * june 2027 1430"): the number after a month, its day (and year) is the time of day, unless it
 * reads as a year ("12 june 2027").
 */
const AFTER_DATE = new RegExp(
  String.raw`(?<=\b(?:${MONTH_NAMES.join('|')}|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\.?(?: \d{1,2}(?:st|nd|rd|th)?)?(?:,? (?:19|20)\d\d)?,? )(?!(?:19|20)\d\d\b)(\d{1,2})(\d{2})\b(?![:./-]\d)(?:\s*${MERIDIEM})?`,
);
const hourOf = (said: string) => NUMBER_WORDS[said] ?? Number(said);
/** A part of the day said of the time itself, which an hour written with am/pm or on a 24-hour clock must agree with. */
const SAID_PART = /\b(?:in the|this|every|each) (morning|afternoon|evening)\b|\b(?:at) (night)\b/;

/** A time of day that is not one ("25:00", "13pm", "9:75"), as the planner says it. */
export class NotATime extends Error {}

/**
 * The time of day a request names, in 24-hour local time: "9am", "9.30 a.m.", "17:45", "1700
 * hrs", "half past 7", "quarter to 5", "noon", "at 9" (an hour from 1 to 6 said alone, without
 * its minutes on a clock, is afternoon, as in an office; "in the evening", "tonight" move any hour
 * below 12 after noon).
 * Throws NotATime for an impossible one; null when there is none.
 */
export function readTime(text: string): TimeReading | null {
  const later = LATER_PART.test(text);
  const morning = MORNING.test(text);
  const onlyNight = !/\b(?:afternoons?|evenings?|tonight|pm)\b/.test(text);
  const clock = (hour: number, minute: number, words: string, meridiem?: string): TimeReading => {
    const said = words.trim();
    // "03:25", "0930 hrs": a leading zero is a 24-hour clock.
    const twentyFour = /(?:^|\D)0\d/.test(said) || /\b(?:hrs|hours|h)\b/.test(said);
    if (meridiem) {
      if (hour < 1 || hour > 12) throw new NotATime(`${said} is not a time of day.`);
      hour = (hour % 12) + (meridiem.startsWith('p') ? 12 : 0);
    } else if (hour > 23) throw new NotATime(`${said} is not a time of day (hours run from 0 to 23).`);
    else if (twentyFour) {
      // As written.
    } else if (hour >= 1 && hour < 12 && later && !(hour < 5 && onlyNight)) hour += 12;
    // A bare hour from 1 to 6 is an office's afternoon ("at 5"); one written with its minutes on a
    // clock ("6:45", "5.30") is read as written, as the blind sets' writers all meant it.
    else if (hour >= 1 && hour <= 6 && !later && !morning && !/\d[:.]\d\d/.test(said)) hour += 12;
    if (minute > 59) throw new NotATime(`${said} is not a time of day (minutes run from 0 to 59).`);
    // "10pm in the morning", "7am in the evening": the hour and the part of the day disagree.
    const part = SAID_PART.exec(text);
    if (part && (meridiem || hour >= 13 || twentyFour)) {
      const morning = /morning/.test(part[1]);
      if (morning ? hour >= 12 : hour < 12 && !(hour < 5 && /night/.test(part[1])))
        throw new NotATime(`${said} is not ${part[0].trim()}: say the time or the part of the day again.`);
    }
    return { hour, minute, words: [words] };
  };
  // "12 noon", "12:00 midday", "12 midnight": the hour and the word are one time.
  if (/\b(?:noon|midday)\b/.test(text))
    return { hour: 12, minute: 0, words: [/\b(?:at )?(?:12(?:[:.]00)? )?(?:noon|midday)\b/.exec(text)![0]] };
  if (/\bmidnight\b/.test(text))
    return { hour: 0, minute: 0, words: [/\b(?:at )?(?:12(?:[:.]00)? )?midnight\b/.exec(text)![0]] };
  let m = new RegExp(
    String.raw`(?:\bat |@ ?|\bby |\baround |\babout )?(?:\ba (?=quarter))?\b(half|quarter|\d{1,2}|twenty|ten|five)(?: minutes)? (past|after|to|before|till) ${HOUR}\b(?:\s*${MERIDIEM})?`,
  ).exec(text);
  if (m) {
    const minutes =
      m[1] === 'half'
        ? 30
        : m[1] === 'quarter'
          ? 15
          : (NUMBER_WORDS[m[1]] ?? ({ twenty: 20 } as Record<string, number>)[m[1]] ?? Number(m[1]));
    const hour = hourOf(m[3]);
    const before = /to|before|till/.test(m[2]);
    return clock(before ? (hour + 23) % 24 || 12 : hour, before ? 60 - minutes : minutes, m[0], m[4]);
  }
  // "seven thirty", "six forty-five in the evening": an hour and its minutes in words.
  m = new RegExp(
    String.raw`(?:\bat |@ ?|\bby |\baround |\babout )?\b${HOUR} (fifteen|thirty|forty[- ]five)\b(?:\s*${MERIDIEM})?`,
  ).exec(text);
  if (m) return clock(hourOf(m[1]), { fifteen: 15, thirty: 30 }[m[2]] ?? 45, m[0], m[3]);
  m = new RegExp(
    String.raw`(?:\bat |@ ?|\bby |\baround |\babout )?\bhalf ${HOUR}\b(?! (?:hours?|days?|an?)\b)(?:\s*${MERIDIEM})?`,
  ).exec(text);
  // "half nine": half past nine, as said in Britain.
  if (m) return clock(hourOf(m[1]), 30, m[0], m[2]);
  m = new RegExp(
    // Not a date's day and month ("15.01.2027").
    String.raw`(?:\bat |@ ?|\bby |\baround |\babout |\bfrom )?\b(\d{1,2})[:.h](\d{2})(?!\d|\.\d)(?:\s*${MERIDIEM})?(?:\s*(?:hrs|hours|h)\b)?`,
  ).exec(text);
  if (m) return clock(Number(m[1]), Number(m[2]), m[0], m[3]);
  m = /(?:\bat |@ ?|\bby |\baround |\babout )?\b(\d{2})(\d{2})\s*(?:hrs|hours|h)\b/.exec(text);
  if (m) return clock(Number(m[1]), Number(m[2]), m[0]);
  // Compact and military forms after "at": "at 0800", "at 830", "@ 2215" (a leading zero is a 24-hour clock).
  m = new RegExp(
    String.raw`(?:\bat |@ ?|\bby |\baround |\babout )\b(\d{1,2})(\d{2})\b(?![:./-]\d|\s*(?:st|nd|rd|th|days?|weeks?|months?|years?|people|employees|tasks|%)\b)(?:\s*${MERIDIEM})?`,
  ).exec(text);
  if (m) return clock(Number(m[1]), Number(m[2]), m[0], m[3]);
  // Compact forms with no "at", next to the words of a schedule ("daily 0800", "every thursday 0900",
  // "monthly, 5th, 0830", "0800 daily"): a number that is a 24-hour time only there, so "over 500
  // euros" or "the 2025 budget" stay the task's.
  m = BARE_COMPACT.exec(text) ?? AFTER_DATE.exec(text);
  if (m) {
    const [hour, minute] = [Number(m[1] ?? m[4]), Number(m[2] ?? m[5])];
    if (hour < 24 && minute < 60) return clock(hour, minute, m[0], m[3]);
  }
  m = new RegExp(String.raw`(?:\bat |@ ?|\bby |\baround |\babout |\bfrom )?\b${HOUR}\s*${MERIDIEM}`).exec(text);
  if (m) return clock(hourOf(m[1]), 0, m[0], m[2]);
  m = new RegExp(
    // Not a length of time: "in 3 hrs", "for 2 hrs".
    String.raw`(?:\bat |@ ?|\bby |\baround |\babout )?(?<!\b(?:in|for|within|after|every|each) )\b${HOUR}\s*(?:o'?clock|hrs|(?<=\d)h)\b|(?:\bat |@ ?)${HOUR} hours\b`,
  ).exec(text);
  if (m && m[2]) return clock(hourOf(m[2]), 0, m[0]);
  if (m) return clock(hourOf(m[1]), 0, m[0]);
  // "4 in the afternoon", "monday 7 in the evening": an hour the part of the day says is one, with or without "at".
  m = new RegExp(
    String.raw`(?:\bat |@ ?|\baround |\babout |\bby )?\b${HOUR}(?= in the (?:morning|afternoon|evening)\b| at night\b| tonight\b)`,
  ).exec(text);
  if (m) return clock(hourOf(m[1]), 0, m[0]);
  m = new RegExp(
    String.raw`(?:\bat|@|\baround|\babout|\bby)\s*${HOUR}\b(?![:./-]?\d|\s*(?:st|nd|rd|th|days?|weeks?|months?|years?|hours?|minutes?|mins?|%|people|employees|tasks)\b)`,
  ).exec(text);
  if (m) return clock(hourOf(m[1]), 0, m[0]);
  return null;
}
