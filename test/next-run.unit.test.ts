import { ScheduleFrequency } from '../src/modules/agent/planner/plan-enums';
import { nextRun, type Schedule } from '../src/modules/agent/planner/next-run';
import { ScheduleOutOfRange } from '../src/modules/agent/planner/schedule-limits';

// When a workflow runs next (src/modules/agent/planner/next-run.ts): on the wall clock of its
// time zone, across daylight-saving changes and short months.

const base: Schedule = {
  frequency: ScheduleFrequency.DAILY,
  hour: 9,
  minute: 0,
  day: null,
  interval: null,
  timeZone: 'UTC',
  anchor: new Date('2026-11-23T08:00:00Z'),
};
const at = (iso: string) => new Date(iso);
const next = (schedule: Partial<Schedule>, after: string) =>
  nextRun({ ...base, ...schedule }, at(after))?.toISOString() ?? null;

describe('nextRun', () => {
  it('runs daily at the local time, today if it is still ahead', () => {
    expect(next({}, '2026-11-23T08:59:00Z')).toBe('2026-11-23T09:00:00.000Z');
    expect(next({}, '2026-11-23T09:00:00Z')).toBe('2026-11-24T09:00:00.000Z');
  });

  it('keeps 9:00 local across a daylight-saving change', () => {
    const paris = { timeZone: 'Europe/Paris', anchor: at('2026-01-05T08:00:00Z') };
    expect(next(paris, '2026-03-28T12:00:00Z')).toBe('2026-03-29T07:00:00.000Z'); // CEST from 29 March
    expect(next(paris, '2026-03-27T12:00:00Z')).toBe('2026-03-28T08:00:00.000Z'); // still CET
    expect(next({ timeZone: 'America/New_York', hour: 18, minute: 30 }, '2026-11-23T12:00:00Z')).toBe(
      '2026-11-23T23:30:00.000Z',
    );
  });

  it('runs on weekdays, on a weekday, on a day of the month (the last day of short months) and each quarter', () => {
    expect(next({ frequency: ScheduleFrequency.WEEKDAY }, '2026-11-27T10:00:00Z')).toBe('2026-11-30T09:00:00.000Z'); // Friday -> Monday
    expect(next({ frequency: ScheduleFrequency.WEEKLY, day: 5 }, '2026-11-23T10:00:00Z')).toBe(
      '2026-11-27T09:00:00.000Z',
    );
    expect(next({ frequency: ScheduleFrequency.MONTHLY, day: 31 }, '2027-02-01T00:00:00Z')).toBe(
      '2027-02-28T09:00:00.000Z',
    );
    expect(next({ frequency: ScheduleFrequency.QUARTERLY, day: 1 }, '2026-11-23T10:00:00Z')).toBe(
      '2027-01-01T09:00:00.000Z',
    );
    expect(next({ frequency: ScheduleFrequency.YEARLY }, '2026-11-23T10:00:00Z')).toBe('2027-11-23T09:00:00.000Z');
  });

  it('counts custom intervals from the day the workflow was made', () => {
    expect(
      next({ frequency: ScheduleFrequency.CUSTOM, interval: { every: 3, unit: 'day' } }, '2026-11-23T10:00:00Z'),
    ).toBe('2026-11-26T09:00:00.000Z');
    // Every other Monday, counted from the anchor's week (Monday 23 November).
    expect(
      next(
        { frequency: ScheduleFrequency.CUSTOM, day: 1, interval: { every: 2, unit: 'week' } },
        '2026-11-23T10:00:00Z',
      ),
    ).toBe('2026-12-07T09:00:00.000Z');
    expect(
      next({ frequency: ScheduleFrequency.CUSTOM, interval: { every: 4, unit: 'hour' } }, '2026-11-23T09:00:00Z'),
    ).toBe('2026-11-23T12:00:00.000Z');
  });

  it('runs a ONCE schedule once: on its date, on the day it was made, or on the named weekday after it, then never', () => {
    const once = { frequency: ScheduleFrequency.ONCE };
    expect(next(once, '2026-11-23T08:30:00Z')).toBe('2026-11-23T09:00:00.000Z');
    expect(next({ ...once, date: '2026-11-24' }, '2026-11-23T08:30:00Z')).toBe('2026-11-24T09:00:00.000Z');
    expect(next({ ...once, date: '2026-11-24', timeZone: 'Asia/Tokyo' }, '2026-11-23T08:30:00Z')).toBe(
      '2026-11-24T00:00:00.000Z',
    );
    expect(next({ ...once, day: 3 }, '2026-11-23T08:30:00Z')).toBe('2026-11-25T09:00:00.000Z');
    expect(next(once, '2026-11-23T09:30:00Z')).toBeNull();
  });
});

