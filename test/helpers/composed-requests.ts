import fc from 'fast-check';
import { isEnglishWord } from '../../src/modules/agent/language/wordnet';
import type { Plan } from '../../src/modules/agent/planner/plan-request';

// Requests composed from independent parts whose meaning is known (courtesy, frequency, time,
// zone, channel, task, a typo), and the plan each one must be read into. Used by
// test/plan-compose.unit.test.ts. The user is ana@example.com, the organization's zone
// Europe/Paris, "now" Wednesday 2026-11-25 10:00 in Paris.

export const ME = 'ana@example.com';
export const ORG_ZONE = 'Europe/Paris';

/**
 * The fields of a plan a composed request must be read into: the planner's own (Plan), with its
 * enums as the strings they are, "ASK" for a request that must be asked about whatever else is
 * read, and whether the plan asks.
 */
export type Expected = Pick<
  Plan,
  'hour' | 'minute' | 'day' | 'recurrence' | 'date' | 'timeZone' | 'notifyTo' | 'task'
> & {
  frequency: `${Plan['frequency']}` | 'ASK';
  channel: `${Plan['channel']}`;
  /** A person named as the recipient, or null. */
  recipient: NonNullable<Plan['recipient']> | null;
  needsConfirmation: boolean;
};

export interface Composed {
  request: string;
  expect: Expected;
}

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const RRULE = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
const ORDINAL = (n: number) =>
  `${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'}`;
