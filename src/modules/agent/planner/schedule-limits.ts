import { ScheduleFrequency } from './plan-enums';
import { RRULE_DAYS } from './recurrence';
import { isTimeZone } from './time-zones';

/** The shortest interval between runs: each run asks the agent, which is not free. */
export const MIN_MINUTES = 5;
/** The longest wait between two runs, and the furthest ahead a first run may be planned. */
export const MAX_YEARS = 10;
const MAX_MINUTES = MAX_YEARS * 366 * 24 * 60;

/** The numbers of a schedule, from a plan or a stored workflow, before any of them meets a Date. */
export interface ScheduleValues {
  frequency: ScheduleFrequency;
  hour: number | null;
  minute: number | null;
  day: number | null;
  interval?: { every: number; unit: string } | null;
  recurrence?: string | null;
  date?: string | null;
  timeZone: string;
}

/** A schedule whose values cannot be run (out of range, or not a rule this service writes). */
export class ScheduleOutOfRange extends Error {}

/** The longest period of each rule frequency, in minutes (a month of 31 days, a year of 366). */
const FREQUENCIES: Record<string, { minutes: number; unit: string }> = {
  MINUTELY: { minutes: 1, unit: 'minute' },
  HOURLY: { minutes: 60, unit: 'hour' },
  DAILY: { minutes: 24 * 60, unit: 'day' },
  WEEKLY: { minutes: 7 * 24 * 60, unit: 'week' },
  MONTHLY: { minutes: 31 * 24 * 60, unit: 'month' },
  YEARLY: { minutes: 366 * 24 * 60, unit: 'year' },
};
/** The units of CUSTOM intervals stored before rules were, as rule frequencies. */
const UNITS: Record<string, string> = { hour: 'HOURLY', day: 'DAILY', week: 'WEEKLY', month: 'MONTHLY' };
const WITH_MONTH_DAY = new Set([ScheduleFrequency.MONTHLY, ScheduleFrequency.QUARTERLY, ScheduleFrequency.YEARLY]);

const isInt = (value: unknown, min: number, max: number): boolean =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
/** A comma-separated list of integers in [min, max], none zero. */
const intList = (text: string, min: number, max: number): boolean =>
  text.split(',').every((n) => /^[+-]?\d{1,3}$/.test(n) && Number(n) !== 0 && isInt(Number(n), min, max));

/**
 * Why a schedule cannot be run, as a sentence, or null when every value is in range. Every number
 * that feeds Date arithmetic (hour, minute, day, date, interval, the rule's parts) is checked here
 * before nextRun uses it, so a value from a request or from a stored row can neither overflow a
 * Date nor make rrule loop (a negative INTERVAL never ends).
 */
export function scheduleProblem(schedule: ScheduleValues): string | null {
  const { hour, minute, day, date } = schedule;
  if (!isTimeZone(schedule.timeZone)) return `${schedule.timeZone} is not an IANA time zone.`;
  if (hour !== null && !isInt(hour, 0, 23)) return `hour ${hour} is not an hour of the day (0 to 23).`;
  if (minute !== null && !isInt(minute, 0, 59)) return `minute ${minute} is not a minute of the hour (0 to 59).`;
  if (day !== null) {
    const [max, what] = WITH_MONTH_DAY.has(schedule.frequency) ? [31, 'a day of the month'] : [7, 'an ISO weekday'];
    if (!isInt(day, 1, max)) return `day ${day} is not ${what} (1 to ${max}).`;
  }
  if (date !== null && date !== undefined && !isCalendarDate(date))
    return `${date} is not a date between the years 1970 and 9999 (YYYY-MM-DD).`;
  if (schedule.recurrence !== null && schedule.recurrence !== undefined) return ruleProblem(schedule.recurrence);
  if (schedule.interval) {
    const { every, unit } = schedule.interval;
    if (!UNITS[unit]) return `${unit} is not a unit of a workflow's interval.`;
    return intervalProblem(UNITS[unit], every);
  }
  return null;
}

/** Throws ScheduleOutOfRange with the reason when the schedule cannot be run. */
export function checkSchedule(schedule: ScheduleValues): void {
  const problem = scheduleProblem(schedule);
  if (problem) throw new ScheduleOutOfRange(problem);
}

/** A rule as ruleText writes it (src/modules/agent/planner/recurrence.ts), with every part in range. */
function ruleProblem(rule: string): string | null {
  const parts = new Map<string, string>();
  for (const part of rule.split(';')) {
    const [key, value, extra] = part.split('=');
    if (value === undefined || extra !== undefined || parts.has(key)) return `${rule} is not a recurrence rule.`;
    parts.set(key, value);
  }
  const freq = parts.get('FREQ') ?? '';
  if (!FREQUENCIES[freq]) return `${rule} is not a recurrence rule a workflow follows (FREQ is MINUTELY to YEARLY).`;
  for (const [key, value] of parts) {
    const fine =
      key === 'FREQ' ||
      // Whole numbers as ruleText writes them: a huge one in exponent form (1e+23).
      (key === 'INTERVAL' && /^\d{1,21}(?:e\+\d{1,3})?$/.test(value)) ||
      (key === 'BYMONTH' && intList(value, 1, 12)) ||
      (key === 'BYMONTHDAY' && intList(value, -31, 31)) ||
      (key === 'BYSETPOS' && intList(value, -366, 366)) ||
      (key === 'BYDAY' && value.split(',').every(isRuleDay));
    if (!fine) return `${key}=${value} is not a part of a recurrence rule a workflow follows.`;
  }
  return intervalProblem(freq, Number(parts.get('INTERVAL') ?? 1));
}

/** MO, or with an ordinal within the month: +1MO, -1FR (1 to 5). */
function isRuleDay(text: string): boolean {
  const m = /^([+-]?[1-5])?([A-Z]{2})$/.exec(text);
  return !!m && (RRULE_DAYS as readonly string[]).includes(m[2]);
}

function intervalProblem(freq: string, every: number): string | null {
  const { minutes, unit } = FREQUENCIES[freq];
  const said = `every ${every} ${unit}${every === 1 ? '' : 's'}`;
  if (!Number.isInteger(every) || every < 1)
    return `${said} is not an interval: a workflow runs every 1 ${unit} or more.`;
  if (every * minutes > MAX_MINUTES)
    return `${said} is longer than a workflow may wait between runs (${MAX_YEARS} years).`;
  if (freq === 'MINUTELY' && every < MIN_MINUTES) return `A workflow runs at most every ${MIN_MINUTES} minutes.`;
  return null;
}

function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const at = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1970 && at.getUTCFullYear() === y && at.getUTCMonth() === mo - 1 && at.getUTCDate() === d;
}

/**
 * The most runs a schedule makes in any one hour: a rule of minutes runs 60 / interval times
 * (rounded up), anything else at most once (hourly, or once a day at its time).
 */
export function runsPerHour(schedule: Pick<ScheduleValues, 'recurrence'>): number {
  const minutely = /^FREQ=MINUTELY(?:;INTERVAL=(\d+))?/.exec(schedule.recurrence ?? '');
  return minutely ? Math.ceil(60 / Math.max(1, Number(minutely[1] ?? 1))) : 1;
}
