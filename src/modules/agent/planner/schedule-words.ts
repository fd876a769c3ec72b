import { trimEndOf } from '../../../common/trim-end';
import { closest, editDistance } from '../language/edit-distance';
import { MAX_MENDED } from '../language/spelling';
import { isEnglishWord, isMainlyNoun } from '../language/wordnet';
import { isGazetteerCity, zonePlaceWords } from './time-zones';

export const WEEKDAY_NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
export const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** Words that say how often or when: the planner's vocabulary, which misspellings are mended to. */
const FREQUENCY_WORDS = [
  'every',
  'each',
  'daily',
  'weekly',
  'monthly',
  'quarterly',
  'yearly',
  'annually',
  'fortnightly',
  'biweekly',
  'hourly',
  'nightly',
  'fortnight',
];
const CALENDAR_WORDS = [
  'weekday',
  'weekdays',
  'weekend',
  'weekends',
  'tomorrow',
  'today',
  'tonight',
  'morning',
  'afternoon',
  'evening',
  'midnight',
  'noon',
  'quarter',
  'other',
];
const SCHEDULE_WORDS = [
  ...FREQUENCY_WORDS,
  ...CALENDAR_WORDS,
  ...WEEKDAY_NAMES,
  ...WEEKDAY_NAMES.map((d) => `${d}s`),
  ...MONTH_NAMES,
];
/** Words of delivery and of units, mended too: a misspelled "mesage" or "minuts" must not lose the channel or the time. */
const DELIVERY_WORDS = [
  'email',
  'message',
  'notify',
  'alert',
  'remind',
  'reminder',
  'send',
  'post',
  'ping',
  'slack',
  'teams',
  'channel',
  'minutes',
  'hours',
  'business',
  'working',
  'through',
  'forward',
  'report',
  'summary',
];
/** The units and working-day words a frequency is said in: "each yeat", "every wrkday" mend to them. */
const UNIT_WORDS = ['week', 'month', 'year', 'weeks', 'months', 'years', 'workday', 'workdays'];
const MENDABLE = [...SCHEDULE_WORDS, ...DELIVERY_WORDS, ...UNIT_WORDS];
const VOCABULARY = new Set([
  ...MENDABLE,
  'every',
  'week',
  'month',
  'year',
  'day',
  'days',
  'weeks',
  'months',
  'hour',
  'minute',
  // The days' short forms ("every tue and thu"), read by read-days.ts, are no misspellings.
  ...['mon', 'tue', 'tues', 'wed', 'weds', 'thu', 'thur', 'thurs', 'fri', 'sat', 'sun'],
]);

/** What may follow "every": a unit, a day, a part of the day, a number or a saint's day ("every st patrick's day"). Anything else is asked about. */
const AFTER_EVERY = new RegExp(
  String.raw`^(?:\d+(?:st|nd|rd|th)?|other|second|third|fourth|fifth|2nd|3rd|4th|last|first|single|alternate|few|couple|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty-five|the|working|business|work|week ?days?|weekends?|work ?days?|mornings?|afternoons?|evenings?|nights?|days?|weeks?|months?|quarters?|years?|hours?|minutes?|mins?|fortnights?|time|st|saint|(?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)(?:day)?s?(?:-(?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)(?:day)?)?|m-f|${MONTH_NAMES.join('|')}|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)$`,
);

/** Words a run-together token may be made of ("everymonday", "eachweek", "everyother"). */
const JOINABLE = new Set([
  ...SCHEDULE_WORDS,
  'day',
  'week',
  'month',
  'year',
  'hour',
  'at',
  'on',
  'in',
  'the',
  'of',
  'me',
  'by',
  'am',
  'pm',
  'next',
  'this',
]);

/** Misspellings WordNet knows as words of their own but that in a request are schedule words. */
const KNOWN_MISSPELLINGS: Record<string, string> = {
  everyday: 'every day',
  dairy: 'daily',
  weakly: 'weekly',
  tues: 'tuesday',
  weds: 'wednesday',
  thurs: 'thursday',
  thur: 'thursday',
  tmrw: 'tomorrow',
  tmr: 'tomorrow',
  tmrow: 'tomorrow',
  tmw: 'tomorrow',
  '2moro': 'tomorrow',
  tdy: 'today',
  tonite: 'tonight',
  mins: 'minutes',
  evry: 'every',
};

/** Words after which the next word names a day or a period. */
const LEADS = new Set(['every', 'each', 'next', 'coming']);