const COUNT_WORDS = ['', '', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

interface Frequency extends Pick<Expected, 'frequency' | 'day' | 'recurrence'> {
  text: string;
  /** The date of a day known by name ("christmas eve"). */
  date?: string;
  /** Its own times ("twice a day at 9am and 5pm"): no time part, and the planner must ask. */
  ownTimes?: boolean;
  /** The plan is right but must still ask (the times of several runs a day). */
  asks?: boolean;
}

const weekday = fc.integer({ min: 1, max: 7 });

/** Days known by name: [name, month, day, the year of the next one]. */
const NAMED_DAYS: ReadonlyArray<readonly [string, number, number, number]> = [
  ['christmas eve', 12, 24, 2026],
  ['christmas day', 12, 25, 2026],
  ['boxing day', 12, 26, 2026],
  ["new year's eve", 12, 31, 2026],
  ["new year's day", 1, 1, 2027],
  ["valentine's day", 2, 14, 2027],
  ['halloween', 10, 31, 2027],
  ["st patrick's day", 3, 17, 2027],
  ["st andrew's day", 11, 30, 2026],
];

const frequency: fc.Arbitrary<Frequency> = fc.oneof(
  fc.constantFrom('every day', 'daily', 'each day').map((text): Frequency => ({
    text,
    frequency: 'DAILY',
    day: null,
    recurrence: 'FREQ=DAILY',
  })),
  fc.constantFrom('every weekday', 'on weekdays', 'Monday to Friday').map((text): Frequency => ({
    text,
    frequency: 'WEEKDAY',
    day: null,
    recurrence: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
  })),
  fc.tuple(weekday, fc.constantFrom('every %', 'weekly on %', 'on %s', 'each %')).map(([d, form]): Frequency => ({
    text: form.replace('%', DAYS[d - 1]),
    frequency: 'WEEKLY',
    day: d,
    recurrence: `FREQ=WEEKLY;BYDAY=${RRULE[d - 1]}`,
  })),
  fc
    .tuple(
      fc.integer({ min: 1, max: 28 }),
      fc.constantFrom('monthly on the %', 'on the % of every month', 'every month on the %'),
    )
    .map(([n, form]): Frequency => ({
      text: form.replace('%', ORDINAL(n)),
      frequency: 'MONTHLY',
      day: n,
      recurrence: `FREQ=MONTHLY;BYMONTHDAY=${n}`,
    })),
  fc.constantFrom('on the last day of every month', 'monthly on the last day').map((text): Frequency => ({
    text,
    frequency: 'MONTHLY',
    day: 31,
    recurrence: 'FREQ=MONTHLY;BYMONTHDAY=-1',
  })),
  fc
    .tuple(weekday, fc.constantFrom('every other week on %', 'every other %', 'on alternate %s'))
    .map(([d, form]): Frequency => ({
      text: form.replace('%', DAYS[d - 1]),
      frequency: 'CUSTOM',
      day: d,
      recurrence: `FREQ=WEEKLY;INTERVAL=2;BYDAY=${RRULE[d - 1]}`,
    })),
  fc.tuple(fc.integer({ min: 2, max: 10 }), fc.boolean()).map(([n, inWords]): Frequency => ({
    text: `every ${inWords ? COUNT_WORDS[n] : n} days`,
    frequency: 'CUSTOM',
    day: null,
    recurrence: `FREQ=DAILY;INTERVAL=${n}`,
  })),
  fc
    .tuple(fc.uniqueArray(fc.integer({ min: 1, max: 28 }), { minLength: 2, maxLength: 3 }), fc.boolean())
    .map(([days, last]): Frequency => {
      const sorted = [...days].sort((a, b) => a - b);
      const said = [...sorted.map(ORDINAL), ...(last ? ['last day'] : [])];
      const list = `${said.slice(0, -1).join(', ')} and ${said.at(-1)}`;
      return {
        text: `on the ${list} of each month`,
        frequency: 'CUSTOM',
        day: null,
        recurrence: `FREQ=MONTHLY;BYMONTHDAY=${[...sorted, ...(last ? [-1] : [])].join(',')}`,
      };
    }),
  fc
    .constantFrom('on the first working day of the month', 'on the first business day of each month')
    .map((text): Frequency => ({
      text,
      frequency: 'CUSTOM',
      day: null,
      recurrence: 'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1',
    })),
  // Misspelt or run together ("evryday"): mended before anything else reads the request.
  fc.constantFrom('evryday', 'everyday', 'evry day', 'dialy').map((text): Frequency => ({
    text,
    frequency: 'DAILY',
    day: null,
    recurrence: 'FREQ=DAILY',
  })),
  // Several days of the month with no month named: each month (never a one-off on the first of them).
  fc.uniqueArray(fc.integer({ min: 1, max: 28 }), { minLength: 2, maxLength: 3 }).map((days): Frequency => {
    const sorted = [...days].sort((a, b) => a - b);
    const said = sorted.map((d) => `the ${ORDINAL(d)}`);
    return {
      text: `on ${said.slice(0, -1).join(', ')} and ${said.at(-1)}`,
      frequency: 'CUSTOM',
      day: null,
      recurrence: `FREQ=MONTHLY;BYMONTHDAY=${sorted.join(',')}`,
    };
  }),
  // Working-day words: weekdays, with nothing of them left in the task.
  fc
    .constantFrom('on working days', 'every business day', 'business days', 'on workdays', 'every working day')
    .map((text): Frequency => ({
      text,
      frequency: 'WEEKDAY',
      day: null,
      recurrence: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
    })),
  // Days known by name: the next one once, or each year with "every" (now is 25 November 2026).
  fc.constantFrom(...NAMED_DAYS).map(([name, month, day, year]): Frequency => ({
    text: `on ${name}`,
    frequency: 'ONCE',
    day: null,
    recurrence: null,
    date: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
  })),
  fc.constantFrom(...NAMED_DAYS).map(([name, month, day, year]): Frequency => ({
    text: `every ${name}`,
    frequency: 'YEARLY',
    day,
    recurrence: `FREQ=YEARLY;BYMONTH=${month};BYMONTHDAY=${day}`,
    date: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
  })),
  // A vague time: once, and when is asked (no time of its own is said).
  fc.constantFrom('sometime this week', 'at some point next week', 'sometime next month').map((text): Frequency => ({
    text,
    frequency: 'ONCE',
    day: null,
    recurrence: null,
    ownTimes: true,
    asks: true,
  })),
  // Several runs a day with no times: CUSTOM, and the times are asked.
  fc.constantFrom('twice a day', 'two times a day', 'twice daily', '3 times a day').map((text): Frequency => ({
    text,
    frequency: 'CUSTOM',
    day: null,
    recurrence: null,
    ownTimes: true,
    asks: true,
  })),
  fc.constantFrom('twice a day at 9am and 5pm', 'twice daily at 08:30 and 16:00').map((text): Frequency => ({
    text,
    frequency: 'ASK',
    day: null,
    recurrence: null,
    ownTimes: true,
  })),
);

interface Time {
  text: string;
  hour: number;
  minute: number;
  /** A compact form ("0800", "830") or an hour its part of the day places: may come with no "at" before it. */
  compact?: boolean;
}

const time: fc.Arbitrary<Time> = fc.oneof(
  // Digits with a meridiem.
  fc
    .tuple(fc.integer({ min: 1, max: 12 }), fc.constantFrom(0, 15, 30, 45), fc.constantFrom('am', 'pm', ' pm', ' a.m.'))
    .map(([h, m, said]) => ({
      text: `${h}${m ? `${said.includes('.') ? ':' : fcSep(h)}${String(m).padStart(2, '0')}` : ''}${said}`,
      hour: (h % 12) + (said.includes('p') ? 12 : 0),
      minute: m,
    })),
  // A 24-hour clock.
  fc.tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 10, 30, 45)).map(([h, m]) => ({
    text: `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`,
    hour: h,
    minute: m,
  })),
  fc.tuple(fc.integer({ min: 13, max: 23 }), fc.constantFrom(0, 30)).map(([h, m]) => ({
    text: `${h}:${String(m).padStart(2, '0')}`,
    hour: h,
    minute: m,
  })),
  // Compact and military forms.
  fc.tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30)).map(([h, m]) => ({
    text: `${String(h).padStart(2, '0')}${String(m).padStart(2, '0')}`,
    hour: h,
    minute: m,
    compact: true,
  })),
  fc.tuple(fc.integer({ min: 7, max: 9 }), fc.constantFrom(15, 30, 45)).map(([h, m]) => ({
    text: `${h}${m}`,
    hour: h,
    minute: m,
    compact: true,
  })),
  fc.tuple(fc.integer({ min: 7, max: 22 }), fc.constantFrom(0, 30)).map(([h, m]) => ({
    text: `${h}h${String(m).padStart(2, '0')}`,
    hour: h,
    minute: m,
  })),
  // Words.
  fc
    .tuple(fc.integer({ min: 1, max: 11 }), fc.constantFrom('in the morning', 'in the afternoon', 'in the evening'))
    .filter(([h, part]) => (part === 'in the afternoon' ? h <= 6 : part === 'in the evening' ? h >= 5 : h >= 5))
    .map(([h, part]) => ({
      text: `${['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven'][h]} ${part}`,
      hour: h + (part === 'in the morning' ? 0 : 12),
      minute: 0,
    })),
  // Digits placed by their part of the day, said with or without "at" ("every business day 4 in the afternoon").
  fc
    .tuple(fc.integer({ min: 1, max: 11 }), fc.constantFrom('in the morning', 'in the afternoon', 'in the evening'))
    .filter(([h, part]) => (part === 'in the afternoon' ? h <= 6 : h >= 5))
    .map(([h, part]) => ({
      text: `${h} ${part}`,
      hour: h + (part === 'in the morning' ? 0 : 12),
      minute: 0,
      compact: true,
    })),
  fc.constantFrom<Time>(
    { text: 'half past seven', hour: 7, minute: 30 },
    { text: 'half past eight in the morning', hour: 8, minute: 30 },
    { text: 'quarter past nine', hour: 9, minute: 15 },
    { text: 'noon', hour: 12, minute: 0 },
    { text: 'midnight', hour: 0, minute: 0 },
    { text: 'seven thirty in the evening', hour: 19, minute: 30 },
  ),
);

