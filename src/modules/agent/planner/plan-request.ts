import { trimEndOf } from '../../../common/trim-end';
import { ACTION, withBareVerbAfterFrame, withoutCourtesy, withoutRequestFrame } from './courtesy';
import { NotificationChannel, SCHEDULED, ScheduleFrequency } from './plan-enums';
import { type DaysReading, readDays, readMonthDays } from './read-days';
import { AmbiguousDate, type DateReading, NotADate, readDate } from './read-date';
import { readDelivery } from './read-delivery';
import { NotATime, readTime, type TimeReading } from './read-time';
import { planningProblem } from './next-run';
import { MAX_YEARS, MIN_MINUTES } from './schedule-limits';
import { monthDayParts, RRULE_DAYS, type RuleParts, ruleText } from './recurrence';
import { mendScheduleWords } from './schedule-words';
import { readZone, wallClock } from './time-zones';
import { partOfDayInName, periodWordInName } from './task-names';
import { escapeRegExp } from '../../../common/escape-reg-exp';
import { foldName } from '../../../common/fold-name';

/** What the planner understood of a request (the assignment's fields, before they become a response). */
export interface Plan {
  /** The request without its schedule and delivery words: what each run does. */
  task: string;
  frequency: ScheduleFrequency;
  hour: number | null;
  minute: number | null;
  /** ISO weekday 1-7 (WEEKLY, a CUSTOM or ONCE on one weekday) or day of month 1-31 (MONTHLY, QUARTERLY, YEARLY). */
  day: number | null;
  /** The RRULE the workflow follows (recurring plans). */
  recurrence: string | null;
  /** The local date, YYYY-MM-DD: the run of a ONCE, the named date of a YEARLY. */
  date: string | null;
  timeZone: string;
  channel: NotificationChannel;
  notifyTo: string | null;
  /** Details the user must still give; the plan is not scheduled until they are. */
  missing: string[];
  /** Why the request cannot be scheduled (INVALID or NONE). */
  problem: string | null;
  /** A person named as the recipient ("email Tom"): the directory gives notifyTo (recipient.ts). */
  recipient?: string | null;
}

export interface PlanContext {
  /** The zone when the request names none: the organization's, else UTC. */
  timeZone: string;
  /** The user's e-mail address, for "email me". */
  email: string | null;
  /** The instant "today" and "in 2 hours" count from; now by default. */
  now?: Date;
  /**
   * The directory's names among the request's words (folded full and first names of active
   * employees, read by the service): a name in any case right after a sending verb is then a
   * recipient ("email eilidh boats out of service"), which the words alone cannot tell.
   */
  people?: ReadonlySet<string>;
}

/** Words that ask for something to be done: courtesy.ts holds them, as courtesy is read by them. */
export { ACTION };

const NUMBERS: Record<string, number> = {
  other: 2,
  second: 2,
  alternate: 2,
  '2nd': 2,
  two: 2,
  three: 3,
  third: 3,
  '3rd': 3,
  four: 4,
  fourth: 4,
  '4th': 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  'forty-five': 45,
};
const WEEK: readonly number[] = [1, 2, 3, 4, 5];
const ORDINAL_WORDS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
  thirteenth: 13,
  fourteenth: 14,
  fifteenth: 15,
  sixteenth: 16,
  seventeenth: 17,
  eighteenth: 18,
  nineteenth: 19,
  twentieth: 20,
  thirtieth: 30,
};
const TENS: Record<string, number> = { twenty: 20, thirty: 30 };
/**
 * A day of the month in words after "the" where a date ends ("the twenty-eighth of", "the fifth at
 * 9"): "the third quarter", "the first Monday" stay words (read-days reads the latter).
 */
const ORDINAL_DAY = new RegExp(
  String.raw`\bthe (?:(twenty|thirty)[- ])?(${Object.keys(ORDINAL_WORDS).join('|')})(?= (?:of|and|at|every|each|day|in|on)\b|[,.;!]|$)`,
  'g',
);
function ordinalDay(_said: string, ten: string | undefined, unit: string): string {
  const n = (ten ? TENS[ten.toLowerCase()] : 0) + ORDINAL_WORDS[unit.toLowerCase()];
  const suffix =
    n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th';
  return `the ${n}${suffix}`;
}
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const WORKING_DAYS = /\b(?:week ?days?|working days?|business days?|work ?days?|m-f)\b/;
/** A time said so vaguely that any reading would be a guess. */
const VAGUE =
  /\b(?:some ?time(?: (?:this|next) (?:week|month)| soon)?|at some point(?: (?:this|next) (?:week|month)| soon)?|one of these days|whenever|sooner or later|(?<!\b(?:no|or) )later(?! today\b)|(?<!\bas )soon(?! as\b)|in a while|eventually)\b/i;
/** What is asked when several times of day are said: which one this workflow runs at. */
const ONE_TIME_OF_DAY = 'one time of day';
/** Several runs a week ("twice a week", "3 times per week"). */
const TIMES_A_WEEK = /\b(?:twice|(?:two|three|four|2|3|4|several|multiple) times) (?:a |per |each |every )?week\b/;
/** Several runs a day ("twice a day", "3 times daily"): one workflow cannot keep them. */
const TIMES_A_DAY =
  /\b(?:twice|(?:two|three|four|2|3|4|several|multiple) times) (?:a |per |each |every )?(?:day|daily)\b|\btwice daily\b/;
/**
 * A part of the day that names something of the task ("the night shift headcount", "our morning
 * briefing notes", "sites with night surveys", "the Sunday night alarm log", "on the night shift
 * roster", "from the morning sailing", "the next morning's plan"): after "the", "my" or "with" (not
 * "in the" or "at the"), a weekday between, and before a word of the task or "'s", it is no time.
 */
