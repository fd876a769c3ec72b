import { findCountryDay } from './country-days';

/**
 * Days known by name ("christmas eve", "valentine's day", "easter monday"). A day on a fixed date
 * is read as that date; a movable one (Easter, Thanksgiving, Mother's Day) has a different date
 * each year, and in different countries, so the planner asks for it rather than computing one.
 */

/** An apostrophe said or not: "new year's", "new years", "new year’s". */
const S = String.raw`(?:['’]?s|s['’])?`;

/** Days on the same date each year, as [month, day]. */
const FIXED: ReadonlyArray<readonly [string, number, number]> = [
  [String.raw`christmas eve|xmas eve|x-mas eve`, 12, 24],
  [String.raw`christmas day|xmas day|christmas|xmas`, 12, 25],
  [String.raw`boxing day|st\.? stephen${S} day`, 12, 26],
  [String.raw`new year${S} eve|hogmanay|nye`, 12, 31],
  [String.raw`new year${S} day`, 1, 1],
  [String.raw`epiphany|twelfth night`, 1, 6],
  [String.raw`valentine${S} day|valentine${S}|st\.? valentine${S} day`, 2, 14],
  [String.raw`st\.? david${S} day|saint david${S} day`, 3, 1],
  [String.raw`international women${S} day|women${S} day`, 3, 8],
  [String.raw`st\.? patrick${S} day|saint patrick${S} day|paddy${S} day|st\.? paddy${S} day`, 3, 17],
  [String.raw`april fool${S} day|april fool${S}`, 4, 1],
  [String.raw`st\.? george${S} day|saint george${S} day`, 4, 23],
  [String.raw`may day`, 5, 1],
  [String.raw`bastille day`, 7, 14],
  [String.raw`halloween|hallowe['’]?en`, 10, 31],
  [String.raw`all saints['’]? day`, 11, 1],
  [String.raw`guy fawkes(?: night| day)?|bonfire night`, 11, 5],
  [String.raw`st\.? andrew${S} day|saint andrew${S} day`, 11, 30],
];

/** Days whose date moves from year to year (or from country to country): asked about. */
const MOVABLE = [
  String.raw`easter(?: sunday| monday| day)?`,
  String.raw`good friday`,
  String.raw`holy thursday|maundy thursday`,
  String.raw`ash wednesday`,
  String.raw`pentecost|whit ?(?:sun|mon)day|whitsun`,
  String.raw`ascension day`,
  String.raw`corpus christi`,
  String.raw`carnival|mardi gras|shrove tuesday|pancake day`,
  String.raw`thanksgiving(?: day)?`,
  String.raw`mother${S} day|father${S} day`,
  String.raw`labou?r day|memorial day|presidents${S} day|victoria day`,
  String.raw`(?:chinese|lunar) new year`,
  String.raw`diwali|eid(?: al-fitr| al-adha)?|ramadan|hanukkah|chanukah|rosh hashanah|yom kippur|passover`,
  String.raw`black friday|cyber monday`,
];

/**
 * Names that are common words or a noun's adjective ("the christmas party list", "the easter
 * rota"): a day only after a word that leads to a date ("on christmas", "every halloween"), or
 * with "day"/"eve" said.
 */
const BARE = /^(?:christmas|xmas|valentine|halloween|hallowe|easter|carnival|thanksgiving|eid|passover|ramadan)/;
const LEAD = /\b(?:on|every|each|at|for|by|until|till|before|this|next|over|around|from) $/;
const THING =
  /(?<!\b(?:on|every|each|at|for|by|until|till|before|over|around|from|after) )\b(?:the|our|my|your|their|this|that) $/;

const NAMED = new RegExp(
  String.raw`\b(?:(${FIXED.map(([names]) => names).join(')|(')})|(${MOVABLE.join('|')}))(?![\w'’-])`,
  'g',
);

export type NamedDay = { kind: 'fixed'; month: number; day: number; said: string } | { kind: 'movable'; said: string };

/**
 * The first day named in a (lower-case) request, or null: a day of the organization's country
 * (`country`, its ISO code: "heritage day" in South Africa, "canada day" in Canada) before the
 * days above, which every country's people name alike. One pass of each pattern: linear.
 */
export function readNamedDay(text: string, country?: string | null): NamedDay | null {
  const leads = (at: number) => LEAD.test(text.slice(Math.max(0, at - 8), at));
  // "post the Fiji Day roster", "our Christmas Day rota": after an article with no word leading to
  // a date before it, the day names a thing of the task.
  const names = (at: number) => THING.test(text.slice(Math.max(0, at - 16), at));
  const own = country
    ? findCountryDay(text, country).find((d) => (!d.bare || leads(d.index)) && !names(d.index))
    : undefined;
  for (const m of text.matchAll(NAMED)) {
    const said = m[0];
    const at = m.index ?? 0;
    // The days every country names alike first ("boxing day" is the 26th though one country observes it on the 27th).
    if (own && own.index < at) break;
    const bare = BARE.test(said) && !/\b(?:day|eve|sunday|monday|friday)$/.test(said);
    if ((bare && !leads(at)) || names(at)) continue;
    const fixed = m.slice(1, FIXED.length + 1).findIndex((group) => group !== undefined);
    if (fixed >= 0) return { kind: 'fixed', month: FIXED[fixed][1], day: FIXED[fixed][2], said };
    return { kind: 'movable', said };
  }
  if (!own) return null;
  return own.day ? { kind: 'fixed', ...own.day, said: own.said } : { kind: 'movable', said: own.said };
}
