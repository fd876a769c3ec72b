import { cityMapping } from 'city-timezones';
import { foldName } from '../../../common/fold-name';
import { pertainsTo } from '../language/wordnet';

// Zones named by what the planner's own table (time-zones.ts) does not list: an abbreviation ICU
// writes in some English-speaking region ("EAT" in Kenya, "WIB" and "WITA" in Indonesia, "AWST"
// in Australia), a country or a province ("Kenya time", "Lviv time", "Newfoundland time") or a
// country's adjective ("Finnish time", through WordNet's pertainyms). Both are read from data the service already has (ICU, city-timezones, WordNet)
// rather than from another hand list.

/**
 * The locales whose zone abbreviations people write, each with the zones of its part of the world;
 * to these, each country's English locale with its own zones ("en-AE" writes GST for Dubai).
 */
const LOCALES: [string, RegExp][] = [
  ['en-US', /^(?:America|Pacific)\//],
  ['en-CA', /^America\//],
  ['en-GB', /^(?:Europe|Atlantic)\//],
  ['en-KE', /^(?:Africa|Indian)\//],
  ['en-ZA', /^Africa\//],
  ['en-NG', /^Africa\//],
  ['en-IN', /^Asia\//],
  ['en-SG', /^Asia\//],
  ['en-MY', /^Asia\//],
  ['en-PH', /^Asia\//],
  ['id-ID', /^Asia\//],
  ['en-AU', /^(?:Australia|Pacific|Antarctica)\//],
  ['en-NZ', /^(?:Pacific|Antarctica)\//],
];

let abbreviations: Map<string, string> | null = null;
let populations: Map<string, number> | null = null;

/** The people of the gazetteer's cities in each zone: of the zones an abbreviation or a country spans, the most populous stands for it. */
function zonePopulation(zone: string): number {
  if (!populations) {
    populations = new Map();
    for (const c of cityMapping) populations.set(c.timezone, (populations.get(c.timezone) ?? 0) + c.pop);
  }
  return populations.get(zone) ?? 0;
}

/** Each country's zones by its ISO code, from the gazetteer. */
function zonesByCountry(): Map<string, Set<string>> {
  const byCountry = new Map<string, Set<string>>();
  // Some of the gazetteer's places have no code ("", "-99").
  for (const c of cityMapping)
    if (/^[A-Z]{2}$/.test(c.iso2) && c.timezone)
      byCountry.set(c.iso2, (byCountry.get(c.iso2) ?? new Set()).add(c.timezone));
  return byCountry;
}

/** The abbreviations ICU writes in the locales above and in each country's English locale, to the zones they stand for. */
function icuAbbreviations(): Map<string, string> {
  const zonesOf = new Map<string, string[]>();
  const known = new Set(Intl.supportedValuesOf('timeZone'));
  const instants = [Date.UTC(2027, 0, 15, 12), Date.UTC(2027, 6, 15, 12)];
  const add = (locale: string, zone: string) => {
    const format = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'short' });
    for (const at of instants) {
      const name = format.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? '';
      if (!/^[A-Z]{2,5}$/.test(name) || name === 'GMT' || name === 'UTC') continue;
      const list = zonesOf.get(name) ?? [];
      if (!list.includes(zone)) list.push(zone);
      zonesOf.set(name, list);
    }
  };
  const table = () =>
    new Map([...zonesOf].map(([name, list]) => [name, list.sort((a, b) => zonePopulation(b) - zonePopulation(a))[0]]));
  for (const [locale, region] of LOCALES) for (const zone of known) if (region.test(zone)) add(locale, zone);
  const regional = table();
  // A country's own locale adds the abbreviations the regions' do not write; those they write keep their zone.
  for (const [country, zones] of zonesByCountry())
    for (const zone of zones) if (known.has(zone)) add(`en-${country}`, zone);
  return new Map([...table(), ...regional]);
}

/**
 * The zone of an abbreviation ICU does not write, by the tz database's old convention of a
 * country's ISO code and "T" or "ST" ("PKT" Pakistan, "NPT" Nepal, "FJT" Fiji, "IRST" Iran), for a
 * country of one clock. "AET" is ICU's "AEST" first (Australian Eastern, not the Emirates).
 */
function conventionZone(abbreviation: string, icu: Map<string, string>): string | null {
  const standard = /^([A-Z]{2})T$/.exec(abbreviation);
  if (standard && icu.has(`${standard[1]}ST`)) return icu.get(`${standard[1]}ST`)!;
  const country = /^([A-Z]{2})S?T$/.exec(abbreviation)?.[1];
  if (!country) return null;
  const name = regionName(country);
  const zones = name && name !== country ? countryZones().get(regionKey(name)) : undefined;
  return zones ? countryZone(zones) : null;
}

/**
 * The zone an upper-case abbreviation stands for ("EAT", "WIB", "AWST" as ICU writes them, "PKT"
 * by the country convention), or null. The table takes some thousand formatters (a fraction of a
 * second once): warmZoneRegions builds it at start.
 */
export function abbreviationZone(abbreviation: string): string | null {
  abbreviations ??= icuAbbreviations();
  return abbreviations.get(abbreviation) ?? conventionZone(abbreviation, abbreviations);
}

let zoneCountries: Map<string, string> | null = null;
const dayFirstByZone = new Map<string, boolean | null>();

/**
 * Whether people where a zone keeps time write the day before the month ("2/1/2027" is 2 January
 * in Perth, 1 February in New York): the order of the country's own locale (its main language
 * there, "es-UY", "en-AU"), the country of the zone's largest city; where digits are written year
 * first, the order of its long dates ("02 January 2027" in en-ZA: day first). Null when unknown or
 * still year or month first ("ja-JP", "en-CA"): then a date that reads both ways is asked about.
 */
export function dayFirstIn(zone: string): boolean | null {
  if (!dayFirstByZone.has(zone)) dayFirstByZone.set(zone, countryDayFirst(zoneCountry(zone)));
  return dayFirstByZone.get(zone)!;
}

/** The country (ISO code) of a zone's largest city, whose ways of writing dates and whose named days the zone's people share. */
export function zoneCountry(zone: string): string | undefined {
  zoneCountries ??= new Map(
    [...largestCityBy((c) => (/^[A-Z]{2}$/.test(c.iso2) && c.timezone) || null)].map(([z, c]) => [z, c.iso2]),
  );
  return zoneCountries.get(zone);
}

/** Whether a country's own locale writes the day first; null for an unknown country or one writing the year first. */
function countryDayFirst(country: string | undefined): boolean | null {
  if (!country) return null;
  const locale = `${new Intl.Locale(`und-${country}`).maximize().language}-${country}`;
  const order = (style: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { ...style, timeZone: 'UTC' })
      .formatToParts(Date.UTC(2027, 0, 2))
      .map((part) => part.type)
      .filter((type) => type === 'day' || type === 'month' || type === 'year');
  const short = order({});
  if (short[0] !== 'year') return short.indexOf('day') < short.indexOf('month');
  // Digits written year first ("2027/01/02" in en-ZA): a long date written day first ("02 January
  // 2027") shows that a date with the year last is read day first there; a long date with the
  // month first ("January 2, 2027" in en-CA) or the year first (ja-JP) leaves it to be asked.
  const long = order({ dateStyle: 'long' });
  return long[0] === 'day' ? true : null;
}

/** Builds the abbreviation and country tables, so that no user's first request waits for them. */
export function warmZoneRegions(): void {
  abbreviationZone('EAT');
  countryZones();
  dayFirstIn('UTC');
}

/** A country whose big cities keep (nearly) all one clock has a zone; one spread over several is asked about. */
const ONE_ZONE_SHARE = 0.9;
const BIG_CITY = 50_000;

type City = (typeof cityMapping)[number];
let largest: Set<City> | null = null;

/**
 * Whether a city counts as a place people name a clock by: a big one, or the largest of its
 * country, so that a small country ("Tonga", "Nuku'alofa time") has its clock too.
 */
export function isNotableCity(c: City): boolean {
  largest ??= new Set(largestCityBy((city) => city.iso2 || city.country).values());
  return c.pop >= BIG_CITY || largest.has(c);
}

/** The gazetteer's most populous city for each key a city has (its country, its zone); cities without one are left out. */
function largestCityBy(keyOf: (c: City) => string | null): Map<string, City> {
  const top = new Map<string, City>();
  for (const city of cityMapping) {
    const key = keyOf(city);
    if (!key) continue;
    const held = top.get(key);
    if (!held || held.pop < city.pop) top.set(key, city);
  }
  return top;
}

let regionNames: Intl.DisplayNames | null = null;

/** A country's English name by its ISO code (ICU's), or undefined for a code ICU does not know. */
function regionName(code: string): string | undefined {
  regionNames ??= new Intl.DisplayNames('en', { type: 'region' });
  try {
    return regionNames.of(code);
  } catch {
    return undefined;
  }
}

let countries: Map<string, Map<string, number>> | null = null;

/** A name as looked up: folded, without the marks some spellings carry ("L'viv" is "lviv"). */
const regionKey = (name: string) => foldName(name).replace(/[^\p{L}\p{N} ]/gu, '');

/**
 * Countries and provinces by name (the gazetteer's, ICU's English one, and each side of a province
 * named with "and": "Newfoundland and Labrador"), with their big cities' people by zone. A name of
 * several places ("Georgia") holds them all, and so several clocks: asked about.
 */
function countryZones(): Map<string, Map<string, number>> {
  if (countries) return countries;
  countries = new Map();
  for (const c of cityMapping) {
    if (!isNotableCity(c) || !c.timezone) continue;
    const region = c.iso2 ? regionName(c.iso2) : undefined;
    const provinces = c.province ? [c.province, ...c.province.split(' and ')] : [];
    for (const name of new Set([c.country, region, ...provinces].filter((n): n is string => !!n).map(regionKey))) {
      const zones = countries.get(name) ?? new Map<string, number>();
      zones.set(c.timezone, (zones.get(c.timezone) ?? 0) + c.pop);
      countries.set(name, zones);
    }
  }
  return countries;
}

/** The zone of a clock that holds nearly all of a country's people, else null (several clocks: ask). */
function countryZone(zones: Map<string, number>): string | null {
  const clocks = new Map<string, { people: number; zone: string; most: number }>();
  let all = 0;
  for (const [zone, people] of zones) {
    all += people;
    const key = clockOf(zone);
    const clock = clocks.get(key) ?? { people: 0, zone, most: 0 };
    clock.people += people;
    if (people > clock.most) Object.assign(clock, { zone, most: people });
    clocks.set(key, clock);
  }
  const main = [...clocks.values()].sort((a, b) => b.people - a.people)[0];
  return main && main.people >= ONE_ZONE_SHARE * all ? main.zone : null;
}

/** A zone's offsets in winter and summer: zones with one clock (Helsinki and Mariehamn) are one. */
function clockOf(zone: string): string {
  return [Date.UTC(2027, 0, 15, 12), Date.UTC(2027, 6, 15, 12)]
    .map((at) => new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).format(at))
    .join('/');
}

/** What a name of a country, or an adjective of one, says of the zone: the zone, several (ask), or nothing known. */
export type RegionReading = { zone: string } | { several: true } | null;

/**
 * The zone a country or its adjective names before "time" ("Kenya time", "Finnish time"); a
 * country of several clocks ("Indonesian time") is several. `named` reads a name the planner's
 * own table knows ("Scottish" pertains to Scotland, which is Europe/London there).
 */
export function regionZone(name: string, named: (place: string) => string | null): RegionReading {
  const read = (place: string): RegionReading => {
    const own = named(place.toLowerCase());
    if (own) return { zone: own };
    const zones = countryZones().get(regionKey(place));
    if (!zones) return null;
    const zone = countryZone(zones);
    return zone ? { zone } : { several: true };
  };
  const direct = read(name);
  if (direct) return direct;
  for (const place of pertainsTo(name.toLowerCase())) {
    const found = read(place);
    if (found) return found;
  }
  return null;
}
