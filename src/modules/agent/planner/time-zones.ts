/** Abbreviations and cities people name instead of an IANA zone. Abbreviations follow the zone's DST rules. */
const NAMES: Record<string, string> = {
  utc: 'UTC',
  gmt: 'Europe/London',
  bst: 'Europe/London',
  cet: 'Europe/Berlin',
  cest: 'Europe/Berlin',
  eet: 'Europe/Athens',
  est: 'America/New_York',
  edt: 'America/New_York',
  et: 'America/New_York',
  cst: 'America/Chicago',
  cdt: 'America/Chicago',
  mst: 'America/Denver',
  mdt: 'America/Denver',
  pst: 'America/Los_Angeles',
  pdt: 'America/Los_Angeles',
  pt: 'America/Los_Angeles',
  ist: 'Asia/Kolkata',
  jst: 'Asia/Tokyo',
  aest: 'Australia/Sydney',
  london: 'Europe/London',
  paris: 'Europe/Paris',
  berlin: 'Europe/Berlin',
  madrid: 'Europe/Madrid',
  lisbon: 'Europe/Lisbon',
  amsterdam: 'Europe/Amsterdam',
  'new york': 'America/New_York',
  chicago: 'America/Chicago',
  'los angeles': 'America/Los_Angeles',
  'san francisco': 'America/Los_Angeles',
  tokyo: 'Asia/Tokyo',
  sydney: 'Australia/Sydney',
  singapore: 'Asia/Singapore',
  india: 'Asia/Kolkata',
};

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The IANA zone a request names (an IANA name, an abbreviation or a city), or null. */
export function timeZoneIn(text: string): string | null {
  const iana = /\b([A-Z][A-Za-z]+\/[A-Za-z_]+(?:\/[A-Za-z_]+)?)\b/.exec(text)?.[1];
  if (iana && isTimeZone(iana)) return iana;
  const lower = text.toLowerCase();
  const abbreviation = /\b(utc|gmt|bst|cest|cet|eet|est|edt|et|cst|cdt|mst|mdt|pst|pdt|pt|ist|jst|aest)\b/.exec(lower)?.[1];
  if (abbreviation) return NAMES[abbreviation];
  for (const city of Object.keys(NAMES).filter((k) => k.length > 4 || k.includes(' '))) {
    if (new RegExp(`\\b${city}(?:'s)?\\s+time\\b|\\b(?:in|for) ${city}\\b`).test(lower)) return NAMES[city];
  }
  return null;
}

/** The local wall-clock parts of an instant in a zone. */
export function wallClock(at: Date, timeZone: string): { year: number; month: number; day: number; hour: number; minute: number; weekday: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', weekday: 'short' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday) + 1;
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour), minute: Number(parts.minute), weekday };
}

/** The instant at which a zone's clock shows the given local time (the later one when DST repeats it). */
export function instantOf(year: number, month: number, day: number, hour: number, minute: number, timeZone: string): Date {
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
