/**
 * The arithmetic of LiteChart's axes, kept apart from React so that it is tested on its own:
 * "nice" value ticks (1, 2, 2.5 or 5 times a power of ten, zero always on the axis), text widths
 * estimated without a canvas (the first paint does not wait for a measurement), and which
 * category labels fit without overlapping.
 */

export interface ValueScale {
  min: number;
  max: number;
  ticks: number[];
}

const STEPS = [1, 2, 2.5, 5, 10] as const;

/** The smallest step of 1, 2, 2.5 or 5 × 10^k that covers `span` in at most `count` intervals. */
function niceStep(span: number, count: number): number {
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = STEPS.find((s) => s * power >= raw - power * 1e-9) ?? 10;
  return step * power;
}

/**
 * Ticks from zero (or the lowest value below it) to the highest value, about `count` of them.
 * No values, or only zeros, give 0..1 so that an axis is still drawn.
 */
export function niceScale(values: readonly (number | null)[], count = 5): ValueScale {
  let low = 0;
  let high = 0;
  for (const v of values) {
    if (v === null || !Number.isFinite(v)) continue;
    low = Math.min(low, v);
    high = Math.max(high, v);
  }
  if (low === high) high = low + 1;
  const step = niceStep(high - low, count);
  const min = Math.floor(low / step + 1e-9) * step;
  const max = Math.ceil(high / step - 1e-9) * step;
  const ticks: number[] = [];
  // Counted in steps, not added up, so that 0.1 + 0.2 never shows as 0.30000000000000004.
  const digits = Math.max(0, -Math.floor(Math.log10(step)) + 1);
  for (let i = 0; min + i * step <= max + step * 1e-9; i += 1) ticks.push(Number((min + i * step).toFixed(digits)));
  return { min, max, ticks };
}

/** Where `value` lies between `min` (0) and `max` (1). */
export const ratio = (value: number, scale: Pick<ValueScale, 'min' | 'max'>): number =>
  scale.max === scale.min ? 0 : (value - scale.min) / (scale.max - scale.min);

/**
 * The width of `text` at 12 px in the system font, in pixels: a CJK character (or another
 * full-width one) is about a font size wide, a Latin letter or digit a bit over half of it.
 */
export function textWidth(text: string, fontSize = 12): number {
  let em = 0;
  for (const ch of text)
    em += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(ch) ? 1 : 0.58;
  return Math.ceil(em * fontSize);
}

/**
 * The indexes of the labels to show along a horizontal axis: centred at `centres`, a label
 * is kept when it starts `gap` pixels after the last kept one ends (the first one always).
 */
export function visibleLabels(labels: readonly string[], centres: readonly number[], gap = 8): Set<number> {
  const shown = new Set<number>();
  let end = Number.NEGATIVE_INFINITY;
  labels.forEach((label, i) => {
    const half = textWidth(label) / 2;
    const centre = centres[i] ?? 0;
    if (centre - half >= end + gap) {
      shown.add(i);
      end = centre + half;
    }
  });
  return shown;
}
