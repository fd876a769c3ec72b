import { cityMapping } from 'city-timezones';
import { foldName } from '../../../common/fold-name';
import { isEnglishWord } from '../language/wordnet';
import { abbreviationZone, isNotableCity, regionZone } from './zone-regions';
import { escapeRegExp } from '../../../common/escape-reg-exp';
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
  // Military letters.
  zulu: 'UTC',
  // Regions said with their country.
  'us eastern': 'America/New_York',
  'us central': 'America/Chicago',
  'us mountain': 'America/Denver',
  'us pacific': 'America/Los_Angeles',
  'us east coast': 'America/New_York',
  'us west coast': 'America/Los_Angeles',
  'eastern standard': 'America/New_York',
  'pacific standard': 'America/Los_Angeles',
  atlantic: 'America/Halifax',
  alaska: 'America/Anchorage',
  // States, provinces and islands that are not IANA city names.
  hawaii: 'Pacific/Honolulu',
  hawaiian: 'Pacific/Honolulu',
  texas: 'America/Chicago',
  illinois: 'America/Chicago',
  'new york state': 'America/New_York',
  florida: 'America/New_York',
  washington: 'America/Los_Angeles',
  oregon: 'America/Los_Angeles',
  colorado: 'America/Denver',
  arizona: 'America/Phoenix',
  utah: 'America/Denver',
  ontario: 'America/Toronto',
  quebec: 'America/Toronto',
  québec: 'America/Toronto',
  'british columbia': 'America/Vancouver',
  alberta: 'America/Edmonton',
  queensland: 'Australia/Brisbane',
  'new south wales': 'Australia/Sydney',
  tasmania: 'Australia/Hobart',
  'western australia': 'Australia/Perth',
  'south australia': 'Australia/Adelaide',
  'northern territory': 'Australia/Darwin',
  scotland: 'Europe/London',
  wales: 'Europe/London',
  bavaria: 'Europe/Berlin',
  bayern: 'Europe/Berlin',
  catalonia: 'Europe/Madrid',
  sicily: 'Europe/Rome',
  sardinia: 'Europe/Rome',
  corsica: 'Europe/Paris',
  bali: 'Asia/Makassar',
  'puerto rico': 'America/Puerto_Rico',
  iceland: 'Atlantic/Reykjavik',
  // Cities in their own language (the IANA name is the English one).
  münchen: 'Europe/Berlin',
  munich: 'Europe/Berlin',
  muenchen: 'Europe/Berlin',
  köln: 'Europe/Berlin',
  cologne: 'Europe/Berlin',
  frankfurt: 'Europe/Berlin',
  hamburg: 'Europe/Berlin',
  zürich: 'Europe/Zurich',
  zuerich: 'Europe/Zurich',
  genève: 'Europe/Zurich',
  geneva: 'Europe/Zurich',
  genf: 'Europe/Zurich',
  lisboa: 'Europe/Lisbon',
  porto: 'Europe/Lisbon',
  wien: 'Europe/Vienna',
  roma: 'Europe/Rome',
  milano: 'Europe/Rome',
  firenze: 'Europe/Rome',
  florence: 'Europe/Rome',
  napoli: 'Europe/Rome',
  torino: 'Europe/Rome',
  praha: 'Europe/Prague',
  warszawa: 'Europe/Warsaw',
  kraków: 'Europe/Warsaw',
  krakow: 'Europe/Warsaw',
  bruxelles: 'Europe/Brussels',
  brussel: 'Europe/Brussels',
  antwerpen: 'Europe/Brussels',
  'den haag': 'Europe/Amsterdam',
  'the hague': 'Europe/Amsterdam',
  rotterdam: 'Europe/Amsterdam',
  københavn: 'Europe/Copenhagen',
  göteborg: 'Europe/Stockholm',
  gothenburg: 'Europe/Stockholm',
  sevilla: 'Europe/Madrid',
  seville: 'Europe/Madrid',
  valencia: 'Europe/Madrid',
  athína: 'Europe/Athens',
  moskva: 'Europe/Moscow',
  méxico: 'America/Mexico_City',
  'ciudad de méxico': 'America/Mexico_City',
  'mexico city': 'America/Mexico_City',
  'rio de janeiro': 'America/Sao_Paulo',
  'sao paulo': 'America/Sao_Paulo',
  montréal: 'America/Toronto',
  'new york city': 'America/New_York',
  nyc: 'America/New_York',
  'los angeles': 'America/Los_Angeles',
  'washington dc': 'America/New_York',
  'washington d.c.': 'America/New_York',
  beijing: 'Asia/Shanghai',
  peking: 'Asia/Shanghai',
  'hong kong': 'Asia/Hong_Kong',
  osaka: 'Asia/Tokyo',
  kyoto: 'Asia/Tokyo',
  seoul: 'Asia/Seoul',
  sydney: 'Australia/Sydney',
  canberra: 'Australia/Sydney',
  auckland: 'Pacific/Auckland',
};

