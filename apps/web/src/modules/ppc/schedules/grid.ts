/** The 7 × 24 grid of a bid schedule: presets, copying a day, painting, colours, the hour now. */
import { SCHEDULE_MAX_PCT, SCHEDULE_MIN_PCT } from '@bo/contract/ppc/schedules';

export type Grid = number[][];
export const DAYS = 7;
export const HOURS = 24;
/** Weekday keys, Monday first, as the grid's rows. */
export const WEEKDAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export const dayKey = (d: number) => WEEKDAY_KEYS[d] ?? 'mon';

export const clampPct = (v: number) => Math.min(SCHEDULE_MAX_PCT, Math.max(SCHEDULE_MIN_PCT, Math.round(v)));

export const flatGrid = (pct = 100): Grid => Array.from({ length: DAYS }, () => Array.from({ length: HOURS }, () => pct));

export const PRESETS = ['flat', 'businessHours', 'nightsLow', 'weekend'] as const;
export type Preset = (typeof PRESETS)[number];

/**
 * Presets: business hours (Mon–Fri 09–18 at 120 %, else 80 %), nights low (00–06 at 50 %),
 * weekend (Sat and Sun at 70 %), flat (100 % everywhere).
 */
export function presetGrid(p: Preset): Grid {
  return Array.from({ length: DAYS }, (_, d) =>
    Array.from({ length: HOURS }, (_, h) => {
      switch (p) {
        case 'businessHours':
          return d < 5 && h >= 9 && h < 18 ? 120 : 80;
        case 'nightsLow':
          return h < 6 ? 50 : 100;
        case 'weekend':
          return d >= 5 ? 70 : 100;
        default:
          return 100;
      }
    }),
  );
}

/** A copy of `grid` with the hours of day `from` copied to the days `to`. */
export const copyDay = (grid: Grid, from: number, to: readonly number[]): Grid =>
  grid.map((row, d) => (to.includes(d) && d !== from ? [...(grid[from] ?? row)] : [...row]));

/** A copy of `grid` with the rectangle between two cells (inclusive) set to `pct`. */
export function paintRect(grid: Grid, a: { d: number; h: number }, b: { d: number; h: number }, pct: number): Grid {
  const [d0, d1] = [Math.min(a.d, b.d), Math.max(a.d, b.d)];
  const [h0, h1] = [Math.min(a.h, b.h), Math.max(a.h, b.h)];
  return grid.map((row, d) => row.map((v, h) => (d >= d0 && d <= d1 && h >= h0 && h <= h1 ? pct : v)));
}

/** Heat-map colour: blue below 100 %, white at 100 %, orange to red above. */
export function pctColor(pct: number): string {
  if (pct === 100) return '#ffffff';
  if (pct < 100) {
    const f = (100 - pct) / (100 - SCHEDULE_MIN_PCT);
    return `hsl(210, 80%, ${Math.round(95 - f * 45)}%)`;
  }
  const f = (pct - 100) / (SCHEDULE_MAX_PCT - 100);
  return `hsl(${Math.round(40 - f * 40)}, 90%, ${Math.round(88 - f * 40)}%)`;
}

/** The weekday (0 = Monday) and hour now in a time zone. */
export function slotNow(timeZone: string, now = new Date()): { d: number; h: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', hourCycle: 'h23' }).formatToParts(
    now,
  );
  const wd = parts.find((p) => p.type === 'weekday')?.value ?? 'Mon';
  return {
    d: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(wd),
    h: Number(parts.find((p) => p.type === 'hour')?.value) % 24,
  };
}
