import { RRule } from 'rrule';
import { ScheduleFrequency } from './plan-enums';

/** ISO weekday 1-7 as RRULE writes it. */
export const RRULE_DAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;

/** The parts of a rule this service writes, in the order it writes them. */
export interface RuleParts {
  freq: 'MINUTELY' | 'HOURLY' | 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY';
  interval?: number;
  byMonth?: number[];
  byMonthDay?: number[];
  /** `MO`, or with an ordinal in the month: `1MO`, `-1FR` (no "+", as most tools write it). */
  byDay?: string[];
  bySetPos?: number;
}

/**
 * The RRULE text of a schedule (RFC 5545, no DTSTART: the workflow's creation is its start;
 * no BYHOUR/BYMINUTE: the time is in the hour and minute fields). One order of parts, so
 * that equal rules are equal texts.
 */
export function ruleText(parts: RuleParts): string {
  const out = [`FREQ=${parts.freq}`];
  // Kept unless 1, so that an interval of 0 read from a request is refused (schedule-limits.ts), not run as 1.
  if (parts.interval !== undefined && parts.interval !== 1) out.push(`INTERVAL=${parts.interval}`);
  if (parts.byMonth?.length) out.push(`BYMONTH=${parts.byMonth.join(',')}`);
  if (parts.byMonthDay?.length) out.push(`BYMONTHDAY=${parts.byMonthDay.join(',')}`);
  if (parts.byDay?.length) out.push(`BYDAY=${parts.byDay.join(',')}`);
  if (parts.bySetPos !== undefined) out.push(`BYSETPOS=${parts.bySetPos}`);
  return out.join(';');
}

/** Day `day` of each month, or the month's last day when it has fewer (31 is always the last day). */
export function monthDayParts(day: number): Pick<RuleParts, 'byMonthDay' | 'bySetPos'> {
  if (day >= 31) return { byMonthDay: [-1] };
  if (day >= 29) return { byMonthDay: Array.from({ length: day - 27 }, (_, i) => 28 + i), bySetPos: -1 };
  return { byMonthDay: [day] };
}

/** What a schedule's frequency, day and interval fields mean as a rule (workflows stored before rules were, and plans without one). */
export function ruleOfFields(schedule: {
  frequency: ScheduleFrequency;
  day: number | null;
  interval: { every: number; unit: 'hour' | 'day' | 'week' | 'month' } | null;
  anchorDate: { month: number; day: number; weekday: number };
}): string | null {
  const { frequency, day, interval, anchorDate } = schedule;
  const weekday = RRULE_DAYS[(day ?? anchorDate.weekday) - 1];
  switch (frequency) {
    case ScheduleFrequency.DAILY:
      return ruleText({ freq: 'DAILY' });
    case ScheduleFrequency.WEEKDAY:
      return ruleText({ freq: 'WEEKLY', byDay: RRULE_DAYS.slice(0, 5) });
    case ScheduleFrequency.WEEKLY:
      return ruleText({ freq: 'WEEKLY', byDay: [weekday] });
    case ScheduleFrequency.MONTHLY:
      return ruleText({ freq: 'MONTHLY', ...monthDayParts(day ?? anchorDate.day) });
    case ScheduleFrequency.QUARTERLY:
      return ruleText({ freq: 'YEARLY', byMonth: [1, 4, 7, 10], ...monthDayParts(day ?? 1) });
    case ScheduleFrequency.YEARLY:
      return ruleText({ freq: 'YEARLY', byMonth: [anchorDate.month], ...monthDayParts(day ?? anchorDate.day) });
    case ScheduleFrequency.CUSTOM: {
      const every = interval?.every ?? 1;
      switch (interval?.unit) {
        case 'hour':
          return ruleText({ freq: 'HOURLY', interval: every });
        case 'week':
          return ruleText({ freq: 'WEEKLY', interval: every, byDay: [weekday] });
        case 'month':
          return ruleText({ freq: 'MONTHLY', interval: every, byMonthDay: [anchorDate.day] });
        default:
          return ruleText({ freq: 'DAILY', interval: every });
      }
    }
    default:
      return null;
  }
}

/** A stored rule read back; null when it is not one this service can run. */
export function parseRule(text: string): RRule | null {
  try {
    const options = RRule.parseString(text);
    if (options.freq === undefined || options.dtstart || options.until || options.count) return null;
    return new RRule(options);
  } catch {
    return null;
  }
}

/** The step of an HOURLY or MINUTELY rule, in milliseconds; null for other rules. */
export function clockStep(text: string): number | null {
  const rule = parseRule(text);
  if (!rule) return null;
  const every = rule.options.interval ?? 1;
  if (rule.options.freq === RRule.HOURLY) return every * 3_600_000;
  if (rule.options.freq === RRule.MINUTELY) return every * 60_000;
  return null;
}
