import { NotificationChannel, SCHEDULED, ScheduleFrequency } from './plan-enums';
import { timeZoneIn } from './time-zones';

/** What the planner understood of a request (SPEC 2.9's fields, before they become a response). */
export interface Plan {
  /** The request without its schedule and delivery words: what each run does. */
  task: string;
  frequency: ScheduleFrequency;
  hour: number | null;
  minute: number | null;
  /** ISO weekday 1-7 (WEEKLY, a ONCE on a weekday) or day of month 1-31 (MONTHLY, QUARTERLY). */
  day: number | null;
  /** CUSTOM: every `every` units. */
  interval: { every: number; unit: 'hour' | 'day' | 'week' | 'month' } | null;
  /** ONCE: tomorrow rather than today. */
  tomorrow: boolean;
  timeZone: string;
  channel: NotificationChannel;
  notifyTo: string | null;
  /** Details the user must still give; the plan is not scheduled until they are. */
  missing: string[];
  /** Why the request cannot be scheduled (INVALID or NONE). */
  problem: string | null;
}

export interface PlanContext {
  /** The zone when the request names none: the organization's, else UTC. */
  timeZone: string;
  /** The user's e-mail address, for "email me". */
  email: string | null;
}

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const WEEKDAY = `(${WEEKDAYS.join('|')}|mon|tue|tues|wed|thu|thurs|fri|sat|sun)`;
const NUMBERS: Record<string, number> = { other: 2, second: 2, '2nd': 2, two: 2, three: 3, third: 3, '3rd': 3, four: 4, five: 5, six: 6 };

/** Words that ask for something to be done; a request without one is no task. */
export const ACTION = /\b(send|email|e-mail|mail|post|remind|notify|ping|alert|report|summari[sz]e|list|check|share|tell|give|run|create|message|update|compile|collect|prepare|show|export)\b/i;

function weekdayNumber(name: string): number {
  return WEEKDAYS.findIndex((d) => d.startsWith(name.toLowerCase().slice(0, 3))) + 1;
}

/**
 * Reads a request such as "every Monday at 9am email me the overdue tasks" into a plan: the
 * schedule (frequency, time, day, zone), the completion notification and the task itself. It
 * only takes what the words say; a missing time or day is asked for, and a request it cannot
 * place in time is INVALID or NONE with the reason, never a guess.
 */
export function planRequest(request: string, context: PlanContext): Plan {
  const text = request.replace(/\s+/g, ' ').trim();
  const lower = text.toLowerCase();
  const plan: Plan = {
    task: text,
    frequency: ScheduleFrequency.NONE,
    hour: null,
    minute: null,
    day: null,
    interval: null,
    tomorrow: false,
    timeZone: timeZoneIn(text) ?? context.timeZone,
    channel: NotificationChannel.NONE,
    notifyTo: null,
    missing: [],
    problem: null,
  };
  if ((lower.match(/[a-z]{2,}/g) ?? []).length < 2 || !ACTION.test(lower)) {
    return invalid(plan, 'I could not find a task to schedule in that request. Say what to do and when, for example “every Monday at 9am email me my overdue tasks”.');
  }
  const timeProblem = readTime(lower, plan);
  if (timeProblem) return invalid(plan, timeProblem);
  const frequencyProblem = readFrequency(lower, plan);
  if (frequencyProblem) return invalid(plan, frequencyProblem);
  readChannel(text, lower, plan, context);
  if (SCHEDULED.has(plan.frequency)) {
    if (plan.hour === null && plan.frequency !== ScheduleFrequency.CUSTOM) plan.missing.push('the time of day');
    if (plan.interval?.unit !== 'hour' && plan.frequency === ScheduleFrequency.CUSTOM && plan.hour === null) plan.missing.push('the time of day');
    if (plan.frequency === ScheduleFrequency.WEEKLY && plan.day === null) plan.missing.push('the day of the week');
    if (plan.frequency === ScheduleFrequency.MONTHLY && plan.day === null) plan.missing.push('the day of the month');
  } else if (plan.frequency === ScheduleFrequency.NONE) {
    plan.problem = 'The request says nothing about when to run it, so it is not scheduled; ask me directly for a one-off answer, or say when it should run.';
  }
  plan.task = taskOf(text);
  return plan;
}

function invalid(plan: Plan, problem: string): Plan {
  return { ...plan, frequency: ScheduleFrequency.INVALID, hour: null, minute: null, day: null, interval: null, problem };
}

