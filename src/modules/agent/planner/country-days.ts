import Holidays from 'date-holidays';
import { foldName } from '../../../common/fold-name';

/**
 * The days a country knows by name ("Heritage Day", "Canada Day", "Juneteenth", "Roʻza hayiti"),
 * from the `date-holidays` package's calendars, in English and in the country's own languages
 * written in Latin letters. A day on one date in most of the years below, and near it in the others
 * (observed on the Monday after), is fixed there (fixedDay); one whose date moves (Eid, Tết,
 * Thanksgiving) is movable, and asked about. Only the organization's own country is read:
 * "Independence Day" or "Labour Day" differ from country to country.
 */

/** Years compared (fixedDay). */
const YEARS = [2027, 2028, 2029];

export type CountryDay = { month: number; day: number } | null;

interface CountryCalendar {
  /** Each name's day (null: movable), by its key (dayKey). */
  days: Map<string, CountryDay>;
  /** All the names, longest first, as one pattern over lower-case text; null when the country has none. */
  pattern: RegExp | null;
}

const calendars = new Map<string, CountryCalendar>();

/** A name as written in the pattern: folded, its apostrophes and dots dropped, hyphens and runs of spaces one space. */
function spelling(name: string): string {
  return foldName(name)
    .replace(/['’ʻʼ.]/g, '')
    .replace(/[\s-]+/g, ' ')
    .trim();
}

/** A name as looked up: its spelling without a word's last "s" and with "ul"/"el" as "al" (what the pattern lets vary). */
function dayKey(name: string): string {
  return spelling(name)
    .replace(/\b(?:ul|el)\b/g, 'al')
    .replace(/s\b/g, '');
}

/** A name's words as a pattern: any hyphen or space between them, an apostrophe or none before or after an "s" ("workers' day", "worker's day"). */
function namePattern(key: string): string {
  return key
    .split(' ')
    .map((word) => {
      // "Eid al-Fitr" is written "eid ul fitr" and "eid el fitr" too.
      if (word === 'al' || word === 'ul' || word === 'el') return '(?:al|ul|el)';
      // Spellings hold only letters, digits and spaces (namesOf): no character needs escaping.
      return word.endsWith('s') ? `${word.slice(0, -1)}['’]?s['’]?` : `${word}(?:['’]?s)?`;
    })
    .join(String.raw`[\s-]*`);
}

/** The names a calendar entry is known by: "End of Ramadan (Eid al-Fitr)" is both; a substitute day is none. */
function namesOf(name: string): string[] {
  // "(substitute day)", Uzbek "(koʻchirilgan kun)": a day moved, not a name of its own.
  const lower = name.toLowerCase();
  if (lower.includes('substitute') || lower.includes('chirilgan')) return [];
  const open = name.indexOf('(');
  const close = name.indexOf(')', open);
  const inner = open >= 0 && close > open ? name.slice(open + 1, close) : '';
  const outer = open >= 0 ? name.slice(0, open) + (close > open ? name.slice(close + 1) : '') : name;
  return [outer, ...(inner ? [inner] : [])]
    .map(spelling)
    .filter((key) => /^[a-z0-9 ]{4,60}$/.test(key) && !/^(?:public|bank|national) holiday$/.test(key));
}

/** The most days an observed date moves from the day itself ("Boxing Day" kept on Monday the 27th). */
const OBSERVED_SHIFT = 3;

/**
 * The month and day of a day said in most of the years compared, the others within OBSERVED_SHIFT
 * days of it (a day observed on the Monday after); null when its date moves (Eid moves eleven days
 * a year, Thanksgiving a day or two, never twice on one date in years that follow each other).
 */
function fixedDay(dates: readonly string[]): CountryDay {
  const byMonthDay = new Map<string, Set<string>>();
  for (const d of dates) byMonthDay.set(d.slice(5), (byMonthDay.get(d.slice(5)) ?? new Set()).add(d.slice(0, 4)));
  const [main, years] = [...byMonthDay].sort((a, b) => b[1].size - a[1].size)[0];
  if (years.size < 2) return null;
  const [month, day] = main.split('-').map(Number);
  const near = dates.every((d) => {
    const [y, m, dd] = d.split(/[:-]/).map(Number);
    return Math.abs(Date.UTC(y, m - 1, dd) - Date.UTC(y, month - 1, day)) <= OBSERVED_SHIFT * 86_400_000;
  });
  return near ? { month, day } : null;
}

/** The named days of a country (ISO code): read once per country, a few tens of milliseconds. */
export function countryCalendar(country: string): CountryCalendar {
  const known = calendars.get(country);
  if (known) return known;
  const days = new Map<string, CountryDay>();
  const seen = new Map<string, Set<string>>();
  let calendar: Holidays | null = null;
  try {
    calendar = new Holidays(country);
  } catch {
    calendar = null;
  }
  const languages = calendar ? [...new Set([...calendar.getLanguages(), 'en'])] : [];
  for (const year of YEARS)
    for (const language of languages)
      for (const holiday of calendar?.getHolidays(year, language) ?? [])
        for (const key of namesOf(holiday.name)) {
          const dates = seen.get(key) ?? new Set<string>();
          dates.add(`${year}:${holiday.date.slice(5, 10)}`);
          seen.set(key, dates);
        }
  for (const [name, dates] of seen) days.set(dayKey(name), fixedDay([...dates]));
  const keys = [...seen.keys()].sort((a, b) => b.length - a.length);
  const pattern = keys.length ? new RegExp(String.raw`\b(?:${keys.map(namePattern).join('|')})(?![\w'’-])`, 'g') : null;
  const built = { days, pattern };
  calendars.set(country, built);
  return built;
}

/** A country's named days in a lower-case text, in order: their words, where, their date (null: movable), and whether said without "day". */
export function findCountryDay(
  text: string,
  country: string,
): { said: string; index: number; day: CountryDay; bare: boolean }[] {
  const { pattern, days } = countryCalendar(country);
  if (!pattern) return [];
  return [...text.matchAll(pattern)].flatMap((m) => {
    const key = dayKey(m[0]);
    if (!days.has(key)) return [];
    // "the youth day braai list" stays a day; a name without "day" ("juneteenth", "nowruz") only after a word leading to a date.
    return [{ said: m[0], index: m.index ?? 0, day: days.get(key) ?? null, bare: !/\b(?:day|eve|night)\b/.test(m[0]) }];
  });
}
