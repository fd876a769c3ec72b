/** Abbreviations, regions and places people name instead of an IANA zone. Abbreviations follow the zone's DST rules. */
const NAMES: Record<string, string> = {
  utc: 'UTC',
  gmt: 'Europe/London',
  bst: 'Europe/London',
  uk: 'Europe/London',
  british: 'Europe/London',
  england: 'Europe/London',
  ireland: 'Europe/Dublin',
  irish: 'Europe/Dublin',
  wet: 'Europe/Lisbon',
  portugal: 'Europe/Lisbon',
  cet: 'Europe/Berlin',
  cest: 'Europe/Berlin',
  'central european': 'Europe/Berlin',
  germany: 'Europe/Berlin',
  german: 'Europe/Berlin',
  france: 'Europe/Paris',
  french: 'Europe/Paris',
  spain: 'Europe/Madrid',
  spanish: 'Europe/Madrid',
  barcelona: 'Europe/Madrid',
  italy: 'Europe/Rome',
  milan: 'Europe/Rome',
  netherlands: 'Europe/Amsterdam',
  dutch: 'Europe/Amsterdam',
  eet: 'Europe/Athens',
  eest: 'Europe/Athens',
  msk: 'Europe/Moscow',
  est: 'America/New_York',
  edt: 'America/New_York',
  et: 'America/New_York',
  eastern: 'America/New_York',
  'east coast': 'America/New_York',
  boston: 'America/New_York',
  cst: 'America/Chicago',
  cdt: 'America/Chicago',
  ct: 'America/Chicago',
  central: 'America/Chicago',
  dallas: 'America/Chicago',
  austin: 'America/Chicago',
  mst: 'America/Denver',
  mdt: 'America/Denver',
  mt: 'America/Denver',
  mountain: 'America/Denver',
  pst: 'America/Los_Angeles',
  pdt: 'America/Los_Angeles',
  pt: 'America/Los_Angeles',
  pacific: 'America/Los_Angeles',
  'west coast': 'America/Los_Angeles',
  california: 'America/Los_Angeles',
  'san francisco': 'America/Los_Angeles',
  sf: 'America/Los_Angeles',
  seattle: 'America/Los_Angeles',
  'silicon valley': 'America/Los_Angeles',
  brazil: 'America/Sao_Paulo',
  brt: 'America/Sao_Paulo',
  'são paulo': 'America/Sao_Paulo',
  ist: 'Asia/Kolkata',
  india: 'Asia/Kolkata',
  indian: 'Asia/Kolkata',
  mumbai: 'Asia/Kolkata',
  bombay: 'Asia/Kolkata',
  delhi: 'Asia/Kolkata',
  'new delhi': 'Asia/Kolkata',
  bangalore: 'Asia/Kolkata',
  bengaluru: 'Asia/Kolkata',
  hyderabad: 'Asia/Kolkata',
  chennai: 'Asia/Kolkata',
  pune: 'Asia/Kolkata',
  gst: 'Asia/Dubai',
  gulf: 'Asia/Dubai',
  uae: 'Asia/Dubai',
  'abu dhabi': 'Asia/Dubai',
  sgt: 'Asia/Singapore',
  hkt: 'Asia/Hong_Kong',
  china: 'Asia/Shanghai',
  beijing: 'Asia/Shanghai',
  kst: 'Asia/Seoul',
  korea: 'Asia/Seoul',
  jst: 'Asia/Tokyo',
  japan: 'Asia/Tokyo',
  aest: 'Australia/Sydney',
  aedt: 'Australia/Sydney',
  nzst: 'Pacific/Auckland',
  nzdt: 'Pacific/Auckland',
  'new zealand': 'Pacific/Auckland',
  wellington: 'Pacific/Auckland',
};

/** Zone abbreviations: read wherever they stand (those that are also words only in upper case or before "time"). */
const CODES = new Set(
  'utc gmt bst wet cet cest eet eest msk est edt et cst cdt ct mst mdt mt pst pdt pt brt ist gst sgt hkt kst jst aest aedt nzst nzdt'.split(
    ' ',
  ),
);
const WORDLIKE = new Set(['et', 'ct', 'mt', 'pt', 'wet']);

/** IANA cities that are as often people's names or common words; never read as places. */
const NOT_PLACES = /^(?:Antarctica|America\/(?:Indiana|Kentucky|North_Dakota))\//;

interface Place {
  name: string;
  zone: string;
  /** Optional "in/at/for" before, the name, optional "time (zone)" after. */
  pattern: RegExp;
}

let places: Place[] | null = null;

/** The names above and each IANA zone's city ("Europe/Rome" -> "rome"), longest first, patterns compiled once. */
function placeNames(): Place[] {
  if (places) return places;
  const found = new Map<string, string>(Object.entries(NAMES));
  for (const zone of Intl.supportedValuesOf('timeZone')) {
    const city = zone.split('/').pop()!.replace(/_/g, ' ').toLowerCase();
    if (zone.includes('/') && !NOT_PLACES.test(zone) && !found.has(city)) found.set(city, zone);
  }
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  places = [...found.entries()]
    .sort((a, b) => b[0].length - a[0].length)
    .map(([name, zone]) => ({
      name,
      zone,
      pattern: new RegExp(
        `(?<![#@\\w.-])(?:(in|at|for) )?(${escape(name)})(?:['’]s)?(?: standard| daylight)?( time(?: zone)?)?(?![\\w@-])`,
        'i',
      ),
    }));
  return places;
}