/**
 * Zones of a fixed offset that is not whole hours, by the offset: places with no summer time.
 * Whole hours are Etc/GMT zones (offsetZone); an offset not here is asked about.
 */
const HALF_HOURS: Record<string, string> = {
  '+03:30': 'Asia/Tehran',
  '+04:30': 'Asia/Kabul',
  '+05:30': 'Asia/Kolkata',
  '+05:45': 'Asia/Kathmandu',
  '+06:30': 'Asia/Yangon',
  '+08:45': 'Australia/Eucla',
  '+09:30': 'Australia/Darwin',
  '-09:30': 'Pacific/Marquesas',
};
/** The widest offset any zone has (Kiribati's +14); beyond it is no clock on Earth. */
const MAX_OFFSET_HOURS = 14;
/**
 * An offset from UTC in any notation: "UTC+2", "GMT-05:00", "utc -10", "(UTC+3)", a Unicode minus
 * ("UTC−3"), or bare with four digits ("+0530", "-03:00"). Each part is bounded, so it is linear.
 */
const OFFSET = /(?<![\w+\-−])(?:(utc|gmt)\s?([+\-−])\s?(\d{1,2})(?::?(\d{2}))?|([+\-−])(\d{2}):?(\d{2}))(?!\d|:\d)/i;

/** Zone abbreviations: read wherever they stand (those that are also words only in upper case or before "time"). */
const CODES = new Set(
  'zulu utc gmt bst wet cet cest eet eest msk est edt et cst cdt ct mst mdt mt pst pdt pt brt ist gst sgt hkt kst jst aest aedt nzst nzdt'.split(
    ' ',
  ),
);
const WORDLIKE = new Set(['et', 'ct', 'mt', 'pt', 'wet']);

/**
 * The end of a time of day ("9", "9am", "20h00", "noon", "in the evening"), and an opening bracket: a
 * place right after it is a zone. A number is a time's only as a word of its own ("the Q4 VAT" is no time and zone).
 */
