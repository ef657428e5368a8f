/**
 * Quiet hours in each device's own time zone: a message reaching a device between the local
 * start and end (22:00–08:00 wraps midnight; the start included, the end excluded) waits until
 * the end, as an instant. Time zones are IANA names read with the runtime's Intl data, so the
 * daylight-saving rules are the zone's own.
 */

const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(tz: string): Intl.DateTimeFormat {
  let f = formats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    if (formats.size > 1000) formats.clear();
    formats.set(tz, f);
  }
  return f;
}

/** Minutes since local midnight and the seconds of that minute, at `at` in `tz`. */
export function localClock(at: Date, tz: string): { minutes: number; seconds: number } {
  const parts = formatOf(tz).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { minutes: (n('hour') % 24) * 60 + n('minute'), seconds: n('second') };
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

export function isQuiet(minute: number, start: number, end: number): boolean {
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/**
 * When the quiet hours around `at` end for a device in `tz`, or null when `at` lies outside
 * them (or the message has none).
 */
export function quietUntil(at: Date, tz: string, start: string | null, end: string | null): Date | null {
  if (!start || !end) return null;
  const s = minutesOf(start);
  const e = minutesOf(end);
  const now = localClock(at, tz);
  if (!isQuiet(now.minutes, s, e)) return null;
  const ahead = (e - now.minutes + 1440) % 1440;
  let until = at.getTime() + ahead * 60_000 - now.seconds * 1000 - at.getUTCMilliseconds();
  // A daylight-saving change inside the wait moves the local clock: correct by what it reads then.
  const then = localClock(new Date(until), tz).minutes;
  let drift = e - then;
  if (drift > 720) drift -= 1440;
  if (drift < -720) drift += 1440;
  until += drift * 60_000;
  return new Date(Math.max(until, at.getTime() + 1000));
}
