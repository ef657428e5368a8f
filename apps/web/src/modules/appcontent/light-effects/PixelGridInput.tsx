/**
 * A pixel graphic's cells in the edit drawer: a brush (one of the palette's colours) and the
 * grid of width × height cells; a click, or a drag with the button held, paints with the brush.
 * A new width or height keeps each cell that still fits where it was (new cells take colour 0).
 */
import { Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { shown } from '../swatch/Swatch';

/** The cells of a w × h grid, from those of an old one (`ow` wide): each cell that still fits stays where it was. */
export function resizeCells(cells: readonly number[], ow: number, w: number, h: number): number[] {
  return Array.from({ length: w * h }, (_, i) => {
    const x = i % w;
    const y = Math.floor(i / w);
    return x < ow ? (cells[y * ow + x] ?? 0) : 0;
  });
}

const side = (v: unknown) => Math.max(1, Math.min(32, Math.floor(Number(v) || 1)));

export function PixelGridInput({
  value,
  onChange,
  width,
  height,
  palette,
  brushLabel,
  disabled,
}: {
  value?: number[];
  onChange?: (v: number[]) => void;
  width: unknown;
  height: unknown;
  palette: readonly unknown[];
  brushLabel: string;
  disabled?: boolean;
}) {
  const w = side(width);
  const h = side(height);
  const cells = value ?? [];
  const [brush, setBrush] = useState(1);
  const [painting, setPainting] = useState(false);
  const lastWidth = useRef(w);
  // A new size re-lays the cells (the value must always be width × height long).
  useEffect(() => {
    if (cells.length !== w * h) onChange?.(resizeCells(cells, lastWidth.current, w, h));
    lastWidth.current = w;
  }, [w, h, cells, onChange]);
  // A drag paints until the button is released, wherever that happens.
  useEffect(() => {
    if (!painting) return;
    const stop = () => setPainting(false);
    window.addEventListener('mouseup', stop);
    return () => window.removeEventListener('mouseup', stop);
  }, [painting]);
  const b = Math.min(brush, Math.max(palette.length - 1, 0));
  const paint = (i: number) => {
    if (!disabled && cells[i] !== b) onChange?.(cells.map((v, j) => (j === i ? b : v)));
  };
  return (
    <Space orientation="vertical" size={6}>
      <Space wrap size={4} data-testid="recommend-graph-brushes">
        <Typography.Text>{brushLabel}</Typography.Text>
        {palette.map((c, i) => (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: a brush is its place in the palette
            key={i}
            type="button"
            aria-pressed={i === b}
            aria-label={`${brushLabel} ${i + 1}`}
            onClick={() => setBrush(i)}
            style={{
              width: 22,
              height: 22,
              background: shown(c),
              border: i === b ? '2px solid #1677ff' : '1px solid #d9d9d9',
              borderRadius: 4,
              cursor: 'pointer',
            }}
            data-testid={`recommend-graph-brush-${i}`}
          />
        ))}
      </Space>
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: `repeat(${w}, 14px)`,
          gap: 1,
          background: '#262626',
          width: 'max-content',
          userSelect: 'none',
        }}
        data-testid="recommend-graph-grid"
      >
        {Array.from({ length: w * h }, (_, i) => {
          const v = cells[i] ?? 0;
          return (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: a cell is its place in the grid
              key={i}
              type="button"
              tabIndex={-1}
              aria-label={`${(i % w) + 1},${Math.floor(i / w) + 1}`}
              style={{
                width: 14,
                height: 14,
                padding: 0,
                border: 0,
                background: v < palette.length ? shown(palette[v]) : '#8C8C8C',
                cursor: 'crosshair',
              }}
              onMouseDown={() => {
                setPainting(true);
                paint(i);
              }}
              onMouseEnter={() => painting && paint(i)}
              onClick={() => paint(i)}
              data-testid={`recommend-graph-cell-${i}`}
            />
          );
        })}
      </div>
    </Space>
  );
}
