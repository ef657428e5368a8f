/** Quiet hours read in each device's own time zone, across midnight and daylight-saving changes. */
import { describe, expect, it } from 'vitest';
import { isQuiet, quietUntil } from './quiet-hours';

const at = (iso: string) => new Date(iso);
const until = (iso: string, tz: string, s: string | null = '22:00', e: string | null = '08:00') =>
  quietUntil(at(iso), tz, s, e)?.toISOString() ?? null;

describe('quiet hours', () => {
  it('wraps midnight; the start counts, the end does not', () => {
    expect(isQuiet(22 * 60, 22 * 60, 8 * 60)).toBe(true);
    expect(isQuiet(7 * 60 + 59, 22 * 60, 8 * 60)).toBe(true);
    expect(isQuiet(8 * 60, 22 * 60, 8 * 60)).toBe(false);
    expect(isQuiet(21 * 60 + 59, 22 * 60, 8 * 60)).toBe(false);
    expect(isQuiet(13 * 60, 12 * 60, 14 * 60)).toBe(true);
    expect(isQuiet(14 * 60, 12 * 60, 14 * 60)).toBe(false);
  });

  it('Tokyo and New York at the same UTC instants', () => {
    // 14:00 UTC: 23:00 in Tokyo (waits for 08:00 JST = 23:00 UTC), 09:00 in New York (no wait).
    expect(until('2026-01-15T14:00:00Z', 'Asia/Tokyo')).toBe('2026-01-15T23:00:00.000Z');
    expect(until('2026-01-15T14:00:00Z', 'America/New_York')).toBeNull();
    // 04:00 UTC: 13:00 in Tokyo, 23:00 in New York (waits for 08:00 EST = 13:00 UTC).
    expect(until('2026-01-15T04:00:00Z', 'Asia/Tokyo')).toBeNull();
    expect(until('2026-01-15T04:00:00Z', 'America/New_York')).toBe('2026-01-15T13:00:00.000Z');
    // Seconds into the minute do not shift the end.
    expect(until('2026-01-15T14:00:42.5Z', 'Asia/Tokyo')).toBe('2026-01-15T23:00:00.000Z');
    // Half-hour zones.
    expect(until('2026-01-15T17:00:00Z', 'Asia/Kolkata')).toBe('2026-01-16T02:30:00.000Z');
  });

  it('follows a daylight-saving change inside the wait', () => {
    // New York springs forward on 2026-03-08 at 02:00: 08:00 that morning is 12:00 UTC (EDT), not 13:00.
    expect(until('2026-03-08T04:00:00Z', 'America/New_York')).toBe('2026-03-08T12:00:00.000Z');
    // And falls back on 2026-11-01: 08:00 EST is 13:00 UTC.
    expect(until('2026-11-01T04:00:00Z', 'America/New_York')).toBe('2026-11-01T13:00:00.000Z');
  });

  it('none without both ends', () => {
    expect(until('2026-01-15T14:00:00Z', 'Asia/Tokyo', null, null)).toBeNull();
  });
});