export interface MendedText {
  /** The request with its schedule words mended ("evry thrusday" -> "every thursday"), other words as written. */
  text: string;
  /** Words that look like schedule words but could not be read: the planner asks about them. */
  unsure: string[];
}

/**
 * Mends the schedule words of a request before it is read: misspellings within a small edit
 * distance of one planner word (never a word English already has, never when two planner words
 * are as close), words run together, and numbers stuck to units ("every2weeks"). A word that
 * still looks like a day or a frequency and is not one is reported, so the planner can ask.
 */
export function mendScheduleWords(request: string): MendedText {
  // E-mail addresses are the user's exact words: set aside while the rest is mended, so that
  // "m-3e2b4@example.com" is not split at its digits into another address ("b4@example.com").
  const addresses: string[] = [];
  const mended = mendWords(
    // An address starts where a run of its characters starts (the look-behind): tried from every
    // letter of a long word, the pattern would scan the rest each time, quadratic in its length.
    request.replace(
      /(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g,
      (address) => `\uE000${addresses.push(address) - 1}\uE000`,
    ),
  );
  return { ...mended, text: mended.text.replace(/\uE000(\d+)\uE000/g, (_, i: string) => addresses[Number(i)]) };
}

/**
 * Words a number is typed onto ("at9am", "every2weeks", "evry2 weeks"): a schedule word of two
 * letters, or a word of three or more when a unit of time follows the number. Not a name holding
 * digits ("q4", "fy2025", "covid19 report", "sprint12 review").
 */
const STUCK_BEFORE = String.raw`at|by|to|on|in|or|[a-z]{3,}(?=\d{1,2}\s?(?:am|pm|a\.m|p\.m|h|hrs?|hours?|st|nd|rd|th|[:.]\d|days?|weeks?|months?|quarters?|years?|mins?|minutes?|times?)\b)`;
/** Schedule words typed onto a number ("2weeks", "9every", "3times"); never a time's unit or an ordinal ("9am", "1st"). */
const STUCK_AFTER =
  "days?|weeks?|months?|quarters?|years?|mins?|minutes?|times?|every|each|daily|weekly|monthly|on|at|in|and|or|to|oclock|o'clock|mornings?|evenings?|afternoons?|nights?|tonight|tomorrow|today|weekdays?|weekends?|workdays?|fortnights?|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?";

function mendWords(request: string): MendedText {
  const unsure: string[] = [];
  let text = request
    .replace(/[‘’`´]/g, "'")
    .replace(/[–—]/g, '-')
    // "kl. 14:00", "klo 9" (the Nordic "at" of a clock time): "at".
    .replace(/\b(?:kl|klo)\.?\s+(?=\d)/gi, 'at ')
    // "9 o clock", "9 oclock": "o'clock" as it is written.
    .replace(/\b(\d{1,2}) o ?clock\b/gi, "$1 o'clock")
    .replace(/(\d)-?ish\b/gi, '$1')
    .replace(/\bish\b/gi, '')
    // "every2weeks", "at9am": a number stuck to a word of the schedule. Not the names of things a
    // task holds ("the q4 pipeline", "2fa codes", "h1 review").
    .replace(new RegExp(String.raw`\b(${STUCK_BEFORE})(\d)`, 'gi'), '$1 $2')
    .replace(new RegExp(String.raw`(\d)(${STUCK_AFTER})\b`, 'gi'), '$1 $2');
  const words = text.split(/(\s+)/);
  // In a request not typed in capitals, a word in capitals is an acronym ("the SCADA export"), and a
  // capitalised city a place ("the Pune design office"): neither a misspelt schedule word.
  const typedInCase = /\p{Ll}/u.test(text);
  let previous = '';
  for (let i = 0; i < words.length; i++) {
    const token = words[i];
    // A word and what follows it up to the next letter ("monday,", "9am!"); the tail starts at a
    // character that is neither, so that a run of digits is split one way only.
    // Letters of any alphabet: "Bogotá" is one word, not "Bogot" mended and "á" after it.
    const bare = /^([\p{L}0-9]+)((?:[^\p{L}0-9][^\p{L}]*)?)$/u.exec(token);
    if (!bare || /^\d/.test(bare[1])) {
      if (token.trim()) previous = token.toLowerCase();
      continue;
    }
    const [, said, tail] = bare;
    const word = said.toLowerCase();
    const acronym = typedInCase && said.length >= 2 && said === said.toUpperCase() && /\p{L}/u.test(said);
    if (acronym || (typedInCase && /^\p{Lu}/u.test(said) && isGazetteerCity(word))) {
      previous = word;
      continue;
    }
    const next = (words[i + 2] ?? '').toLowerCase();
    // A place is mended only where a zone is said: before "time" or right after a clock time.
    const zoneSpot = /^time\b/.test(next) || /\d(?:[ap]\.?m\.?)?$/.test(previous);
    const mended = mendWord(word, previous, unsure, zoneSpot, next);
    // Words left as they were keep their case (names in the task); mended ones are lower case.
    words[i] = (mended === word ? said : mended) + tail;
    previous = mended.split(' ').pop()!;
  }
  text = words.join('');
  for (const m of text.toLowerCase().matchAll(/\b(?:every|each|bi)[- ]+([^\s,.;:!?]+)/g)) {
    const said = trimEndOf(m[1].replace(/-?ish$/, ''), '-');
    const parts = said.split('-');
    const readable =
      AFTER_EVERY.test(said) ||
      (parts.length === 2 &&
        AFTER_EVERY.test(parts[0]) &&
        /^(?:weekly|monthly|yearly|annually|daily)$/.test(parts[1])) ||
      /^(?:weekly|monthly|yearly|annually|daily|hourly)$/.test(said);
    // "every new hire", "each person": English words after "every" are what it counts, not a schedule.
    const garbled = parts.some((part) => part.length <= 2 || !isEnglishWord(part));
    if (!readable && garbled && !unsure.includes(said)) unsure.push(said);
  }
  return { text, unsure };
}

function mendWord(word: string, previous: string, unsure: string[], zoneSpot: boolean, next: string): string {
  const known = KNOWN_MISSPELLINGS[word];
  // A misspelling that is an English word of its own ("dairy", "weakly") is the word it is before
  // a noun it describes: "the dairy coop visit notes" keeps its dairy ("everyday" is "every day" always).
  if (known && !(isEnglishWord(word) && !known.includes(' ') && describesNext(next))) return known;
  if (VOCABULARY.has(word) || word.length < 3 || word.length > MAX_MENDED) return word;
  if (isEnglishWord(word)) return word;
  // "at 1530 Pune time": a city where a zone is said is the city ("june time" would be no zone).
  if (zoneSpot && isGazetteerCity(word)) return word;
  const joined = splitJoined(word);
  if (joined) return joined;
  if (word.length >= 4) {
    const limit = word.length >= 7 ? 2 : 1;
    const found = closest(word, zoneSpot ? [...MENDABLE, ...zonePlaceWords()] : MENDABLE, limit);
    if (found && (found.word[0] === word[0] || found.distance <= 1)) return found.word;
  }
  if (looksLikeScheduleWord(word, previous)) unsure.push(word);
  return word;
}

/** Whether the word after another is a noun that other word may describe: a word of letters, mainly a noun, no schedule word. */
function describesNext(next: string): boolean {
  const word = /^\p{L}+/u.exec(next)?.[0];
  return !!word && !VOCABULARY.has(word) && !JOINABLE.has(word) && isMainlyNoun(word);
}

/** "everymonday" -> "every monday": two (or three) planner words run together, each mended if need be. */
function splitJoined(word: string): string | null {
  for (let i = 2; i <= word.length - 2; i++) {
    // The first word may be misspelt too ("evryday", "eveyweek"): mended before it is joined.
    const left = mendedPart(word.slice(0, i));
    const right = word.slice(i);
    if (!left) continue;
    if (JOINABLE.has(right)) return `${left} ${right}`;
    const rest = splitJoined(right);
    if (rest) return `${left} ${rest}`;
  }
  return null;
}

/** A part of a run-together word as a planner word: itself, or a frequency word misspelt (known, or one slip away). */
function mendedPart(part: string): string | null {
  if (JOINABLE.has(part)) return part;
  const known = KNOWN_MISSPELLINGS[part];
  // Only frequency words: "thur"+"day" is a misspelt "thursday", not "thursday day".
  if (known && FREQUENCY_WORDS.includes(known)) return known;
  if (part.length < 4) return null;
  return closest(part, FREQUENCY_WORDS, 1)?.word ?? null;
}

/** A word no dictionary knows, where a day or a frequency is expected or close to one. */
function looksLikeScheduleWord(word: string, previous: string): boolean {
  if (LEADS.has(previous)) return true;
  const near = [...FREQUENCY_WORDS, ...WEEKDAY_NAMES].some(
    (known) =>
      known[0] === word[0] &&
      !word.startsWith(known) &&
      editDistance(word, known, 3) <= Math.min(3, Math.ceil(word.length / 2)),
  );
  return near;
}
