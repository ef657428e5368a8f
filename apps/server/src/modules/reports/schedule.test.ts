import type { Schedule } from '@bo/contract/reports/reports';
import { describe, expect, it } from 'vitest';
import { isTimeZone, nextDue } from './schedule';

const s = (over: Partial<Schedule>): Schedule => ({
  kind: 'daily',
  time: '08:00',
  weekday: null,
  monthDay: null,
  timeZone: 'Asia/Shanghai',
  ...over,
});
const at = (iso: string) => new Date(iso);
const next = (sch: Partial<Schedule>, after: string) => nextDue(s(sch), at(after)).toISOString();

describe('report schedules', () => {
  it('daily: today at the local time when still ahead, else tomorrow', () => {
    // 08:00 in Shanghai is 00:00Z.
    expect(next({}, '2026-11-27T23:59:00Z')).toBe('2026-11-28T00:00:00.000Z');
    expect(next({}, '2026-11-28T00:00:00Z')).toBe('2026-11-29T00:00:00.000Z');
    expect(next({ time: '23:30' }, '2026-11-28T15:29:00Z')).toBe('2026-11-28T15:30:00.000Z');
  });

  it('uses the local date, not the UTC one, across midnight', () => {
    // 2026-11-28T20:00Z is already the 29th, 04:00 in Shanghai: 08:00 that day is 00:00Z on the 29th.
    expect(next({}, '2026-11-28T20:00:00Z')).toBe('2026-11-29T00:00:00.000Z');
    // Los Angeles, 07:00 local (UTC−8 in November) is 15:00Z.
    expect(next({ time: '07:00', timeZone: 'America/Los_Angeles' }, '2026-11-28T06:00:00Z')).toBe('2026-11-28T15:00:00.000Z');
  });

  it('weekly on a weekday (ISO: 1 Monday … 7 Sunday)', () => {
    // 2026-11-28 is a Saturday.
    expect(next({ kind: 'weekly', weekday: 1 }, '2026-11-28T03:00:00Z')).toBe('2026-11-30T00:00:00.000Z');
    expect(next({ kind: 'weekly', weekday: 6 }, '2026-11-27T23:00:00Z')).toBe('2026-11-28T00:00:00.000Z');
    expect(next({ kind: 'weekly', weekday: 6 }, '2026-11-28T00:00:00Z')).toBe('2026-12-05T00:00:00.000Z');
    expect(next({ kind: 'weekly', weekday: 7, timeZone: 'UTC' }, '2026-11-28T00:00:00Z')).toBe('2026-11-29T08:00:00.000Z');
  });

  it('monthly: a day the month lacks runs on its last day', () => {
    const m31 = { kind: 'monthly' as const, monthDay: 31, timeZone: 'UTC' };
    expect(next(m31, '2026-01-31T08:00:00Z')).toBe('2026-02-28T08:00:00.000Z');
    expect(next(m31, '2026-02-28T08:00:00Z')).toBe('2026-03-31T08:00:00.000Z');
    expect(next(m31, '2026-04-01T00:00:00Z')).toBe('2026-04-30T08:00:00.000Z');
    // A leap year's February.
    expect(next({ ...m31, monthDay: 30 }, '2028-02-01T00:00:00Z')).toBe('2028-02-29T08:00:00.000Z');
    expect(next({ ...m31, monthDay: 15 }, '2026-12-15T08:00:01Z')).toBe('2027-01-15T08:00:00.000Z');
  });

  it('daylight saving: the wall time holds across the change; a skipped time runs after it, a doubled one once', () => {
    const berlin = { timeZone: 'Europe/Berlin' };
    // 08:00 CET (UTC+1) before the change on 2026-03-29, 08:00 CEST (UTC+2) after.
    expect(next(berlin, '2026-03-28T07:00:00Z')).toBe('2026-03-29T06:00:00.000Z');
    expect(next(berlin, '2026-03-29T06:00:00Z')).toBe('2026-03-30T06:00:00.000Z');
    // 02:30 does not exist on 2026-03-29 in Berlin: 03:30 CEST (01:30Z).
    expect(next({ ...berlin, time: '02:30' }, '2026-03-28T12:00:00Z')).toBe('2026-03-29T01:30:00.000Z');
    // 02:30 occurs twice on 2026-10-25: the first (CEST, 00:30Z), and not again that day.
    expect(next({ ...berlin, time: '02:30' }, '2026-10-24T12:00:00Z')).toBe('2026-10-25T00:30:00.000Z');
    expect(next({ ...berlin, time: '02:30' }, '2026-10-25T00:30:00Z')).toBe('2026-10-26T01:30:00.000Z');
  });

  it('knows the time zones', () => {
    expect(isTimeZone('Asia/Shanghai')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