const PART_OF_DAY_NAMING =
  /(?<!\b(?:in|at|during|through|by|until|till|since|every|each) )\b(the|my|our|your|their|today's|tonight's|next|with|of|for)(\s+(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day\s+)?)(morning|afternoon|evening|night)(?=\s+(?!(?:of|at|on|in|and|or|to|for|by|with|from|until|till|before|after|please|thanks|me|us|every|each|daily)\b)\p{L}|['’]s\b)/giu;
/**
 * A part of the day between two words of a name with no "the" before it ("the unstaffed night
 * shifts", "dm me quiz night signups"): a word that is no preposition, pronoun or word of time
 * before it, a noun that is no word of delivery or time after it.
 */
const PART_OF_DAY_INSIDE = /\b(\p{L}{2,30}) (morning|afternoon|evening|night) (\p{L}{2,30})\b/giu;
/** A greeting: at the start, or "good morning" anywhere. */
const GREETING = /^\s*(?:morning|afternoon|evening)\s*[!,.]+|\bgood (?:morning|afternoon|evening|day)\b[!,.]*/;
/**
 * An e-mail address. It starts where no character of one is before it: tried at every character
 * of a long run of them (no "@" after), the run would be read again from each, quadratic in its length.
 */
const ADDRESS = /(?<![\w.+-])[\w.+-]+@[\w-]+\.[\w.-]+/;
const ADDRESSES = /(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
/**
 * The longest request the planner reads, in characters. Requests to schedule are a sentence or
 * two; reading costs grow with length (every unknown word is measured against the vocabulary),
 * and a conversation's request with its details may join 40 messages of 10,000 characters.
 */
export const MAX_REQUEST = 1_000;

interface Readings {
  text: string;
  time: TimeReading | null;
  /** Times of day said: more than one is asked about. */
  times: number;
  /** The words of a second time of day ("at 9am and 5pm": "5pm"), kept out of the task. */
  otherTime: string[];
  date: DateReading | null;
  /** A date said so that it could be two ("12/05"): what to ask. */
  unclearDate: string | null;
  /** The words of that date ("12/05", "easter monday"): asked about, so not the task's. */
  unclearSaid: string | null;
  days: DaysReading;
  monthDays: ReturnType<typeof readMonthDays>;
  today: ReturnType<typeof wallClock>;
}

/**
 * Reads a request such as "every Monday at 9am email me the overdue tasks" into a plan: the
 * schedule (frequency and its rule, time, day, date, zone), the completion notification and the
 * task. Schedule words are mended first (spelling, words run together); dates are read by
 * chrono-node, rules written as RRULE. It only takes what the words say: a missing time or day,
 * an unknown zone, or a word that looks like schedule language and cannot be read is asked
 * about; an impossible time or date is INVALID with the reason. It never guesses.
 */
export function planRequest(request: string, context: PlanContext): Plan {
  const original = request.replace(/\s+/g, ' ').trim();
  if (original.length > MAX_REQUEST) {
    const long: Plan = {
      task: original.slice(0, 200),
      frequency: ScheduleFrequency.NONE,
      hour: null,
      minute: null,
      day: null,
      recurrence: null,
      date: null,
      timeZone: context.timeZone,
      channel: NotificationChannel.NONE,
      notifyTo: null,
      missing: [],
      problem: null,
    };
    return invalid(
      long,
      `That request is longer than the ${MAX_REQUEST} characters I read to plan one. Say what to do and when in a shorter message.`,
    );
  }
  const spelled = mendScheduleWords(original);
  // Thanks, greetings and sign-offs hold no task: gone before anything is read ("Danke" is no misspelt "daily").
  // "would you mind emailing me …": the verb after a frame that takes "-ing" is read as the verb.
  const polite = withBareVerbAfterFrame(withoutCourtesy(spelled.text));
  const mended = { text: polite, unsure: spelled.unsure.filter((w) => polite.toLowerCase().includes(w)) };
  const text = mended.text.toLowerCase();
  const zone = readZone(mended.text);
  const plan: Plan = {
    task: original,
    frequency: ScheduleFrequency.NONE,
    hour: null,
    minute: null,
    day: null,
    recurrence: null,
    date: null,
    timeZone: zone.zone ?? context.timeZone,
    channel: NotificationChannel.NONE,
    notifyTo: null,
    missing: [],
    problem: null,
  };
  if (zone.problem) return invalid(plan, zone.problem);
  // A channel or an address says what to do with the result even without a verb ("tmrw 9am standup notes to #eng").
  const target = /#[\w-]+/.test(text) || ADDRESS.test(text);
  const noTask = (text.match(/[a-z]{2,}/g) ?? []).length < 2 || !(ACTION.test(text) || target);
  // Addresses, channels and zone names hold digits and words that are not the schedule's; "the
  // weekly report" names a report ("send me a weekly report" asks for one each week).
  let scan = text
    .replace(
      /\b(?:the|my|our|your|their|this|last|that|today's|yesterday's)( (?:daily|weekly|monthly|quarterly|yearly|annual|nightly|hourly))(?= [a-z])/g,
      ' the',
    )
    .replace(ADDRESSES, ' ')
    .replace(/#[\w-]+/g, ' ')
    .replace(zone.words?.toLowerCase() ?? '\u0000', ' ')
    // "Good afternoon,", "Morning!": a greeting says when it is written, not when to run.
    .replace(GREETING, ' ')
    // "the night shift roster": the part of the day names the roster, it says no time.
    .replace(PART_OF_DAY_NAMING, '$1$2')
    .replace(PART_OF_DAY_INSIDE, (said: string, ...parts: string[]) =>
      partOfDayInName(parts[0], parts[2]) ? `${parts[0]} ${parts[2]}` : said,
    )
    // "the twenty-eighth": a day of the month in words, read as "the 28th".
    .replace(ORDINAL_DAY, ordinalDay);
  let readings: Readings;
  // "to trinh thu trang": a name of the directory's holds no schedule ("thu" is no Thursday there).
  scan = withoutNames(scan, context.people);
  try {
    readings = read(scan, context.now ?? new Date(), plan.timeZone);
  } catch (error) {
    if (error instanceof NotATime || error instanceof NotADate) return invalid(plan, error.message);
    throw error;
  }
  if (readings.time) Object.assign(plan, { hour: readings.time.hour, minute: readings.time.minute });
  const contradiction = contradictionIn(readings) ?? periodProblem(readings.text);
  if (contradiction) return invalid(plan, contradiction);
  if (readings.date?.relative) once(plan, readings);
  else schedule(plan, readings);
  const now = context.now ?? new Date();
  const outOfRange = SCHEDULED.has(plan.frequency)
    ? planningProblem({ ...plan, interval: null, anchor: now }, now)
    : null;
  if (outOfRange) return invalid(plan, outOfRange);
  const past = passed(plan, readings);
  if (past) return invalid(plan, past);
  const delivery = readDelivery(text, mended.text, context.email, context.people);
  plan.channel = delivery.channel;
  plan.notifyTo = delivery.notifyTo;
  plan.recipient = delivery.recipient ?? null;
  if (readings.unclearDate) plan.missing.push(readings.unclearDate);
  // Several times a day: none is kept until the user says which one this workflow runs at.
  if (readings.time && (readings.times > 1 || TIMES_A_DAY.test(text))) {
    // "twice a day at 9 and 5" says several runs a day, CUSTOM as "twice a day" with no times is;
    // "every day at 9 and 5" stays DAILY, asked which time.
    const several = plan.frequency === ScheduleFrequency.DAILY && TIMES_A_DAY.test(text);
    const frequency = several ? ScheduleFrequency.CUSTOM : plan.frequency;
    Object.assign(plan, { hour: null, minute: null, frequency });
    plan.missing.push(
      `${ONE_TIME_OF_DAY}: a workflow runs once at each time it is given, so several times a day need a workflow for each (say the first time here, and ask again for the others)`,
    );
  }
  // "email daniela the list": a name the recipient reading placed is no misspelt "daily".
  // "who reports to Tendai": a word written with a capital inside the sentence, or a name of the
  // directory's, is a name, not a misspelt schedule word.
  const named = [
    ...(plan.recipient?.toLowerCase().split(' ') ?? []),
    ...[...original.matchAll(/(?<=[\p{L}\d,] )\p{Lu}\p{Ll}+/gu)].map((m) => m[0].toLowerCase()),
  ];
  const unsure = mended.unsure.filter((w) => !named.includes(w) && !context.people?.has(foldName(w)));
  const vague = askForWhatIsMissing(plan, delivery.missing, zone.unknown, unsure);
  // "daily at 8 ping me who is off sick today": with a schedule that recurs, "today" is each run's day, the task's word.
  const recurring = SCHEDULED.has(plan.frequency) && plan.frequency !== ScheduleFrequency.ONCE;
  const dateWords = (readings.date?.words ?? []).filter((w) => !(recurring && TODAY.test(w)));
  plan.task = taskOf(
    mended.text.replace(new RegExp(ORDINAL_DAY.source, 'gi'), ordinalDay),
    plan.channel,
    recurring,
    [
      vague ?? '',
      ...(readings.time?.words ?? []),
      ...readings.otherTime,
      ...dateWords,
      readings.unclearSaid ?? '',
      ...readings.days.words,
      ...readings.monthDays.words,
      ...delivery.words,
      zone.words ?? '',
    ],
    !!delivery.missing,
  );
  // "every monday at 9", "schedule something every friday": a schedule with nothing to do asks what to do.
  if (noTask || NOTHING_TO_DO.test(plan.task)) return withoutTask({ ...plan, task: plan.task || original });
  const leftover = LEFTOVER.exec(plan.task);
  if (leftover && SCHEDULED.has(plan.frequency))
    plan.missing.push(
      `what “${leftover[0]}” means here: it reads like a schedule, a zone or a delivery I could not place`,
    );
  return plan;
}

/**
 * Schedule or delivery language left in a task after every part was read ("at 9pm" said twice,
 * "GMT", "every fortnite"): asked about, never guessed. Named things keep their words ("the weekly
 * report", "Monday's numbers").
 */
const LEFTOVER =
  /\b\d{1,2}(?::\d{2})?\s?[ap]\.?m\b\.?|\b\d{1,2}:\d{2}\b|\b(?:utc|gmt)\b|(?<!\b(?:the|my|our|your|their|this|last|that|next) )\b(?:every|each) (?:day|week|month|morning|evening|night|monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\b|(?<!\b(?:the|my|our|your|their|this|last|that|next|of|on|for|from|since|by|until|till|before|after|starting|start|due|through|beginning|joining|leaving) )\b(?:mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?)\b(?!['’])/i;

/**
 * A bare hour joined to the time just read ("at 9 and 5", "at 8, 12 and 4"): a second time of the
 * day, which alone would read as a number of the task. Its words, or null.
 */
function secondHour(text: string, time: TimeReading): string | null {
  const last = time.words[time.words.length - 1]?.toLowerCase();
  const at = last ? text.indexOf(last) : -1;
  if (at < 0) return null;
  // "at 8, 12 and 4": each hour joined on; bounded by the text's length, each step takes some of it.
  let said = '';
  for (let next = AND_HOUR.exec(text.slice(at + last.length)); next && Number(next[1]) <= 23;) {
    said += next[0];
    next = AND_HOUR.exec(text.slice(at + last.length + said.length));
  }
  return said || null;
}
const AND_HOUR =
  /^\s*(?:and|&|,|or)\s*(?:at\s+)?(\d{1,2})(?:[:.h]\d{2})?(?:\s*(?:[ap]\.?m\b\.?|o['’]?clock\b))?(?!\s*(?:%|st|nd|rd|th|min|hours?|hrs?|days?|weeks?|months?|years?|people|employees|times|x|kg|km|m)\b)(?![\d:./-])/;

/** The time first (this reader knows more ways to write one), then the date in what is left, then the days. */
function read(scan: string, now: Date, timeZone: string): Readings {
  let rest = scan;
  const without = (words: readonly string[]) => {
    for (const w of words) rest = rest.replace(w.toLowerCase(), ' ');
  };
  let time = readTime(rest);
  const second = time && secondHour(rest, time);
  without([...(time?.words ?? []), ...(second ? [second] : [])]);
  let date: DateReading | null = null;
  let unclearDate: string | null = null;
  let unclearSaid: string | null = null;
  try {
    date = readDate(rest, now, timeZone);
  } catch (error) {
    if (!(error instanceof AmbiguousDate)) throw error;
    unclearDate = error.message;
    unclearSaid = error.said;
    without([error.said]);
  }
  without(date?.words ?? []);
  if (date?.time && !time) time = { ...date.time, words: [] };
  const monthDays = readMonthDays(rest);
  const impossible = monthDays.days.find((day) => day < 1 || day > 31);
  if (impossible !== undefined)
    throw new NotADate(`the ${impossible}${impossible === 32 ? 'nd' : 'th'} is not a day of the month.`);
  // "on the 23rd … the staff flying home for Christmas": with a day of the month said, a day known
  // by name that the task leads to is the task's.
  const named = date?.monthDay && date.words[0].toLowerCase();
  if (
    named &&
    monthDays.days.length &&
    new RegExp(`\\b(?:for|before|until|till|over|around|after) ${escapeRegExp(named)}`).test(scan)
  )
    date = null;
  // "at 9am and 5pm": a second time of day is never dropped silently. Read once the dates and days
  // of the month are out, so that "the 23rd" is no time.
  const other = time ? readTime(monthDays.words.reduce((left, w) => left.replace(w.toLowerCase(), ' '), rest)) : null;
  const times = time ? 1 + (other || second ? 1 : 0) : 0;
  return {
    text: scan,
    time,
    times,
    otherTime: [...(other?.words ?? []), ...(second ? [second] : [])],
    date,
    unclearDate,
    unclearSaid,
    // A date said ("on christmas day") or a vague time gives the schedule: "starting monday" is then the task's.
    days: readDays(rest, !!date || VAGUE.test(rest)),
    monthDays,
    today: wallClock(now, timeZone),
  };
}

/**
 * The text with the directory's names of two words or more that it holds blanked out, compared
 * word by word with accents aside ("Trịnh Thu Trang" is "trinh thu trang"). Names of one word stay:
 * a first name may be a word of the schedule too ("May").
 */
function withoutNames(text: string, people: ReadonlySet<string> | undefined): string {
  const names = [...(people ?? [])].filter((n) => n.includes(' ')).map((n) => n.split(' '));
  if (!names.length) return text;
  const words = [...text.matchAll(/[\p{L}'’-]+/gu)].map((m) => ({
    at: m.index ?? 0,
    word: m[0],
    folded: foldName(m[0]),
  }));
  let out = text;
  for (let i = 0; i < words.length; i++)
    for (const name of names) {
      if (!name.every((part, k) => words[i + k]?.folded === part)) continue;
      const last = words[i + name.length - 1];
      const end = last.at + last.word.length;
      out = out.slice(0, words[i].at) + ' '.repeat(end - words[i].at) + out.slice(end);
    }
  return out;
}

/** A task that names no work: a verb of planning and a word that stands for anything. */
const NOTHING_TO_DO =
  /^(?:(?:schedule|set up|setup|plan|do|run|create|add|make|book|post|send|share|e-?mail|message|ping|notify|forward)(?: |$))?(?:something|anything|stuff|things?|a thing|it|this|that|a task|a job|a workflow|one)?(?: (?:for|on|at|in|by|from))?$|^set (?:something|anything|it|this|that|a thing|stuff) up(?: (?:for|on|at|in|by|from))?$/i;
const NO_TASK =
  'I could not find a task to schedule in that request. Say what to do and when, for example “every Monday at 9am email me my overdue tasks”.';

/** The problem of a schedule said with no work ("every Monday at 9", "at 7:15am"). */
export const SCHEDULE_WITHOUT_TASK =
  'That says when to run but not what to do: say what the workflow should do, for example “every Monday at 9am email me my overdue tasks”.';

/**
 * A request with no work in it: refused, and when it said a schedule, the plan asks what each run
 * should do (never a task named "something").
 */
function withoutTask(plan: Plan): Plan {
  if (!SCHEDULED.has(plan.frequency)) return invalid({ ...plan, missing: [] }, NO_TASK);
  return invalid(
    { ...plan, missing: ['what each run should do (for example “email me the overdue tasks”)'] },
    SCHEDULE_WITHOUT_TASK,
  );
}

/** The plan refused: INVALID, with no schedule, and the reason to tell the user. */
/** Whether the plan waits for the one time of day a request with several of them runs at. */
export const asksOneTimeOfDay = (plan: Plan) => plan.missing.some((m) => m.startsWith(ONE_TIME_OF_DAY));

/** The one time of day a message names ("make it 5pm", "9:30"); null for none, several or an impossible one. */
export function oneTimeIn(message: string): TimeReading | null {
  try {
    const text = message.toLowerCase();
    const time = readTime(text);
    if (!time) return null;
    const rest = time.words.reduce((left, w) => left.replace(w.toLowerCase(), ' '), text);
    return readTime(rest) ? null : time;
  } catch (error) {
    if (error instanceof NotATime) return null;
    throw error;
  }
}

/** Whether a message says any time of day, possible or not. */
export function saysATime(message: string): boolean {
  try {
    return readTime(message.toLowerCase()) !== null;
  } catch (error) {
    if (error instanceof NotATime) return true;
    throw error;
  }
}

/**
 * The plan of a request that said several times a day, once the user's answer names one: the
 * answer's time replaces the request's (read together, the request would still say several, and
 * the question would never settle).
 */
export function withOneTimeOfDay(plan: Plan, time: { hour: number; minute: number }): Plan {
  if (!asksOneTimeOfDay(plan)) return plan;
  const missing = plan.missing.filter((m) => !m.startsWith(ONE_TIME_OF_DAY));
  // One run a day again: every day is DAILY.
  const daily = plan.frequency === ScheduleFrequency.CUSTOM && plan.recurrence === 'FREQ=DAILY';
  const frequency = daily ? ScheduleFrequency.DAILY : plan.frequency;
  return { ...plan, frequency, hour: time.hour, minute: time.minute, missing };
}

export function invalid(plan: Plan, problem: string): Plan {
  return {
    ...plan,
    frequency: ScheduleFrequency.INVALID,
    hour: null,
    minute: null,
    day: null,
    recurrence: null,
    date: null,
    problem,
  };
}

const byDay = (days: readonly number[]) => days.map((d) => RRULE_DAYS[d - 1]);
const sameDays = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((d, i) => d === b[i]);

/** The frequency, its rule, the day and the date, from what was read. The first rule that applies wins. */
function schedule(plan: Plan, r: Readings): void {
  const { text, days, monthDays, date } = r;
  const set = (frequency: ScheduleFrequency, parts: RuleParts | null, day: number | null = null) => {
    plan.frequency = frequency;
    plan.recurrence = parts ? ruleText(parts) : null;
    plan.day = day;
  };
  const oneDay = days.weekdays.length === 1 ? days.weekdays[0] : null;
  const interval =
    /\b(?:every|each) (other|second|alternate|2nd|third|3rd|fourth|4th|\d+|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty|forty-five) (minute|min|hour|day|week|month)s?\b/.exec(
      text,
    );
  const every = interval ? (NUMBERS[interval[1]] ?? Number(interval[1])) : 1;
  if (interval && /^min/.test(interval[2])) return set(ScheduleFrequency.CUSTOM, { freq: 'MINUTELY', interval: every });
  if (/\bhourly\b|\b(?:every|each|once an?) hour\b/.test(text) || interval?.[2] === 'hour')
    return set(ScheduleFrequency.CUSTOM, { freq: 'HOURLY', interval: every });
  // "twice a day" with no times: several runs a day, whose times are asked (never one run a day).
  if (TIMES_A_DAY.test(text) && !r.time) {
    plan.missing.push('the times of day of the runs (for example “at 9am and 5pm”)');
    return set(ScheduleFrequency.CUSTOM, null);
  }
  // "twice a week" naming fewer days than it counts: several days a week, which are asked.
  if (TIMES_A_WEEK.test(text) && days.weekdays.length < 2) {
    plan.missing.push('the days of the week of the runs (for example “on Tuesday and Friday”)');
    if (!r.time) plan.missing.push('the time of day');
    return set(ScheduleFrequency.CUSTOM, null);
  }
  if (/\b(?:seven|7) days a week\b|\bday in,? day out\b/.test(text))
    return set(ScheduleFrequency.DAILY, { freq: 'DAILY' });
  const fortnight = /\b(?:bi-?weekly|fortnightly|(?:every|each|once a) fortnight)\b/.test(text) || days.everyOther;
  // "every 3 months" is quarterly, read below with the quarters.
  const quarters = interval?.[2] === 'month' && every === 3;
  if ((interval && !quarters) || fortnight) {
    const unit = fortnight ? 'week' : interval![2];
    const n = fortnight ? 2 : every;
    if (unit === 'week')
      return set(ScheduleFrequency.CUSTOM, { freq: 'WEEKLY', interval: n, byDay: byDay(days.weekdays) }, oneDay);
    if (unit === 'month')
      return set(ScheduleFrequency.CUSTOM, {
        freq: 'MONTHLY',
        interval: n,
        ...(monthDays.last ? { byMonthDay: [-1] } : monthDays.days.length ? { byMonthDay: monthDays.days } : {}),
      });
    return set(ScheduleFrequency.CUSTOM, { freq: 'DAILY', interval: n });
  }
  if (days.nth)
    return set(
      ScheduleFrequency.CUSTOM,
      { freq: 'MONTHLY', byDay: days.nth.n.map((n) => `${n}${RRULE_DAYS[days.nth!.weekday - 1]}`) },
      days.nth.weekday,
    );
  const workingDays =
    /\b(?:every|each|on|all) (?:week ?day|working day|business day|work ?day)s?\b|\b(?:week ?days|work ?days|working days|business days)\b|\b(?:week ?day|work ?day) (?:mornings|afternoons|evenings|nights)\b|\bevery day except (?:the )?weekends?\b/.test(
      text,
    ) && !/\b(?:first|last) (?:working|business) day/.test(text);
  const weekdays = (workingDays ? WEEK : days.weekdays).filter((d) => !days.except.includes(d));
  if ((workingDays || days.recurring) && sameDays(weekdays, WEEK))
    return set(ScheduleFrequency.WEEKDAY, { freq: 'WEEKLY', byDay: byDay(WEEK) });
  if (workingDays && weekdays.length)
    return set(
      ScheduleFrequency.CUSTOM,
      { freq: 'WEEKLY', byDay: byDay(weekdays) },
      weekdays.length === 1 ? weekdays[0] : null,
    );
  if (days.recurring && days.weekdays.length > 1)
    return set(ScheduleFrequency.CUSTOM, { freq: 'WEEKLY', byDay: byDay(days.weekdays) });
  const endOfQuarter = /\b(?:(?:end|last day) of (?:each|every|the) quarter|quarter[- ]ends?)\b/.test(text);
  // "at a quarter to 5" is a time, not a quarter.
  if (
    /\bquarterly\b|\b(?:every|each|once a|per|a) quarter\b(?! (?:to|past|after|before|till)\b)/.test(text) ||
    endOfQuarter ||
    quarters
  ) {
    if (endOfQuarter)
      return set(ScheduleFrequency.QUARTERLY, { freq: 'YEARLY', byMonth: [3, 6, 9, 12], byMonthDay: [-1] }, 31);
    // "at the start of every quarter": its first day.
    const start = /\b(?:start|beginning|(?:first|1st) day) of (?:each|every|the) quarter\b/.test(text);
    const day = monthDays.last ? 31 : (monthDays.days[0] ?? (start ? 1 : undefined));
    // "every quarter" with no day: asked, as "every month" with none is (never the 1st silently).
    if (day === undefined) {
      plan.missing.push('the day of the month');
      return set(ScheduleFrequency.QUARTERLY, null);
    }
    return set(ScheduleFrequency.QUARTERLY, { freq: 'YEARLY', byMonth: [1, 4, 7, 10], ...monthDayParts(day) }, day);
  }
  const everyDate =
    !!date?.monthDay &&
    new RegExp(`\\b(?:every|each) (?:the )?${escapeRegExp(date.words[0].toLowerCase())}`).test(text);
  // "every Chinese New Year": a movable day each year, whose date is asked (unclearDate).
  const everyMovable =
    !!r.unclearSaid && new RegExp(`\\b(?:every|each) (?:the )?${escapeRegExp(r.unclearSaid.toLowerCase())}`).test(text);
  // "annual leave" is the holiday itself ("the staff on annual leave today"), no schedule.
  if (
    /\b(?:yearly|annually|annual(?! leave)|(?:every|each|once a|per|a) year)\b/.test(text) ||
    everyDate ||
    everyMovable
  ) {
    if (date?.monthDay) {
      plan.date = date.date;
      return set(
        ScheduleFrequency.YEARLY,
        { freq: 'YEARLY', byMonth: [date.monthDay.month], byMonthDay: [date.monthDay.day] },
        date.monthDay.day,
      );
    }
    // "every year" with no date: its day and month are asked (a movable day's question is asked already).
    if (!everyMovable && !r.unclearSaid) plan.missing.push('the date (a day and a month)');
    return set(ScheduleFrequency.YEARLY, null);
  }
  const monthly =
    /\bmonthly\b|\b(?:every|each|once a|per|a) month\b|(?<!\bend )\bof (?:every|each|the) month\b|\b(?:end of (?:each|every) month|month[- ]ends?)\b/.test(
      text,
    );
  const everyNth = /\b(?:every|each) (?:the )?\d{1,2}(?:st|nd|rd|th)\b/.test(text);
  if (monthDays.working)
    return set(ScheduleFrequency.CUSTOM, {
      freq: 'MONTHLY',
      byDay: byDay(WEEK),
      bySetPos: monthDays.working === 'first' ? 1 : -1,
    });
  if (monthly || everyNth) {
    // Several days, the last among them: each kept (never one of them silently).
    const several = [...monthDays.days, ...(monthDays.last ? [-1] : [])];
    if (several.length > 1) return set(ScheduleFrequency.CUSTOM, { freq: 'MONTHLY', byMonthDay: several });
    const day = monthDays.last ? 31 : (monthDays.days[0] ?? null);
    return set(ScheduleFrequency.MONTHLY, day === null ? null : { freq: 'MONTHLY', ...monthDayParts(day) }, day);
  }
  // "on the 1st and the 15th": several days of a month that none names recur each month (one run would keep one of them).
  const severalDays = [...monthDays.days, ...(monthDays.last ? [-1] : [])];
  if (severalDays.length > 1 && !date && !days.weekdays.length)
    return set(ScheduleFrequency.CUSTOM, { freq: 'MONTHLY', byMonthDay: severalDays });
  if ((days.recurring && oneDay) || /\bweekly\b|\b(?:every|each|once a|per|a) week\b/.test(text)) {
    return set(ScheduleFrequency.WEEKLY, oneDay ? { freq: 'WEEKLY', byDay: byDay([oneDay]) } : null, oneDay);
  }
  if (
    /\bdaily\b|\bnightly\b|\b(?:every|each|per|a) (?:single )?(?:day|morning|evening|night|afternoon)\b|\beveryday\b|\b(?:seven|7) days a week\b|\bday in,? day out\b/.test(
      text,
    )
  )
    return set(ScheduleFrequency.DAILY, { freq: 'DAILY' });
  once(plan, r);
}

/** A one-off: on the date named, the weekday named, or today (tomorrow when the time has passed). */
function once(plan: Plan, { date, days, time, today, text, monthDays, unclearDate }: Readings): void {
  // "on easter at 9", "on 12/05": the date is asked, never filled in with today or tomorrow.
  if (unclearDate && !date) {
    plan.frequency = ScheduleFrequency.ONCE;
    return;
  }
  const ahead = (n: number) =>
    new Date(Date.UTC(today.year, today.month - 1, today.day + n)).toISOString().slice(0, 10);
  const todayWords = /\b(?:today|tonight|this (?:morning|afternoon|evening)|later today|asap|now)\b/.test(text);
  if (date) {
    plan.date = date.date;
    if (days.weekdays.length === 1) plan.day = days.weekdays[0];
  } else if (days.weekdays.length === 1) {
    const thisWeek = /\bthis (?:mon|tue|wed|thu|fri|sat|sun)/.test(text);
    // "next Friday" said on a Wednesday is the Friday of next week (weeks run Monday to Sunday);
    // "on Friday", "this Friday" the coming one.
    const nextWeek =
      /\bnext (?:mon|tue|wed|thu|fri|sat|sun)|(?:mon|tues|wednes|thurs|fri|satur|sun)day next week\b/.test(text) &&
      days.weekdays[0] > today.weekday;
    plan.date = ahead(((days.weekdays[0] - today.weekday + 7) % 7 || (thisWeek ? 0 : 7)) + (nextWeek ? 7 : 0));
    plan.day = days.weekdays[0];
  } else if (monthDays.days.length === 1 && !monthDays.last) {
    // "on the 28th": the next 28th (this month's unless it has passed).
    const day = monthDays.days[0];
    const thisMonth = day >= today.day;
    const at = new Date(Date.UTC(today.year, today.month - (thisMonth ? 1 : 0), day));
    if (at.getUTCDate() !== day) return;
    plan.date = at.toISOString().slice(0, 10);
  } else if (todayWords) plan.date = ahead(0);
  else if (time) {
    const passed = time.hour * 60 + time.minute <= today.hour * 60 + today.minute;
    plan.date = ahead(passed ? 1 : 0);
  } else return;
  plan.frequency = ScheduleFrequency.ONCE;
}

/** Days said together that cannot be: a weekday schedule on a weekend day, or the reverse. */
function contradictionIn({ text, days }: Readings): string | null {
  const said = days.weekdays.filter((d) => !days.except.includes(d));
  const names = (list: number[]) => list.map((d) => WEEKDAYS[d - 1]).join(' and ');
  const weekend = said.filter((d) => d >= 6);
  if (weekend.length && WORKING_DAYS.test(text) && !/\b(?:first|last) (?:working|business|week) ?day/.test(text))
    return `${names(weekend)} ${weekend.length > 1 ? 'are not weekdays' : 'is not a weekday'}: say whether the workflow runs on weekdays or on ${names(weekend)}.`;
  const week = said.filter((d) => d <= 5);
  if (week.length && /\b(?:every|each|on|at) weekends?\b/.test(text))
    return `${names(week)} ${week.length > 1 ? 'are' : 'is'} not on a weekend: say whether the workflow runs at weekends or on ${names(week)}.`;
  return null;
}

const COUNT = String.raw`(\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty)`;
const COUNTED: Record<string, number> = { ...NUMBERS, a: 1, an: 1, one: 1, eleven: 11 };
/** "every 3 seconds", "every 12 years", "two days ago": periods no workflow can keep, said as the reason. */
function periodProblem(text: string): string | null {
  const seconds = new RegExp(
    String.raw`\b(?:every|each) ${COUNT} (?:seconds?|secs?)\b|\bevery second(?:s)?\b(?! (?:week|day|month|year|mon|tue|wed|thu|fri|sat|sun))`,
  ).exec(text);
  // "every minute", "every 2 mins", "minutely": a period under the shortest one the product runs.
  const minutes = new RegExp(String.raw`\b(?:every|each) (?:${COUNT} )?(?:minutes?|mins?)\b|\bminutely\b`).exec(text);
  const often =
    seconds ?? (minutes && (COUNTED[minutes[1] ?? 'one'] ?? Number(minutes[1])) < MIN_MINUTES ? minutes : null);
  if (often) return `${often[0]} is more often than a workflow may run: the shortest period is ${MIN_MINUTES} minutes.`;
  const years = new RegExp(String.raw`\b(?:every|each) ${COUNT} years?\b`).exec(text);
  const every = years ? (COUNTED[years[1]] ?? Number(years[1])) : 0;
  if (years && every > MAX_YEARS)
    return `${years[0]} is longer than a workflow may wait between runs (${MAX_YEARS} years).`;
  const ago = new RegExp(String.raw`\b${COUNT} (?:minutes?|hours?|days?|weeks?|months?|years?) ago\b`).exec(text);
  if (ago) return `${ago[0]} has passed: say a time to come.`;
  return null;
}

/** Why a one-off cannot run: its date or its time today has passed. */
function passed(plan: Plan, { text, today }: Readings): string | null {
  // With a schedule that recurs, "yesterday" is each run's ("the panels that failed inspection yesterday").
  const recurring = SCHEDULED.has(plan.frequency) && plan.frequency !== ScheduleFrequency.ONCE;
  if (!recurring && /\byesterday\b(?!['’]s)/.test(text) && !/\b(?:from|of|since|for) yesterday\b/.test(text))
    return 'Yesterday has passed: say a time to come.';
  if (plan.frequency !== ScheduleFrequency.ONCE || !plan.date) return null;
  const now = `${today.year}-${String(today.month).padStart(2, '0')}-${String(today.day).padStart(2, '0')}`;
  if (plan.date < now) return `${plan.date} has passed: say a date to come.`;
  const clock = (plan.hour ?? 24) * 60 + (plan.minute ?? 0);
  if (plan.date === now && clock <= today.hour * 60 + today.minute)
    return `${String(plan.hour).padStart(2, '0')}:${String(plan.minute).padStart(2, '0')} today has passed: say a time to come.`;
  return null;
}

/**
 * Adds to the plan what it must still ask. Returns the vague words of a one-off said with no
 * time ("sometime this week"), which the task loses: the run is once, at a time still to ask.
 */
function askForWhatIsMissing(
  plan: Plan,
  delivery: string | null,
  unknownZone: string | null,
  unsure: string[],
): string | null {
  const ask = (what: string) => plan.missing.push(what);
  const vague = VAGUE.exec(plan.task);
  const once = vague && plan.frequency === ScheduleFrequency.NONE;
  if (once) {
    plan.problem = null;
    plan.frequency = ScheduleFrequency.ONCE;
    ask(`when exactly “${vague[0]}” is (a day or a date, and a time)`);
  }
  if (unsure.length)
    ask(
      `what ${unsure.map((w) => `“${w}”`).join(' and ')} ${unsure.length > 1 ? 'mean' : 'means'} (a day, a date or how often)`,
    );
  if (SCHEDULED.has(plan.frequency) && !once) {
    const hourly = /^FREQ=(?:HOURLY|MINUTELY)/.test(plan.recurrence ?? '');
    // Several runs a day with no times asked for them already.
    const timesAsked =
      (plan.frequency === ScheduleFrequency.CUSTOM && plan.recurrence === null) ||
      plan.missing.some((m) => m.startsWith(ONE_TIME_OF_DAY));
    if (plan.hour === null && !hourly && !timesAsked) ask('the time of day');
    if (plan.frequency === ScheduleFrequency.WEEKLY && plan.day === null) ask('the day of the week');
    if (plan.frequency === ScheduleFrequency.MONTHLY && plan.day === null) ask('the day of the month');
  } else if (plan.frequency === ScheduleFrequency.NONE && !unsure.length && !plan.missing.length) {
    plan.problem =
      'The request says nothing about when to run it, so it is not scheduled; ask me directly for a one-off answer, or say when it should run.';
  }
  if (unknownZone) ask(`which time zone “${unknownZone}” is (for example Europe/London or America/New_York)`);
  if (delivery) ask(delivery);
  // "every day at some point": a schedule that recurs with no time of day asks the time; the vague
  // words leave the task as a one-off's do.
  return once || (vague && SCHEDULED.has(plan.frequency) && plan.hour === null) ? vague[0] : null;
}

/** The mark of a part of the day that names a thing of the task (PART_OF_DAY_NAMING). */
const NAMING = '\uE001';

/** The request without the words that say when, where to and in which zone: what a run does. */
function taskOf(text: string, channel: NotificationChannel, recurring: boolean, said: string[], asked = false): string {
  // A part of the day that names the task's thing is marked, so that the words of the schedule leave it.
  let task = text
    .replace(GREETING_SAID, ' ')
    .replace(PART_OF_DAY_NAMING, `$1$2${NAMING}$3`)
    .replace(PART_OF_DAY_INSIDE, (said: string, ...parts: string[]) =>
      partOfDayInName(parts[0], parts[2]) ? `${parts[0]} ${NAMING}${parts[1]} ${parts[2]}` : said,
    );
  // Each phrase goes with the little words that led to it ("on the 1st of July", "at 9am").
  for (const words of said.filter((w) => w.trim()).sort((a, b) => b.length - a.length)) {
    task = task.replace(
      new RegExp(`(?:\\b(?:on|at|by|from|of|for|the|every|each|in)\\s+)*${escapeRegExp(words.trim())}`, 'i'),
      ' ',
    );
  }
  const unscheduled = task
    .replace(/\b(?:at |by |on )?(?:the )?end of (?:every|each|the|this) (?:month|quarter|year)\b/gi, ' ')
    // "at the start of every quarter" (its first day): "the start of the year" may name the task's own time.
    .replace(
      /\b(?:at |on |from )?(?:the )?(?:start|beginning|(?:first|1st) day) of (?:every|each) (?:month|quarter|year)\b/gi,
      ' ',
    )
    .replace(/\b(?:at |on |from )?(?:the )?(?:start|beginning|(?:first|1st) day) of the quarter\b/gi, ' ')
    .replace(/\b(?:of|in) (?:every|each|the) (?:month|quarter)\b/gi, ' ')
    .replace(
      /\b(?:once|twice|(?:two|three|four|2|3|4|several|multiple) times) (?:a |per |each |every )?(?:day|week|month|quarter|year)\b|\btwice daily\b/gi,
      ' ',
    )
    .replace(
      /\b(?:every|each) (?:single |other |second |alternate |third |fourth |2nd |3rd |4th |\d+ |two |three |four |five |six |seven |eight |nine |ten |eleven |twelve |fifteen |twenty |thirty )?(?:day|morning|evening|night|afternoon|week|weekend|month|quarter|year|weekday|working day|business day|workday|hour|minute|min|fortnight)s?\b/gi,
      ' ',
    )
    // "the weekly summary" names the summary: its adjective stays.
    // "on working days", "business days": the schedule's, unless counted ("within 10 working days").
    .replace(
      /(?<!\b(?:\d+|first|last|few|two|three|four|five|ten) )\b(?:on |every |each |all )?(?:working|business|work) ?days?\b/gi,
      ' ',
    )
    .replace(recurring ? PERIOD_WORDS_RECURRING : PERIOD_WORDS, (word: string, at: number, all: string) =>
      periodWordInName(all.slice(0, at), all.slice(at + word.length)) ? word : ' ',
    )
    .replace(/\b(?:this |in the |around |about |at )?(?<!\uE001)(?:morning|afternoon|evening|night)\b/gi, ' ');
  // "I'd be grateful if you could email me …", "every Sunday at 6 in the evening I'd like you to
  // post …": the frame before the verb, once every word of the schedule before it is out.
  const cleaned = withoutRequestFrame(unscheduled)
    .replaceAll(NAMING, '')
    .replace(COURTESY, ' ')
    .replace(DELIVERY_SAID, ' ')
    .replace(channel === NotificationChannel.CHAT ? CHAT_SAID : /$^/, ' ')
    .replace(/[,;:()[\]!]|\s-+(?=\s)|^\s*-+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  let bare = withoutLinksAtEnd(cleaned)
    .replace(/^[^\w#@]+/, '')
    .replace(/^(?:(?:and|at|on|in|to|by|from|of|around|about|with)\s+)+/i, '');
  // With the delivery read, the verb that sends is delivery too: what is left is what a run answers.
  // A delivery asked about ("send it via fax") is delivery too.
  if (channel !== NotificationChannel.NONE || asked) bare = bare.replace(SENDING_VERB, '');
  // "generate the payroll report": the verb asks for the run as "send" does; what is left is what it answers.
  // "ping me to check the payslips": after "to", the verb is what the user is to do, and stays.
  if (!/^[^\w#@]*to\s/i.test(cleaned)) bare = bare.replace(MAKING_VERB, '');
  // "post on tuesdays and thursdays at 8:30 the dye lot schedule": the days' "and" is left after the verb.
  bare = bare.replace(/^(?:and|or|&)\s+/i, '');
  // "compile the training records and email them to my manager": once whom is read, what is left of
  // the second verb is delivery too.
  bare = bare.replace(AND_DELIVER_IT, '');
  // Nothing left ("email me every monday at 9am"): no task, never the request itself.
  return trimEndOf(bare, '.!?').trim();
}

/** A second verb that delivers what the first gathers, left at the end of a task ("… and email them", "… and post it"). */
const AND_DELIVER_IT =
  /\s(?:and|&) (?:then )?(?:e-?mail|mail|send|post|share|forward|text|dm|message|ping)(?: (?:it|them|this|that|these|those))?(?: (?:over|across|out))?(?: to (?:me|us))?$/i;

/** Words of the schedule left in a task; "the weekly summary" names the summary, its adjective stays. */
const PERIOD_WORDS =
  /(?<!\b(?:the|my|our|your|their|this|last|that) )\b(?:daily|weekly|monthly|quarterly|yearly|annually|nightly|hourly|biweekly|bi-weekly|fortnightly|tomorrow|today|tonight|weekdays|weekends|workdays|everyday)\b(?!['’]s)/gi;
/** The same, for a schedule that recurs: "today" and "tonight" are then each run's, words of the task. */
const PERIOD_WORDS_RECURRING = new RegExp(PERIOD_WORDS.source.replace('|today|tonight', ''), 'gi');
const TODAY = /^(?:today|tonight)$/i;

/** Courtesy: what a request says to be polite, never part of the task. */
const COURTESY =
  /\b(?:please|pls|plz|(?:can|could|would|will) (?:you|u)|kindly|(?:hey|hiya|hi|hello|hola|hej|hallo|bonjour|ciao|kia ora|dear)(?: there| team| all| everyone| folks| assistant)?|thanks(?: a lot| so much| in advance)?|thank you(?: (?:very|so) much)?|thx|cheers|maybe|i(?:['’]d| would)? (?:like|want|need)|i['’]d love)\b/gi;
/** A greeting said before the request ("Good afternoon,", "Morning!"). */
const GREETING_SAID = /^\s*(?:morning|afternoon|evening)\s*[!,.]+|\bgood (?:morning|afternoon|evening|day)\b[!,.]*/i;
/** How a result reaches the user, said around the task ("email me", "ping me with", "to be emailed"). */
const DELIVERY_SAID =
  /\b(?:(?:e-?mail|send|sent|mail|text|dm|ping|message|msg|notify|alert|buzz|forward|get|give|show|tell|find|fetch|shoot|drop)(?: to)? me(?: (?:with|about|on))?(?: an? (?:e-?mail|mail|note|line|message)(?: (?:with|about|on))?)?|to be (?:e-?mailed|mailed|sent|posted|shared|delivered|forwarded)|let me know(?: about)?)\b/gi;
/** The channel a result is posted in, with the word that led to it. */
const CHAT_SAID = /(?:\b(?:in|to|on|into|at|via)\s+)?(?:the\s+)?#[\w-]+(?: channel)?/gi;
/** A verb that only delivers, at the start of a task whose delivery is read ("email the report"). */
const SENDING_VERB =
  /^(?:e-?mail|send|mail|post|share|forward|fwd|deliver|drop|push|dm|text|ping|message)\s+(?:me\s+)?(?:(?:with|about)\s+)?/i;

/**
 * A verb that only asks for the result to be made or shown ("check the X" stores "the X"), at the
 * start of a task ("compile the attendance sheet"); before "of" it is the noun ("list of visitors").
 */
const MAKING_VERB =
  /^(?:generate|compile|prepare|prep|produce|schedule|pull(?: together| up)?|put together|build|create|get|list|check(?: on)?|look up|find|fetch|show|tell|give)\s+(?!of\b)(?:me\s+)?(?=\S)/i;

/** "in" or "on" after a participle ("still signed in", "not logged on"): the task's particle, no link. */
const particle = (word: string, before: string) => /^(?:in|on)$/i.test(word) && /^\p{L}{2,}ed$/iu.test(before);

/** Words that led to a phrase taken out of a task, left dangling at its end ("email me the report at"). */
const LINKS = new Set(['and', 'at', 'on', 'in', 'to', 'by', 'of', 'around', 'about']);

/**
 * A task (its white space single spaces) without the linking words left at its end, nor the marks
 * after them: word by word from the end, where /(?:\s+(?:and|at|…))+\s*[.!?]*$/ was tried again
 * from every place of the text.
 */
function withoutLinksAtEnd(task: string): string {
  const words = trimEndOf(task, '.!? ').split(' ');
  let kept = words.length;
  while (kept > 1 && LINKS.has(words[kept - 1].toLowerCase()) && !particle(words[kept - 1], words[kept - 2])) kept--;
  return kept < words.length ? words.slice(0, kept).join(' ') : task;
}
