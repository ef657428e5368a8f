/**
 * The light effects' swatches (docs/appcontent.md "Light effects"), one component for the list's
 * column, the edit drawer (drawn from the values being typed, so half-typed colours must not
 * break it) and the preview:
 * - `EffectSwatch`: an effect's colours over its segments; a gradient blends them; a moving mode
 *   animates (breathe: fades, flow: the pattern runs along, music: segments pulse) at a pace
 *   from its speed, and stands still for someone who asked for reduced motion (swatch.css).
 * - `PaletteSwatch`: a palette's colours side by side.
 * - `PixelSwatch`: a pixel graphic, cell by cell.
 */
import { HEX_COLOR, isMoving } from '@bo/contract/appcontent/light-effects';
import type { CSSProperties } from 'react';
import './swatch.css';

/** The colour of a value being typed: itself when it is `#RRGGBB`, a neutral grey otherwise. */
const UNSET = '#8C8C8C';
export const shown = (c: unknown) => (typeof c === 'string' && HEX_COLOR.test(c.trim()) ? c.trim().toUpperCase() : UNSET);

/** Seconds one cycle of a moving mode takes: 0.4 s at speed 100, about 6 s at speed 1. */
export const cycleSeconds = (speed: number | null | undefined) => {
  const s = Math.min(100, Math.max(1, Number(speed) || 50));
  return Math.round((0.4 + (100 - s) * 0.056) * 100) / 100;
};

export interface EffectLike {
  mode?: string;
  colors?: readonly unknown[];
  segments?: readonly unknown[];
  speed?: number | null;
  brightness?: number | null;
}

export function EffectSwatch({
  effect,
  width = 160,
  height = 20,
  testId = 'swatch',
}: {
  effect: EffectLike;
  width?: number | string;
  height?: number;
  testId?: string;
}) {
  const colors = (effect.colors ?? []).map(shown);
  const segments = (effect.segments?.length ? effect.segments : colors.map((_, i) => i)).map((s) =>
    typeof s === 'number' && s >= 0 && s < colors.length ? (colors[s] as string) : UNSET,
  );
  const mode = String(effect.mode ?? 'static');
  const moving = isMoving(mode as never);
  const brightness = Math.min(100, Math.max(1, Number(effect.brightness) || 100));
  const style: CSSProperties = {
    width,
    height,
    filter: brightness < 100 ? `brightness(${0.25 + (0.75 * brightness) / 100})` : undefined,
  };
  const anim = moving ? { animationDuration: `${cycleSeconds(effect.speed)}s` } : undefined;
  const segs = (copy: number) =>
    segments.map((c, i) => (
      <span
        // biome-ignore lint/suspicious/noArrayIndexKey: a segment is its place on the strip
        key={`${copy}-${i}`}
        className="bo-swatch-seg"
        style={{ background: c, ...(mode === 'music' ? anim : undefined) }}
        data-testid={copy === 0 ? `${testId}-seg` : undefined}
      />
    ));
  return (
    <span
      className={`bo-swatch bo-swatch-${mode}`}
      style={style}
      data-testid={testId}
      data-mode={mode}
      role="img"
      aria-label={colors.join(' ')}
    >
      {mode === 'gradient' ? (
        <span
          className="bo-swatch-track"
          style={{ background: segments.length > 1 ? `linear-gradient(90deg, ${segments.join(', ')})` : segments[0] }}
          data-testid={`${testId}-gradient`}
        />
      ) : (
        <span className="bo-swatch-track" style={mode === 'music' ? undefined : anim} data-testid={`${testId}-track`}>
          {segs(0)}
          {mode === 'flow' && segs(1)}
        </span>
      )}
    </span>
  );
}

export function PaletteSwatch({
  colors,
  size = 18,
  testId = 'palette',
}: {
  colors: readonly unknown[];
  size?: number;
  testId?: string;
}) {
  const shownColors = colors.map(shown);
  return (
    <span className="bo-palette" data-testid={testId} role="img" aria-label={shownColors.join(' ')}>
      {shownColors.map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a colour is its place in the palette
        <span key={i} style={{ width: size, height: size, background: c }} data-testid={`${testId}-color`} />
      ))}
    </span>
  );
}

export function PixelSwatch({
  width,
  height,
  palette,
  cells,
  cell = 6,
  testId = 'pixels',
}: {
  width: number;
  height: number;
  palette: readonly unknown[];
  cells: readonly unknown[];
  cell?: number;
  testId?: string;
}) {
  const w = Math.max(0, Math.min(32, Math.floor(Number(width) || 0)));
  const h = Math.max(0, Math.min(32, Math.floor(Number(height) || 0)));
  const colors = palette.map(shown);
  const at = (i: number) => {
    const v = cells[i];
    return typeof v === 'number' && v >= 0 && v < colors.length ? (colors[v] as string) : UNSET;
  };
  return (
    <span
      className="bo-pixels"
      style={{ gridTemplateColumns: `repeat(${w}, ${cell}px)`, gridAutoRows: `${cell}px` }}
      data-testid={testId}
      role="img"
      aria-label={`${w} × ${h}`}
    >
      {Array.from({ length: w * h }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a cell is its place in the grid
        <span key={i} style={{ background: at(i) }} />
      ))}
    </span>
  );
}
