/**
 * Schedule arithmetic of saved reports (docs/reports.md "Schedules"): the next instant after a
 * given one at which a daily, weekly or monthly schedule is due, at a wall-clock time of an
 * IANA time zone. A monthly day the month lacks (31 in April, 29–31 in February) runs on the
 * month's last day. A time that a daylight-saving change skips runs at the same distance after
 * the change (02:30 on a spring-forward night is 03:30); a time that occurs twice runs at the first.
 */
import type { Schedule } from '@bo/contract/reports/reports';

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatter = (timeZone: string) => {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
};

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at `ms` (local − UTC), in ms. */
function offsetAt(ms: number, timeZone: string): number {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  const local = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return local - Math.floor(ms / 1000) * 1000;
}

/** The local calendar date of `ms` in the zone, as a UTC midnight (for date arithmetic). */
const localDate = (ms: number, timeZone: string) => {
  const d = new Date(ms + offsetAt(ms, timeZone));
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
};

/** The instant of a wall-clock time on a local date (a UTC midnight) in the zone. */
function instantOf(dateUtcMidnight: number, hour: number, minute: number, timeZone: string): number {
  const wall = dateUtcMidnight + (hour * 60 + minute) * 60_000;
  // The offsets in force a day before and a day after: at most one change lies between.
  const before = wall - offsetAt(wall - 86_400_000, timeZone);
  const after = wall - offsetAt(wall + 86_400_000, timeZone);
  const reads = (c: number) => c + offsetAt(c, timeZone) === wall;
  const ok = [before, after].filter(reads);
  // Both read as the wall time: it occurs twice (the clock went back), the first one. Neither:
  // the clock skipped it; with the offset before the change it lands as far after it.
  return ok.length > 0 ? Math.min(...ok) : before;
}

const daysInMonth = (y: number, m0: number) => new Date(Date.UTC(y, m0 + 1, 0)).getUTCDate();

function dayMatches(s: Schedule, dateUtcMidnight: number): boolean {
  const d = new Date(dateUtcMidnight);
  if (s.kind === 'daily') return true;
  if (s.kind === 'weekly') return ((d.getUTCDay() + 6) % 7) + 1 === s.weekday;
  const want = Math.min(s.monthDay ?? 1, daysInMonth(d.getUTCFullYear(), d.getUTCMonth()));
  return d.getUTCDate() === want;
}

/** The first instant strictly after `after` at which the schedule is due. */
export function nextDue(s: Schedule, after: Date): Date {
  const [hour = 0, minute = 0] = s.time.split(':').map(Number);
  const start = localDate(after.getTime(), s.timeZone) - 86_400_000;
  for (let k = 0; k <= 64; k++) {
    const day = start + k * 86_400_000;
    if (!dayMatches(s, day)) continue;
    const at = instantOf(day, hour, minute, s.timeZone);
    if (at > after.getTime()) return new Date(at);
  }
  throw new Error('schedule: no due day within 64 days');
}