/** "9:30" and "9.30" both. */
function fcSep(hour: number): string {
  return hour % 2 ? ':' : '.';
}

interface Zone {
  text: string;
  zone: string;
}

const zone: fc.Arbitrary<Zone | null> = fc.option(
  fc.oneof(
    fc.constantFrom<Zone>(
      { text: 'Europe/Berlin', zone: 'Europe/Berlin' },
      { text: 'America/New_York', zone: 'America/New_York' },
      { text: 'Asia/Tokyo', zone: 'Asia/Tokyo' },
      { text: 'CET', zone: 'Europe/Berlin' },
      { text: 'EST', zone: 'America/New_York' },
      { text: 'PST', zone: 'America/Los_Angeles' },
      { text: 'JST', zone: 'Asia/Tokyo' },
      { text: 'UTC', zone: 'UTC' },
      { text: 'Zulu', zone: 'UTC' },
      { text: 'Zulu time', zone: 'UTC' },
      { text: 'München time', zone: 'Europe/Berlin' },
      { text: 'Zürich time', zone: 'Europe/Zurich' },
      { text: 'Lisboa time', zone: 'Europe/Lisbon' },
      { text: 'Wien time', zone: 'Europe/Vienna' },
      { text: 'Milano time', zone: 'Europe/Rome' },
      { text: 'US Eastern', zone: 'America/New_York' },
      { text: '(US Eastern)', zone: 'America/New_York' },
      { text: 'US Pacific time', zone: 'America/Los_Angeles' },
      { text: 'Pacific', zone: 'America/Los_Angeles' },
      { text: 'Hawaii time', zone: 'Pacific/Honolulu' },
      { text: 'Queensland time', zone: 'Australia/Brisbane' },
      // Cities of the gazetteer (city-timezones) before "time".
      { text: 'Cape Town time', zone: 'Africa/Johannesburg' },
      { text: 'Nairobi time', zone: 'Africa/Nairobi' },
      { text: 'Porto Alegre time', zone: 'America/Sao_Paulo' },
      { text: 'Lagos time', zone: 'Africa/Lagos' },
      { text: 'Karachi time', zone: 'Asia/Karachi' },
      { text: '+0530', zone: 'Asia/Kolkata' },
      { text: 'UTC+05:30', zone: 'Asia/Kolkata' },
    ),
    // Whole-hour offsets in every notation: a fixed-offset zone (Etc/GMT has the sign inverted).
    fc
      .tuple(
        fc.integer({ min: -12, max: 14 }).filter((h) => h !== 0),
        fc.constantFrom('UTC%', 'GMT%', 'UTC %', 'GMT%:00', '(UTC%)', 'utc%'),
        fc.constantFrom('-', '−'),
      )
      .map(([h, form, minus]) => {
        const sign = h < 0 ? minus : '+';
        const digits = form.includes(':00') ? String(Math.abs(h)).padStart(2, '0') : String(Math.abs(h));
        return {
          text: form.replace('%', `${sign}${digits}`),
          zone: `Etc/GMT${h > 0 ? '-' : '+'}${Math.abs(h)}`,
        };
      }),
  ),
  { freq: 3 },
);