let byFirstWord: Map<string, Place[]> | null = null;

/**
 * The places whose name's first word is a word of the text, longest name first: testing each of
 * the 600 names' patterns on every request cost a millisecond a request.
 */
function placesIn(text: string): Place[] {
  if (!byFirstWord) {
    byFirstWord = new Map();
    for (const place of placeNames()) {
      const first = (place.name.match(/[\p{L}\p{N}]+/u) ?? [place.name])[0];
      byFirstWord.set(first, [...(byFirstWord.get(first) ?? []), place]);
    }
  }
  const found = new Set<Place>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    for (const place of byFirstWord.get(word) ?? []) found.add(place);
  }
  return [...found].sort((a, b) => b.name.length - a.name.length);
}

let placeWords: string[] | null = null;

/** The one-word place names of at least five letters, which a misspelling may be mended to ("Londn"). */
export function zonePlaceWords(): string[] {
  placeWords ??= placeNames()
    .map((p) => p.name)
    .filter((name) => /^[a-z]{5,}$/.test(name));
  return placeWords;
}

export function isTimeZone(name: string): boolean {
  try {
    clockFormat(name);
    return true;
  } catch {
    return false;
  }
}

/** One formatter per zone: making one costs about a millisecond, and a plan reads the clock dozens of times. */
const formats = new Map<string, Intl.DateTimeFormat>();
/** Zones are a closed set, but the names tried are the user's: the cache is bounded. */
const MAX_FORMATS = 1_000;

function clockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      weekday: 'short',
    });
    if (formats.size >= MAX_FORMATS) formats.clear();
    formats.set(timeZone, format);
  }
  return format;
}

export interface ZoneReading {
  /** The IANA zone the request names, or null for none. */
  zone: string | null;
  /** A zone the request names that is not known ("Springfield time", "our time"): ask about it. */
  unknown: string | null;
  /** The words that named it, to leave out of the task. */
  words: string | null;
}

/**
 * The zone a request names: an IANA name, an abbreviation, a region, a country or a city
 * ("Pacific time", "Bangalore time", "in Tokyo", "CET"), or a zone phrase it cannot place
 * ("Springfield time", "our time"), which the planner asks about rather than guessing.
 */
export function readZone(text: string): ZoneReading {
  const iana = /\b([A-Z][A-Za-z]+\/[A-Za-z_]+(?:\/[A-Za-z_]+)?)\b/.exec(text);
  if (iana && isTimeZone(iana[1])) return { zone: iana[1], unknown: null, words: iana[0] };
  for (const { name, zone, pattern } of placesIn(text)) {
    const match = pattern.exec(text);
    if (!match) continue;
    // "8am eastern", "at 9 pacific": a region right after a time is said as a zone.
    const saidAsTime =
      !!match[3] || (!CODES.has(name) && /\d(?:\s*[ap]\.?\s?m\.?)?\s*$/i.test(text.slice(0, match.index)));
    const read = CODES.has(name)
      ? !WORDLIKE.has(name) || saidAsTime || match[2] === match[2].toUpperCase()
      : saidAsTime || !!match[1];
    if (read) return { zone, unknown: null, words: match[0] };
  }
  const vague =
    /\b(?:(?:my|our|your|their|local|office|home|the office['’]s|local office) time(?: zone)?)\b/i.exec(text) ??
    /\b(?:[A-Z][a-z]+ )?[A-Z][a-z]+ time\b/.exec(text) ??
    // "at 10 client time": any word between a clock time and "time" is meant as a zone.
    /(?<=\d(?:\s*[ap]\.?\s?m\b\.?)?\s)[a-z]+(?: [a-z]+)? time\b/i.exec(text);
  if (
    vague &&
    !/^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Lunch|Any|Same|Next|This|Each|Every|Some|What|Which|Dinner|Tea|Bed|Due|Free|Spare)\b/.test(
      vague[0],
    )
  ) {
    return { zone: null, unknown: vague[0], words: vague[0] };
  }
  return { zone: null, unknown: null, words: null };
}

/** The local wall-clock parts of an instant in a zone. */
export function wallClock(
  at: Date,
  timeZone: string,
): { year: number; month: number; day: number; hour: number; minute: number; weekday: number } {
  const parts = Object.fromEntries(
    clockFormat(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday) + 1;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    weekday,
  };
}

/** The instant at which a zone's clock shows the given local time (the later one when DST repeats it). */
export function instantOf(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  timeZone: string,
): Date {
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  // Two passes: the zone's offset at the guess, then at the corrected instant (DST edges).
  let at = guess;
  for (let i = 0; i < 2; i++) {
    const clock = wallClock(new Date(at), timeZone);
    const shown = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute);
    at += guess - shown;
  }
  return new Date(at);
}