/** The time of day; a problem when the words name an impossible one. */
function readTime(lower: string, plan: Plan): string | null {
  if (/\bnoon\b|\bmidday\b/.test(lower)) return set(plan, 12, 0);
  if (/\bmidnight\b/.test(lower)) return set(plan, 0, 0);
  const match =
    /\b(?:at|@|by|around)\s*(\d{1,2})(?:[:.h](\d{2}))?\s*(a\.?m\.?|p\.?m\.?)?(?![\d/-])/.exec(lower) ??
    /\b(\d{1,2})(?::(\d{2}))?\s*(a\.?m\.?|p\.?m\.?)(?=\W|$)/.exec(lower) ??
    /\b(\d{1,2}):(\d{2})\b()/.exec(lower);
  if (!match) return null;
  let hour = Number(match[1]);
  const minute = match[2] ? Number(match[2]) : 0;
  const meridiem = match[3]?.replace(/\./g, '');
  if (meridiem) {
    if (hour < 1 || hour > 12) return `${match[0].trim()} is not a time of day.`;
    hour = (hour % 12) + (meridiem === 'pm' ? 12 : 0);
  } else if (hour > 23) return `${match[0].trim()} is not a time of day (hours run from 0 to 23).`;
  if (minute > 59) return `${match[0].trim()} is not a time of day (minutes run from 0 to 59).`;
  return set(plan, hour, minute);
}

function set(plan: Plan, hour: number, minute: number): null {
  plan.hour = hour;
  plan.minute = minute;
  return null;
}

function readFrequency(lower: string, plan: Plan): string | null {
  const custom = /\b(?:every|each) (other|second|2nd|third|3rd|two|three|four|five|six|\d+) (hour|day|week|month)s?\b/.exec(lower);
  const otherWeekday = new RegExp(`\\b(?:every|each) (?:other|second) ${WEEKDAY}\\b`).exec(lower);
  const fortnight = !!otherWeekday || /\b(?:biweekly|bi-weekly|fortnightly|every fortnight)\b/.test(lower);
  const weekday = new RegExp(`\\b(?:every|each|on)? ?${WEEKDAY}s?\\b`).exec(lower);
  const dayOfMonth = /\b(?:on )?the (\d{1,2})(?:st|nd|rd|th)?\b|\b(\d{1,2})(?:st|nd|rd|th)\b(?! (?:hour|day|week|month))/.exec(lower);
  const firstOrLast = /\b(first|last) (?:working |business )?day\b/.exec(lower)?.[1];
  const monthDay = () => {
    if (firstOrLast) return firstOrLast === 'first' ? 1 : 31;
    const day = dayOfMonth ? Number(dayOfMonth[1] ?? dayOfMonth[2]) : null;
    return day;
  };
  if (custom || fortnight) {
    const every = fortnight ? 2 : (NUMBERS[custom![1]] ?? Number(custom![1]));
    if (!every || every < 1) return 'I could not read how often to run it.';
    plan.frequency = ScheduleFrequency.CUSTOM;
    plan.interval = { every, unit: fortnight ? 'week' : (custom![2] as 'hour' | 'day' | 'week' | 'month') };
    if (weekday && plan.interval.unit === 'week') plan.day = weekdayNumber(weekday[1]);
    return null;
  }
  if (/\b(?:every|each|on) (?:weekday|working day|business day|workday)s?\b|\bweekdays\b|\bmonday (?:to|through|thru|-) friday\b/.test(lower)) {
    plan.frequency = ScheduleFrequency.WEEKDAY;
    return null;
  }
  if (/\bquarterly\b|\b(?:every|each) quarter\b|\bonce a quarter\b/.test(lower)) {
    plan.frequency = ScheduleFrequency.QUARTERLY;
    plan.day = monthDay() ?? 1;
    return null;
  }
  if (/\b(?:yearly|annually)\b|\b(?:every|each|once a) year\b/.test(lower)) {
    plan.frequency = ScheduleFrequency.YEARLY;
    return null;
  }
  if (/\bmonthly\b|\b(?:every|each|once a) month\b|\bof (?:every|each|the) month\b/.test(lower)) {
    plan.frequency = ScheduleFrequency.MONTHLY;
    plan.day = monthDay();
    if (plan.day !== null && (plan.day < 1 || plan.day > 31)) return `the ${plan.day}th is not a day of the month.`;
    return null;
  }
  const recurringWeekday = new RegExp(`\\b(?:every|each) ${WEEKDAY}\\b|\\bon ${WEEKDAY}s\\b|\\b${WEEKDAY}s\\b`).exec(lower);
  if (recurringWeekday || /\bweekly\b|\b(?:every|each|once a) week\b/.test(lower)) {
    plan.frequency = ScheduleFrequency.WEEKLY;
    const name = recurringWeekday?.slice(1).find(Boolean) ?? weekday?.[1];
    plan.day = name ? weekdayNumber(name) : null;
    return null;
  }
  if (/\b(?:every|each) (?:day|morning|evening|night|afternoon)\b|\bdaily\b|\bnightly\b|\bevery single day\b/.test(lower)) {
    plan.frequency = ScheduleFrequency.DAILY;
    return null;
  }
  const nextWeekday = new RegExp(`\\b(?:next|this|on) ${WEEKDAY}\\b`).exec(lower);
  if (/\b(?:today|tonight|tomorrow|once|later today|this (?:morning|afternoon|evening))\b/.test(lower) || nextWeekday) {
    plan.frequency = ScheduleFrequency.ONCE;
    plan.tomorrow = /\btomorrow\b/.test(lower);
    if (nextWeekday) plan.day = weekdayNumber(nextWeekday[1]);
    return null;
  }
  if (plan.hour !== null) plan.frequency = ScheduleFrequency.ONCE;
  return null;
}

