import { ScheduleFrequency } from '../src/modules/agent/planner/plan-enums';
import { nextRun, type Schedule } from '../src/modules/agent/planner/next-run';

// When a workflow runs next (src/modules/agent/planner/next-run.ts): on the wall clock of its
// time zone, across daylight-saving changes and short months.

const base: Schedule = { frequency: ScheduleFrequency.DAILY, hour: 9, minute: 0, day: null, interval: null, timeZone: 'UTC', anchor: new Date('2026-11-23T08:00:00Z') };
const at = (iso: string) => new Date(iso);
const next = (schedule: Partial<Schedule>, after: string) => nextRun({ ...base, ...schedule }, at(after))?.toISOString() ?? null;

describe('nextRun', () => {
  it('runs daily at the local time, today if it is still ahead', () => {
    expect(next({}, '2026-11-23T08:59:00Z')).toBe('2026-11-23T09:00:00.000Z');
    expect(next({}, '2026-11-23T09:00:00Z')).toBe('2026-11-24T09:00:00.000Z');
  });

  it('keeps 9:00 local across a daylight-saving change', () => {
    const paris = { timeZone: 'Europe/Paris' };
    expect(next(paris, '2026-03-28T12:00:00Z')).toBe('2026-03-29T07:00:00.000Z'); // CEST from 29 March
    expect(next(paris, '2026-03-27T12:00:00Z')).toBe('2026-03-28T08:00:00.000Z'); // still CET
    expect(next({ timeZone: 'America/New_York', hour: 18, minute: 30 }, '2026-11-23T12:00:00Z')).toBe('2026-11-23T23:30:00.000Z');
  });

  it('runs on weekdays, on a weekday, on a day of the month (the last day of short months) and each quarter', () => {
    expect(next({ frequency: ScheduleFrequency.WEEKDAY }, '2026-11-27T10:00:00Z')).toBe('2026-11-30T09:00:00.000Z'); // Friday -> Monday
    expect(next({ frequency: ScheduleFrequency.WEEKLY, day: 5 }, '2026-11-23T10:00:00Z')).toBe('2026-11-27T09:00:00.000Z');
    expect(next({ frequency: ScheduleFrequency.MONTHLY, day: 31 }, '2027-02-01T00:00:00Z')).toBe('2027-02-28T09:00:00.000Z');
    expect(next({ frequency: ScheduleFrequency.QUARTERLY, day: 1 }, '2026-11-23T10:00:00Z')).toBe('2027-01-01T09:00:00.000Z');
    expect(next({ frequency: ScheduleFrequency.YEARLY }, '2026-11-23T10:00:00Z')).toBe('2027-11-23T09:00:00.000Z');
  });

  it('counts custom intervals from the day the workflow was made', () => {
    expect(next({ frequency: ScheduleFrequency.CUSTOM, interval: { every: 3, unit: 'day' } }, '2026-11-23T10:00:00Z')).toBe('2026-11-26T09:00:00.000Z');
    // Every other Monday, counted from the anchor's week (Monday 23 November).
    expect(next({ frequency: ScheduleFrequency.CUSTOM, day: 1, interval: { every: 2, unit: 'week' } }, '2026-11-23T10:00:00Z')).toBe('2026-12-07T09:00:00.000Z');
    expect(next({ frequency: ScheduleFrequency.CUSTOM, interval: { every: 4, unit: 'hour' } }, '2026-11-23T09:00:00Z')).toBe('2026-11-23T12:00:00.000Z');
  });

  it('runs a ONCE schedule once: today, tomorrow or on the named weekday, then never', () => {
    const once = { frequency: ScheduleFrequency.ONCE };
    expect(next(once, '2026-11-23T08:30:00Z')).toBe('2026-11-23T09:00:00.000Z');
    expect(next({ ...once, tomorrow: true }, '2026-11-23T08:30:00Z')).toBe('2026-11-24T09:00:00.000Z');
    expect(next({ ...once, day: 3 }, '2026-11-23T08:30:00Z')).toBe('2026-11-25T09:00:00.000Z');
    expect(next(once, '2026-11-23T09:30:00Z')).toBeNull();
  });
});