const TASKS = [
  'the overdue tasks',
  'the incident count',
  'the failed imports',
  'the new hires',
  'a summary of open reviews',
  'the headcount by department',
  'the list of expiring contracts',
  'the pending approvals',
  'the on-call rota',
  'the sales numbers',
  'the open support tickets',
  'the staff anniversaries',
  // Numbers and weekdays that are the task's, never its schedule.
  'the invoices over 500 euros',
  'the 2025 budget',
  'the top 100 accounts',
  'the list of people starting monday',
  "Friday's numbers",
  'the tasks due thursday',
];

interface Channel extends Pick<Expected, 'channel' | 'notifyTo'> {
  /** With `%` where the task goes. */
  text: string;
  recipient?: string;
}

const channel: fc.Arbitrary<Channel> = fc.constantFrom<Channel>(
  { text: 'email me %', channel: 'EMAIL', notifyTo: ME },
  { text: 'send me %', channel: 'EMAIL', notifyTo: ME },
  { text: 'e-mail me %', channel: 'EMAIL', notifyTo: ME },
  { text: 'email % to bob@example.com', channel: 'EMAIL', notifyTo: 'bob@example.com' },
  { text: 'send % to ops-team@example.org', channel: 'EMAIL', notifyTo: 'ops-team@example.org' },
  { text: 'I want % to be emailed to carol@example.com', channel: 'EMAIL', notifyTo: 'carol@example.com' },
  // A person by name: the directory gives the address when the plan is made (test/plan-recipient.test.ts).
  { text: 'email Tom %', channel: 'EMAIL', notifyTo: null, recipient: 'Tom' },
  { text: 'send % to Maria Santos', channel: 'EMAIL', notifyTo: null, recipient: 'Maria Santos' },
  { text: 'mail my manager %', channel: 'EMAIL', notifyTo: null, recipient: 'my manager' },
  // In lower case, without the directory's accents, in capitals: still a name (never the task's).
  { text: 'email katrin %', channel: 'EMAIL', notifyTo: null, recipient: 'katrin' },
  { text: 'mail marta %', channel: 'EMAIL', notifyTo: null, recipient: 'marta' },
  { text: 'email Etienne %', channel: 'EMAIL', notifyTo: null, recipient: 'Etienne' },
  { text: 'mail étienne gagnon %', channel: 'EMAIL', notifyTo: null, recipient: 'étienne gagnon' },
  { text: 'send JOÃO %', channel: 'EMAIL', notifyTo: null, recipient: 'JOÃO' },
  // A verb that asks for the result to be made is the request's, as "send" is.
  { text: 'generate %', channel: 'NONE', notifyTo: null },
  { text: 'compile %', channel: 'NONE', notifyTo: null },
  { text: 'prepare %', channel: 'NONE', notifyTo: null },
  { text: 'pull %', channel: 'NONE', notifyTo: null },
  // Retrieval verbs name no channel.
  { text: 'give me %', channel: 'NONE', notifyTo: null },
  { text: 'show me %', channel: 'NONE', notifyTo: null },
  // A colleague in lower case after "forward … to": the directory gives the address.
  { text: 'forward % to marta', channel: 'EMAIL', notifyTo: null, recipient: 'marta' },
  { text: 'forward % to katrin', channel: 'EMAIL', notifyTo: null, recipient: 'katrin' },
  { text: 'post % in #ops', channel: 'CHAT', notifyTo: '#ops' },
  { text: 'share % in #eng-leads', channel: 'CHAT', notifyTo: '#eng-leads' },
  { text: 'ping me with %', channel: 'IMMEDIATE', notifyTo: null },
  { text: 'DM me %', channel: 'IMMEDIATE', notifyTo: null },
  { text: 'text me %', channel: 'IMMEDIATE', notifyTo: null },
);