function readChannel(text: string, lower: string, plan: Plan, context: PlanContext): void {
  const channel = /(?:^|\s)#([a-z0-9][\w-]*)/i.exec(text)?.[1];
  if (channel) {
    plan.channel = NotificationChannel.CHAT;
    plan.notifyTo = `#${channel.toLowerCase()}`;
    return;
  }
  if (/\b(?:slack|teams|chat channel|channel)\b/.test(lower)) {
    plan.channel = NotificationChannel.CHAT;
    plan.missing.push('the chat channel (for example #people)');
    return;
  }
  const email = /\b(?:e-?mail|mail me|by mail|my inbox)\b/.test(lower);
  const immediate = /\b(?:notify me|ping me|alert me|let me know|right away|immediately|push)\b/.test(lower);
  // "send me …" with no other channel named goes to the user's inbox.
  if (email || (!immediate && /\bsend me\b/.test(lower))) {
    plan.channel = NotificationChannel.EMAIL;
    plan.notifyTo = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/.exec(text)?.[0] ?? context.email;
    if (!plan.notifyTo) plan.missing.push('the e-mail address to send it to');
    return;
  }
  if (immediate) plan.channel = NotificationChannel.IMMEDIATE;
}

/** The request without the words that say when and how to deliver: what a run does. */
function taskOf(text: string): string {
  const cleaned = text
    .replace(new RegExp(`\\b(?:every|each|on|next|this) (?:other |second )?(?:${WEEKDAYS.join('|')})s?\\b`, 'gi'), ' ')
    .replace(/\b(?:every|each) (?:other |second |\d+ )?(?:day|morning|evening|night|week|month|quarter|year|weekday|working day|business day|hour)s?\b/gi, ' ')
    .replace(/\b(?:daily|weekly|monthly|quarterly|yearly|annually|nightly|biweekly|fortnightly|tomorrow|today|tonight)\b/gi, ' ')
    .replace(/\b(?:at|by|around)\s*\d{1,2}(?:[:.h]\d{2})?\s*(?:a\.?m\.?|p\.?m\.?)?/gi, ' ')
    .replace(/\b\d{1,2}(?::\d{2})?\s*(?:am|pm)\b/gi, ' ')
    .replace(/\b(?:on )?the \d{1,2}(?:st|nd|rd|th)?(?: of (?:every|each|the) month)?\b/gi, ' ')
    .replace(/\b(?:in |at )?(?:utc|gmt|bst|cest|cet|eet|est|edt|cst|cdt|mst|mdt|pst|pdt|ist|jst|aest)\b(?: time)?/gi, ' ')
    .replace(/\b(?:in |at )?[A-Z][a-z]+\/[A-Za-z_]+(?:\/[A-Za-z_]+)?\b(?: time)?/g, ' ')
    .replace(/\b(?:in )?(?:new york|london|paris|berlin|madrid|lisbon|amsterdam|chicago|los angeles|san francisco|tokyo|sydney|singapore)(?:['’]s)?(?: time)?\b/gi, ' ')
    .replace(/\b(?:please|can you|could you)\b/gi, ' ')
    .replace(/\s*,\s*/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!?]+$/, '');
  return cleaned || text;
}
