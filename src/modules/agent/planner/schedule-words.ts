import { closest, editDistance } from '../language/edit-distance';
import { isEnglishWord } from '../language/english-words';

export const WEEKDAY_NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
export const MONTH_NAMES = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** Words that say how often or when: the planner's vocabulary, which misspellings are mended to. */
const FREQUENCY_WORDS = ['every', 'each', 'daily', 'weekly', 'monthly', 'quarterly', 'yearly', 'annually', 'fortnightly', 'biweekly', 'hourly', 'nightly', 'fortnight'];
const CALENDAR_WORDS = ['weekday', 'weekdays', 'weekend', 'weekends', 'tomorrow', 'today', 'tonight', 'morning', 'afternoon', 'evening', 'midnight', 'noon', 'quarter', 'other'];
const SCHEDULE_WORDS = [...FREQUENCY_WORDS, ...CALENDAR_WORDS, ...WEEKDAY_NAMES, ...WEEKDAY_NAMES.map((d) => `${d}s`), ...MONTH_NAMES];
const VOCABULARY = new Set([...SCHEDULE_WORDS, 'remind', 'email', 'every', 'week', 'month', 'year', 'day', 'days', 'weeks', 'months', 'hours', 'minutes']);

/** Words a run-together token may be made of ("everymonday", "eachweek", "everyother"). */
const JOINABLE = new Set([...SCHEDULE_WORDS, 'day', 'week', 'month', 'year', 'hour', 'at', 'on', 'in', 'the', 'of', 'me', 'by', 'am', 'pm']);

/** Misspellings WordNet knows as words of their own but that in a request are schedule words. */
const KNOWN_MISSPELLINGS: Record<string, string> = { everyday: 'every day', dairy: 'daily', weakly: 'weekly', tomorrows: 'tomorrow', tues: 'tuesday', weds: 'wednesday', thurs: 'thursday', thur: 'thursday' };

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
  const unsure: string[] = [];
  let text = request
    .replace(/[‘’`´]/g, "'")
    .replace(/[–—]/g, '-')
    .replace(/(\d)-?ish\b/gi, '$1')
    .replace(/\bish\b/gi, '')
    // "every2weeks", "at9am": a number stuck to a word, except the units of a time or an ordinal.
    .replace(/([a-z])(\d)/gi, '$1 $2')
    .replace(/(\d)(?!(?:st|nd|rd|th|am|pm|a\.m|p\.m|h|hrs?|hours?)\b)([a-z]{2,})/gi, '$1 $2');
  const words = text.split(/(\s+)/);
  let previous = '';
  for (let i = 0; i < words.length; i++) {
    const token = words[i];
    const bare = /^([A-Za-z]+)([^A-Za-z]*)$/.exec(token);
    if (!bare) {
      if (token.trim()) previous = token.toLowerCase().replace(/[^a-z]/g, '');
      continue;
    }
    const [, said, tail] = bare;
    const word = said.toLowerCase();
    const mended = mendWord(word, previous, unsure);
    // Words left as they were keep their case (names in the task); mended ones are lower case.
    words[i] = (mended === word ? said : mended) + tail;
    previous = mended.split(' ').pop()!;
  }
  text = words.join('');
  return { text, unsure };
}

function mendWord(word: string, previous: string, unsure: string[]): string {
  if (KNOWN_MISSPELLINGS[word]) return KNOWN_MISSPELLINGS[word];
  if (VOCABULARY.has(word) || word.length < 3) return word;
  const english = isEnglishWord(word);
  if (english) return word;
  const joined = splitJoined(word);
  if (joined) return joined;
  if (word.length >= 4) {
    const limit = word.length >= 7 ? 2 : 1;
    const found = closest(word, SCHEDULE_WORDS, limit);
    if (found && found.word[0] === word[0]) return found.word;
    if (found && found.distance === 1) return found.word;
  }
  if (looksLikeScheduleWord(word, previous)) unsure.push(word);
  return word;
}

/** "everymonday" -> "every monday": two (or three) planner words run together, each mended if need be. */
function splitJoined(word: string): string | null {
  for (let i = 2; i <= word.length - 2; i++) {
    const left = word.slice(0, i);
    const right = word.slice(i);
    if (!JOINABLE.has(left)) continue;
    if (JOINABLE.has(right)) return `${left} ${right}`;
    const rest = splitJoined(right);
    if (rest) return `${left} ${rest}`;
  }
  return null;
}

/** A word no dictionary knows, where a day or a frequency is expected or close to one. */
function looksLikeScheduleWord(word: string, previous: string): boolean {
  if (LEADS.has(previous)) return true;
  const near = [...FREQUENCY_WORDS, ...WEEKDAY_NAMES].some((known) => known[0] === word[0] && editDistance(word, known, 3) <= Math.min(3, Math.ceil(word.length / 2)));
  return near;
}
