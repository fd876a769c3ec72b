import { RRule } from 'rrule';
import { ScheduleFrequency } from './plan-enums';
import { clockStep, parseRule, ruleOfFields } from './recurrence';
import { checkSchedule, MAX_YEARS, ScheduleOutOfRange } from './schedule-limits';
import { instantOf, wallClock } from './time-zones';

export interface Schedule {
  frequency: ScheduleFrequency;
  hour: number | null;
  minute: number | null;
  day: number | null;
  /** CUSTOM schedules stored before rules were: every `every` units. */
  interval: { every: number; unit: 'hour' | 'day' | 'week' | 'month' } | null;
  /** The RRULE the workflow follows; derived from the fields above when absent. */
  recurrence?: string | null;
  /** ONCE (and a YEARLY's first run): the local date, YYYY-MM-DD. */
  date?: string | null;
  timeZone: string;
  /** When the workflow was made: the start of its rule (intervals count from it). */
  anchor: Date;
}

/** Wall-clock parts as the UTC fields of a Date: how rrule reads and writes local times. */
const floating = (y: number, m: number, d: number, hour = 0, minute = 0) =>
  new Date(Date.UTC(y, m - 1, d, hour, minute));

/**
 * The next time a schedule fires after `after`, on the wall clock of its time zone (so 9:00
 * stays 9:00 across daylight-saving changes), or null when it never fires again (a ONCE that has
 * passed). Recurring schedules follow their rule exactly (rrule, over local times); a rule of
 * hours or minutes steps in real time from the anchor instead, since a wall clock repeats and skips hours.
 * A schedule with a value out of range, or whose next run would fall outside the dates a Date
 * holds, throws ScheduleOutOfRange with the reason (schedule-limits.ts): it is never run as a guess.
 */
export function nextRun(schedule: Schedule, after: Date): Date | null {
  checkSchedule(schedule);
  const next = occurrenceAfter(schedule, after);
  if (next && Number.isNaN(next.getTime()))
    throw new ScheduleOutOfRange('the next run falls outside the dates a workflow can be scheduled on.');
  return next;
}

/**
 * Why a schedule about to be planned cannot be, as a sentence to tell the user: a value out of
 * range (an interval of 0, under five minutes or over ten years), or a first run further ahead
 * than ten years ("in 99999999 hours"); null when it can be scheduled.
 */
export function planningProblem(schedule: Schedule, now: Date): string | null {
  let first: Date | null;
  try {
    first = nextRun(schedule, now);
  } catch (error) {
    if (!(error instanceof ScheduleOutOfRange)) throw error;
    return error.message.charAt(0).toUpperCase() + error.message.slice(1);
  }
  const horizon = new Date(now);
  horizon.setUTCFullYear(horizon.getUTCFullYear() + MAX_YEARS);
  if (first && first > horizon) return `That is further ahead than a workflow may be planned (${MAX_YEARS} years).`;
  return null;
}

function occurrenceAfter(schedule: Schedule, after: Date): Date | null {
  const { timeZone } = schedule;
  const hour = schedule.hour ?? 0;
  const minute = schedule.minute ?? 0;
  const anchor = wallClock(schedule.anchor, timeZone);
  if (schedule.frequency === ScheduleFrequency.ONCE) {
    const [y, m, d] = (schedule.date ?? onceDate(schedule.day, anchor)).split('-').map(Number);
    const at = instantOf(y, m, d, hour, minute, timeZone);
    return at > after ? at : null;
  }
  const text =
    schedule.recurrence ??
    ruleOfFields({ frequency: schedule.frequency, day: schedule.day, interval: schedule.interval, anchorDate: anchor });
  if (!text) return null;
  const ms = clockStep(text);
  if (ms !== null) {
    const start = schedule.anchor.getTime();
    return new Date(start + (Math.floor((after.getTime() - start) / ms) + 1) * ms);
  }
  const parsed = parseRule(text);
  if (!parsed) throw new ScheduleOutOfRange(`${text} is not a recurrence rule a workflow follows.`);
  const rule = new RRule({
    ...parsed.origOptions,
    dtstart: floating(anchor.year, anchor.month, anchor.day, hour, minute),
  });
  const now = wallClock(after, timeZone);
  let occurrence = rule.after(floating(now.year, now.month, now.day, now.hour, now.minute), true);
  // A local time repeated by a DST change can map to an instant at or before `after`: take the next.
  for (let i = 0; occurrence && i < 3; i++) {
    const at = instantOf(
      occurrence.getUTCFullYear(),
      occurrence.getUTCMonth() + 1,
      occurrence.getUTCDate(),
      hour,
      minute,
      timeZone,
    );
    if (at > after) return at;
    occurrence = rule.after(occurrence, false);
  }
  return null;
}

/** The date of a ONCE stored before plans had dates: the day it was made, or the named weekday after it. */
function onceDate(day: number | null, anchor: { year: number; month: number; day: number; weekday: number }): string {
  const ahead = day ? ((day - anchor.weekday + 6) % 7) + 1 : 0;
  return new Date(Date.UTC(anchor.year, anchor.month - 1, anchor.day + ahead)).toISOString().slice(0, 10);
}