const AFTER_A_TIME =
  /(?:\b\d{1,4}|\dh\d{2}|[ap]\.?\s?m\.?|\b(?:noon|midnight|midday|morning|afternoon|evening|night|o'?clock|hrs|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|thirty))\s*(?:\(\s*)?$/i;

/**
 * What stands before "in/at <place>" when the place is where the schedule runs: nothing, a mark, or
 * a word of the schedule ("every monday in Tokyo", "In Lisbon, …"); after a word of the task
 * ("everybody based in Fortaleza", "the people in Hamburg") the place is the task's.
 */
const SCHEDULE_BEFORE =
  /(?:^|[,;:(!?.]|\b(?:daily|nightly|weekly|monthly|quarterly|yearly|annually|hourly|every ?day|weekdays?|weekends?|(?:mon|tues|wednes|thurs|fri|satur|sun)days?|tomorrow|today|tonight|\d{1,2}(?:st|nd|rd|th)))\s*$/i;

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
  // ICU lists some zones by their former names ("Asia/Saigon", "Europe/Kiev"); the gazetteer's
  // zones add the current ones ("Asia/Ho_Chi_Minh", "Europe/Kyiv"), which Intl accepts too.
  const gazetteerZones = new Set(cityMapping.map((c) => c.timezone).filter((zone) => typeof zone === 'string'));
  for (const zone of [...Intl.supportedValuesOf('timeZone'), ...gazetteerZones]) {
    const city = zone.split('/').pop()!.replace(/_/g, ' ').toLowerCase();
    if (zone.includes('/') && !NOT_PLACES.test(zone) && !found.has(city) && isTimeZone(zone)) found.set(city, zone);
  }
  places = [...found.entries()]
    .sort((a, b) => b[0].length - a[0].length)
    .map(([name, zone]) => ({
      name,
      zone,
      pattern: new RegExp(
        `(?<![#@\\w.-])(?:(in|at|for) )?(${escapeRegExp(name)})(?: islands?)?(?:['’]s)?(?: standard| daylight)?( time(?: zone)?)?(?![\\w@-])`,
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
  /** Why the zone said cannot be one ("UTC+15"): the plan is INVALID with it. */
  problem?: string;
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
  const offset = readOffset(text);
  if (offset) return offset;
  // In any case ("europe/prague"): the zone as IANA spells it; the first pair that is one ("and/or" is not).
  for (const [words, name] of text.matchAll(/\b([A-Za-z]+\/[A-Za-z_]+(?:\/[A-Za-z_]+)?)\b/g))
    if (isTimeZone(name)) return { zone: clockFormat(name).resolvedOptions().timeZone, unknown: null, words };
  // "Porto Alegre time": a city of several words before the one-word place ("Porto") inside it.
  const city = readCity(text);
  if (city?.words?.includes(' ') && city.words.split(' ').length > 2) return city;
  for (const { name, zone, pattern } of placesIn(text)) {
    const match = pattern.exec(text);
    if (!match) continue;
    // "8am eastern", "at 9 pacific": a region right after a time is said as a zone.
    const saidAsTime =
      !!match[3] || (!CODES.has(name) && AFTER_A_TIME.test(text.slice(Math.max(0, match.index - 20), match.index)));
    const read = CODES.has(name)
      ? !WORDLIKE.has(name) || saidAsTime || match[2] === match[2].toUpperCase()
      : // "the candidate list for Lisbon", "the people based in Fortaleza": a place after "for", or
        // after a word of the task, is the task's unless a time is before it.
        saidAsTime ||
        (!!match[1] &&
          match[1].toLowerCase() !== 'for' &&
          SCHEDULE_BEFORE.test(text.slice(Math.max(0, match.index - 30), match.index)));
    if (read) return { zone, unknown: null, words: match[0] };
  }
  if (city) return city;
  const region = readRegion(text);
  if (region) return region;
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

/**
 * A city of the gazetteer said before "time" ("Cape Town time", "Porto Alegre time"): its zone,
 * or a question when cities of that name lie in several zones ("Portland time"). The gazetteer is
 * city-timezones (7,300 cities with their IANA zones and populations, names of several words
 * included), chosen over a longer hand list: it names the zones of cities IANA does not (Cape
 * Town is Africa/Johannesburg). Only cities of some size (and each country's largest) count, so a
 * village that shares a city's name does not make it ambiguous; the lookup is one map read per word run before "time".
 */
function readCity(text: string): ZoneReading | null {
  for (const m of text.matchAll(/((?:[\p{L}'’.-]{1,30} ){0,2}[\p{L}'’.-]{1,30}) time\b/gu)) {
    const words = m[1].split(' ');
    // The longest run of words before "time" that names a city: "at 9 Cape Town" tries "9 Cape Town", "Cape Town", "Town".
    for (let i = 0; i < words.length; i++) {
      const name = words.slice(i).join(' ');
      const zones = gazetteer().get(cityKey(name));
      // "reading time", "mobile time": an English word in lower case is the word, not the city,
      // unless a clock time comes right before it ("at 4.15pm durban time": WordNet lists cities too).
      const start = m.index + m[1].length - name.length;
      const afterTime = AFTER_A_TIME.test(text.slice(Math.max(0, start - 20), start));
      if (!zones || (!afterTime && !/^\p{Lu}/u.test(name) && !name.includes(' ') && isEnglishWord(name.toLowerCase())))
        continue;
      const said = `${name} time`;
      // A city IANA names a zone after is in that zone ("Punta Arenas time"), whatever the gazetteer says.
      const own = placeNames().find((p) => foldName(p.name) === foldName(name));
      if (own) return { zone: own.zone, unknown: null, words: said };
      return zones.length === 1
        ? { zone: zones[0], unknown: null, words: said }
        : { zone: null, unknown: said, words: said };
    }
  }
  return null;
}

/**
 * A zone the table above does not name: an abbreviation ICU writes, after a clock time or before
 * "time" ("at 3pm EAT", "WITA time"), or a country or its adjective before "time" ("Kenya time",
 * "Finnish time"); a country of several clocks ("Indonesian time") is asked about.
 */
function readRegion(text: string): ZoneReading | null {
  for (const m of text.matchAll(/\b[A-Z]{2,5}\b/g)) {
    const before = text.slice(Math.max(0, m.index - 20), m.index);
    if (!AFTER_A_TIME.test(before) && !/^ time\b/i.test(text.slice(m.index + m[0].length))) continue;
    const zone = abbreviationZone(m[0]);
    if (zone) return { zone, unknown: null, words: m[0] };
  }
  for (const m of text.matchAll(/(?:(\p{L}{2,30}) )?(\p{L}{3,30}) time\b/gu)) {
    // "South Africa time" as two words, "Finnish time" as one.
    for (const name of m[1] ? [`${m[1]} ${m[2]}`, m[2]] : [m[2]]) {
      const found = regionZone(name, (place) => NAMES[place] ?? null);
      const said = `${name} time`;
      if (found)
        return 'zone' in found
          ? { zone: found.zone, unknown: null, words: said }
          : { zone: null, unknown: said, words: said };
    }
  }
  return null;
}

/** A city of the gazetteer ("pune", "fortaleza"): before "time" it is a place, never a misspelt schedule word. */
export function isGazetteerCity(name: string): boolean {
  return gazetteer().has(cityKey(name));
}

/** A city's name as looked up: folded, without apostrophes ("Nuku'alofa" and "Nukualofa" are one). */
const cityKey = (name: string) => foldName(name).replace(/['’ʻ‘`]/g, '');
let cities: Map<string, string[]> | null = null;

/** City names (and their ASCII spellings), folded, to the zones of the cities of that name. */
function gazetteer(): Map<string, string[]> {
  if (cities) return cities;
  cities = new Map();
  for (const c of cityMapping) {
    if (!isNotableCity(c) || !isTimeZone(c.timezone)) continue;
    // Folded as foldName folds what is typed: "Bogotá", "bogota" and "BOGOTÁ" are one city.
    for (const name of new Set([cityKey(c.city), cityKey(c.city_ascii)])) {
      const zones = cities.get(name) ?? [];
      if (!zones.includes(c.timezone)) zones.push(c.timezone);
      cities.set(name, zones);
    }
  }
  return cities;
}

/** A zone said as its offset from UTC: a fixed-offset zone, asked about when none has it, refused beyond ±14 h. */
function readOffset(text: string): ZoneReading | null {
  const m = OFFSET.exec(text);
  if (!m) return null;
  const negative = /[-−]/.test(m[2] ?? m[5]);
  const hours = Number(m[3] ?? m[6]);
  const minutes = Number(m[4] ?? m[7] ?? 0);
  const words = m[0];
  if (minutes > 59 || hours * 60 + minutes > MAX_OFFSET_HOURS * 60)
    return {
      zone: null,
      unknown: null,
      words,
      problem: `${words.trim()} is not a time zone: offsets from UTC run from −12:00 to +14:00.`,
    };
  if (minutes === 0)
    return { zone: hours === 0 ? 'UTC' : `Etc/GMT${negative ? '+' : '-'}${hours}`, unknown: null, words };
  const key = `${negative ? '-' : '+'}${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
  const zone = HALF_HOURS[key];
  return zone ? { zone, unknown: null, words } : { zone: null, unknown: words.trim(), words };
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