const courtesy = fc.constantFrom(
  '',
  '',
  'hey',
  'please',
  'could you',
  'Good afternoon,',
  'Morning!',
  'hi team,',
  'Hello!',
);
const thanks = fc.constantFrom('', '', 'thanks!', 'thank you.', 'please.', 'cheers');

/**
 * One edit a reader of schedules can mend: two inner letters swapped, or one left out, in the
 * first weekday name or "every"; never when the result is an English word of its own.
 */
function typo(text: string, at: number, swap: boolean): string {
  const m = /\b(every|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/i.exec(text);
  if (!m) return text;
  const word = m[1];
  const i = 1 + (at % (word.length - 2));
  const wrong = swap
    ? word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2)
    : word.slice(0, i) + word.slice(i + 1);
  if (wrong.toLowerCase() === word.toLowerCase() || isEnglishWord(wrong.toLowerCase())) return text;
  return text.slice(0, m.index) + wrong + text.slice(m.index + word.length);
}

/** The orders the parts come in: F frequency, T "at" time, Z zone, C channel with the task. */
const ORDERS = [
  '{pre} {F} at {T} {Z} {C} {post}',
  '{pre} {C} {F} at {T} {Z} {post}',
  '{pre} at {T} {Z} {F} {C} {post}',
  '{pre} {C} at {T} {Z} {F} {post}',
  '{pre} {F}, {C} at {T} {Z} {post}',
  '{pre} {F} at {T} {Z} - {C} {post}',
  '{pre} {F} at {T} {Z}: {C} {post}',
  // A compact time next to the schedule with no "at" ("daily 0800", "every thursday 0900,").
  '{pre} {F} {T} {Z} {C} {post}',
  '{pre} {F}, {T} {Z}, {C} {post}',
  '{pre} {C} {F} {T} {Z} {post}',
];
/** Orders with no "at": only for compact times. */
const BARE = (order: string) => !order.includes('at {T}');

export const composedRequest: fc.Arbitrary<Composed> = fc
  .record({
    pre: courtesy,
    post: thanks,
    frequency,
    time,
    zone,
    channel,
    task: fc.constantFrom(...TASKS),
    order: fc.constantFrom(...ORDERS),
    typo: fc.option(fc.tuple(fc.nat(), fc.boolean()), { freq: 3 }),
  })
  .map((p) => {
    let f = p.frequency.text;
    if (p.typo) f = typo(f, p.typo[0], p.typo[1]);
    // With no "at", only a compact time is a time ("daily 0800"); other forms take the usual order.
    let order = BARE(p.order) && !p.time.compact ? ORDERS[0] : p.order;
    // A frequency with its own times has no time part.
    if (p.frequency.ownTimes) order = order.replace(/(?:at )?\{T\},? /, '');
    const request = order
      .replace('{pre}', p.pre)
      .replace('{post}', p.post)
      .replace('{F}', f)
      .replace('{T}', p.time.text)
      // A zone goes with a time: with none said ("twice a day"), none is.
      .replace('{Z}', p.frequency.asks ? '' : (p.zone?.text ?? ''))
      .replace('{C}', p.channel.text.replace('%', p.task))
      .replace(/\s+/g, ' ')
      .replace(/ ([,:])/g, '$1')
      .trim();
    const expect: Expected = {
      frequency: p.frequency.frequency,
      hour: p.frequency.ownTimes ? null : p.time.hour,
      minute: p.frequency.ownTimes ? null : p.time.minute,
      day: p.frequency.day,
      recurrence: p.frequency.recurrence,
      date: p.frequency.date ?? null,
      timeZone: (!p.frequency.asks && p.zone?.zone) || ORG_ZONE,
      channel: p.channel.channel,
      notifyTo: p.channel.notifyTo,
      recipient: p.channel.recipient ?? null,
      needsConfirmation: !!p.frequency.ownTimes,
      task: p.task,
    };
    return { request, expect };
  });

/** A task as compared: lower case, without the marks around it. */
export const normalTask = (task: string) =>
  task
    .toLowerCase()
    .replace(/^[^\p{L}\p{N}#@]+|[^\p{L}\p{N}]+$/gu, '')
    .trim();