describe('nextRun with a rule', () => {
  const rule = (recurrence: string, after: string, extra: Partial<Schedule> = {}) =>
    next({ frequency: ScheduleFrequency.CUSTOM, recurrence, ...extra }, after);

  it('follows several weekdays, ordinal weekdays and lists of month days exactly', () => {
    // Monday 23 November 2026 10:00Z: the Tuesday, then the Thursday.
    expect(rule('FREQ=WEEKLY;BYDAY=TU,TH', '2026-11-23T10:00:00Z')).toBe('2026-11-24T09:00:00.000Z');
    expect(rule('FREQ=WEEKLY;BYDAY=TU,TH', '2026-11-24T09:00:00Z')).toBe('2026-11-26T09:00:00.000Z');
    expect(rule('FREQ=MONTHLY;BYDAY=+1MO', '2026-11-23T10:00:00Z')).toBe('2026-12-07T09:00:00.000Z');
    expect(rule('FREQ=MONTHLY;BYDAY=-1FR', '2026-11-23T10:00:00Z')).toBe('2026-11-27T09:00:00.000Z');
    expect(rule('FREQ=MONTHLY;BYMONTHDAY=1,15', '2026-12-01T10:00:00Z')).toBe('2026-12-15T09:00:00.000Z');
    expect(rule('FREQ=MONTHLY;BYMONTHDAY=-1', '2027-02-01T00:00:00Z')).toBe('2027-02-28T09:00:00.000Z');
    expect(rule('FREQ=YEARLY;BYMONTH=3,6,9,12;BYMONTHDAY=-1', '2026-11-23T10:00:00Z')).toBe('2026-12-31T09:00:00.000Z');
    expect(rule('FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=3', '2026-11-23T10:00:00Z')).toBe('2027-03-03T09:00:00.000Z');
  });

  it('keeps the local time of a rule across a daylight-saving change, and counts intervals from the anchor', () => {
    const paris = { timeZone: 'Europe/Paris', anchor: at('2026-03-02T08:00:00Z') };
    // Mondays and Wednesdays at 9:00 Paris: CET (08:00Z) before 29 March, CEST (07:00Z) after.
    expect(rule('FREQ=WEEKLY;BYDAY=MO,WE', '2026-03-25T09:00:00Z', paris)).toBe('2026-03-30T07:00:00.000Z');
    expect(rule('FREQ=WEEKLY;BYDAY=MO,WE', '2026-03-23T09:00:00Z', paris)).toBe('2026-03-25T08:00:00.000Z');
    // Every other Monday from the anchor's week (2 March): 16 March, 30 March.
    expect(rule('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO', '2026-03-17T00:00:00Z', paris)).toBe('2026-03-30T07:00:00.000Z');
  });

  it('refuses a rule it cannot run rather than guessing', () => {
    expect(() => rule('FREQ=SOMETIMES', '2026-11-23T10:00:00Z')).toThrow(ScheduleOutOfRange);
    expect(() => rule('FREQ=DAILY;COUNT=3', '2026-11-23T10:00:00Z')).toThrow('COUNT=3 is not a part');
  });
});

describe('nextRun with values out of range', () => {
  // Each would overflow a Date (an Invalid Date stored, a RangeError on toISOString), make rrule
  // loop for ever (a negative interval), or run as something it is not (an interval of 0 as 1).
  const refused: [string, Partial<Schedule>, RegExp][] = [
    [
      'an interval beyond the Date range',
      { recurrence: 'FREQ=HOURLY;INTERVAL=99999999999' },
      /longer than a workflow may wait between runs \(10 years\)/,
    ],
    [
      'an interval of minutes beyond the Date range',
      { recurrence: 'FREQ=MINUTELY;INTERVAL=99999999999' },
      /every 99999999999 minutes is longer/,
    ],
    ['an interval of 0', { recurrence: 'FREQ=DAILY;INTERVAL=0' }, /^every 0 days is not an interval/],
    ['a negative interval', { recurrence: 'FREQ=DAILY;INTERVAL=-3' }, /INTERVAL=-3 is not a part/],
    ['a fractional interval', { recurrence: 'FREQ=DAILY;INTERVAL=1.5' }, /INTERVAL=1.5 is not a part/],
    ['minutes under the minimum', { recurrence: 'FREQ=MINUTELY;INTERVAL=1' }, /at most every 5 minutes/],
    ['seconds', { recurrence: 'FREQ=SECONDLY' }, /FREQ is MINUTELY to YEARLY/],
    ['a month day out of range', { recurrence: 'FREQ=MONTHLY;BYMONTHDAY=32' }, /BYMONTHDAY=32/],
    [
      'a stored interval beyond the Date range',
      { recurrence: null, interval: { every: 1e12, unit: 'hour' } },
      /longer than a workflow may wait/,
    ],
    ['a stored interval of 0', { recurrence: null, interval: { every: 0, unit: 'day' } }, /not an interval/],
    ['an hour of 24', { hour: 24 }, /^hour 24 is not an hour/],
    ['a minute of 1e9', { minute: 1e9 }, /^minute 1000000000 is not a minute/],
    [
      'a weekday of 8',
      { recurrence: null, frequency: ScheduleFrequency.WEEKLY, day: 8 },
      /^day 8 is not an ISO weekday/,
    ],
    [
      'a date beyond year 9999',
      { frequency: ScheduleFrequency.ONCE, recurrence: null, date: '275761-01-01' },
      /is not a date/,
    ],
    [
      'a date that does not exist',
      { frequency: ScheduleFrequency.ONCE, recurrence: null, date: '2027-02-30' },
      /is not a date/,
    ],
    ['a zone that does not exist', { timeZone: 'Mars/Olympus' }, /not an IANA time zone/],
  ];
  it.each(refused)('throws ScheduleOutOfRange for %s', (_, schedule, reason) => {
    const run = () =>
      nextRun({ ...base, frequency: ScheduleFrequency.CUSTOM, ...schedule }, at('2026-11-23T10:00:00Z'));
    expect(run).toThrow(ScheduleOutOfRange);
    expect(run).toThrow(reason);
  });

  it('runs the longest interval it allows: 87,840 hours (366-day years) from the anchor', () => {
    expect(
      next({ frequency: ScheduleFrequency.CUSTOM, recurrence: 'FREQ=HOURLY;INTERVAL=87840' }, '2026-11-23T10:00:00Z'),
    ).toBe('2036-11-30T08:00:00.000Z');
  });
});
