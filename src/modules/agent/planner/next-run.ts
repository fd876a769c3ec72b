import { ScheduleFrequency } from './plan-enums';
import { instantOf, wallClock } from './time-zones';

export interface Schedule {
  frequency: ScheduleFrequency;
  hour: number | null;
  minute: number | null;
  day: number | null;
  interval: { every: number; unit: 'hour' | 'day' | 'week' | 'month' } | null;
  timeZone: string;
  /** When the workflow was made: the start of CUSTOM intervals and the date of YEARLY runs. */
  anchor: Date;
  /** ONCE: the day after the anchor rather than the anchor's day. */
  tomorrow?: boolean;
}

const DAY_MS = 86_400_000;
/** Far enough for a yearly run or a six-monthly interval. */
const HORIZON_DAYS = 800;

/**
 * The next time a schedule fires after `after`, on the wall clock of its time zone (so 9:00
 * stays 9:00 across daylight-saving changes), or null when it never fires again (a ONCE that has
 * passed).
 */
export function nextRun(schedule: Schedule, after: Date): Date | null {
  const { frequency, timeZone, interval } = schedule;
  const hour = schedule.hour ?? 0;
  const minute = schedule.minute ?? 0;
  if (frequency === ScheduleFrequency.CUSTOM && interval?.unit === 'hour') {
    const step = interval.every * 3_600_000;
    const start = schedule.anchor.getTime();
    return new Date(start + (Math.floor((after.getTime() - start) / step) + 1) * step);
  }
  const anchor = wallClock(schedule.anchor, timeZone);
  const anchorDay = Date.UTC(anchor.year, anchor.month - 1, anchor.day);
  const today = wallClock(after, timeZone);
  const first = Date.UTC(today.year, today.month - 1, today.day);
  for (let i = 0; i <= HORIZON_DAYS; i++) {
    const date = new Date(first + i * DAY_MS);
    const y = date.getUTCFullYear();
    const m = date.getUTCMonth() + 1;
    const d = date.getUTCDate();
    const weekday = ((date.getUTCDay() + 6) % 7) + 1;
    const lastOfMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
    const dayOfMonth = Math.min(schedule.day ?? 1, lastOfMonth);
    const sinceAnchor = Math.round((date.getTime() - anchorDay) / DAY_MS);
    let fires: boolean;
    switch (frequency) {
      case ScheduleFrequency.DAILY:
        fires = true;
        break;
      case ScheduleFrequency.WEEKDAY:
        fires = weekday <= 5;
        break;
      case ScheduleFrequency.WEEKLY:
        fires = weekday === schedule.day;
        break;
      case ScheduleFrequency.MONTHLY:
        fires = d === dayOfMonth;
        break;
      case ScheduleFrequency.QUARTERLY:
        fires = (m - 1) % 3 === 0 && d === dayOfMonth;
        break;
      case ScheduleFrequency.YEARLY:
        fires = m === anchor.month && d === Math.min(anchor.day, lastOfMonth);
        break;
      case ScheduleFrequency.CUSTOM:
        fires = customFires(schedule, sinceAnchor, weekday, { y, m, d }, anchor);
        break;
      case ScheduleFrequency.ONCE: {
        if (sinceAnchor < 0) fires = false;
        else if (schedule.day) fires = weekday === schedule.day && sinceAnchor > 0 && sinceAnchor <= 7;
        else fires = sinceAnchor === (schedule.tomorrow ? 1 : 0);
        if (!fires && sinceAnchor > 8) return null;
        break;
      }
      default:
        return null;
    }
    if (!fires) continue;
    const at = instantOf(y, m, d, hour, minute, timeZone);
    if (at > after) return at;
    if (frequency === ScheduleFrequency.ONCE) return null;
  }
  return null;
}

function customFires(schedule: Schedule, sinceAnchor: number, weekday: number, date: { y: number; m: number; d: number }, anchor: { year: number; month: number; day: number; weekday: number }): boolean {
  const every = schedule.interval?.every ?? 1;
  if (sinceAnchor < 0) return false;
  switch (schedule.interval?.unit) {
    case 'day':
      return sinceAnchor % every === 0;
    case 'week': {
      const target = schedule.day ?? anchor.weekday;
      // Weeks counted from the Monday of the anchor's week.
      const weeks = Math.floor((sinceAnchor + anchor.weekday - 1) / 7);
      return weekday === target && weeks % every === 0;
    }
    case 'month': {
      const months = (date.y - anchor.year) * 12 + (date.m - anchor.month);
      return months % every === 0 && date.d === anchor.day;
    }
    default:
      return false;
  }
}
