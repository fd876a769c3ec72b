import { cityMapping } from 'city-timezones';
import { foldName } from '../../../common/fold-name';
import { pertainsTo } from '../language/wordnet';

// Zones named by what the planner's own table (time-zones.ts) does not list: an abbreviation ICU
// writes in some English-speaking region ("EAT" in Kenya, "WIB" and "WITA" in Indonesia, "AWST"
// in Australia), a country or a province ("Kenya time", "Lviv time", "Newfoundland time") or a
// country's adjective ("Finnish time", through WordNet's pertainyms). Both are read from data the service already has (ICU, city-timezones, WordNet)
// rather than from another hand list.

/** The locales whose zone abbreviations people write, each with the zones of its part of the world. */
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

/**
 * The zone an upper-case abbreviation ICU writes ("EAT", "WIB", "AWST") stands for, or null. The
 * table takes a few hundred formatters (about 0.2 s once): warmZoneRegions builds it at start.
 */
export function abbreviationZone(abbreviation: string): string | null {
  if (!abbreviations) {
    const zonesOf = new Map<string, string[]>();
    const zones = Intl.supportedValuesOf('timeZone');
    const instants = [Date.UTC(2027, 0, 15, 12), Date.UTC(2027, 6, 15, 12)];
    for (const [locale, region] of LOCALES)
      for (const zone of zones.filter((z) => region.test(z))) {
        const format = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'short' });
        for (const at of instants) {
          const name = format.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? '';
          if (!/^[A-Z]{2,5}$/.test(name) || name === 'GMT' || name === 'UTC') continue;
          const list = zonesOf.get(name) ?? [];
          if (!list.includes(zone)) list.push(zone);
          zonesOf.set(name, list);
        }
      }
    abbreviations = new Map(
      [...zonesOf].map(([name, list]) => [name, list.sort((a, b) => zonePopulation(b) - zonePopulation(a))[0]]),
    );
  }
  return abbreviations.get(abbreviation) ?? null;
}

/** Builds the abbreviation and country tables, so that no user's first request waits for them. */
export function warmZoneRegions(): void {
  abbreviationZone('EAT');
  countryZones();
}

/** A country whose big cities keep (nearly) all one clock has a zone; one spread over several is asked about. */
const ONE_ZONE_SHARE = 0.9;
const BIG_CITY = 50_000;

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
  const names = new Intl.DisplayNames('en', { type: 'region' });
  for (const c of cityMapping) {
    if (c.pop < BIG_CITY || !c.timezone) continue;
    let region: string | undefined;
    try {
      region = c.iso2 ? names.of(c.iso2) : undefined;
    } catch {
      region = undefined;
    }
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
