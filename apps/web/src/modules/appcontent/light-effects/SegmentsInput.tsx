/**
 * An effect's segments in the edit drawer: how many (1–100) and the colour of each. The strip
 * is drawn with the colours being typed; a click on a segment gives it the next colour. A new
 * count keeps the segments there were and cycles the colours over the added ones; a colour
 * removed moves its segments to a colour still there (so the strip never names a missing one).
 */
import { cycleSegments, EFFECT_LIMITS } from '@bo/contract/appcontent/light-effects';
import { Button, InputNumber, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { shown } from '../swatch/Swatch';

const { min, max } = EFFECT_LIMITS.segments;

export function SegmentsInput({
  value,
  onChange,
  colors,
  countLabel,
  segmentLabel,
  hint,
  disabled,
}: {
  value?: number[];
  onChange?: (v: number[]) => void;
  colors: readonly unknown[];
  countLabel: string;
  segmentLabel: string;
  hint: string;
  disabled?: boolean;
}) {
  const segments = value ?? [];
  const n = Math.max(colors.length, 1);
  const dangling = colors.length > 0 && segments.some((s) => s >= colors.length);
  useEffect(() => {
    if (dangling) onChange?.(segments.map((s) => s % colors.length));
  }, [dangling, segments, colors.length, onChange]);
  const resize = (count: number | null) => {
    const c = Math.min(max, Math.max(min, Math.floor(count ?? min)));
    const cycled = cycleSegments(c, colors.length);
    onChange?.(cycled.map((v, i) => segments[i] ?? v));
  };
  return (
    <Space orientation="vertical" size={4} style={{ width: '100%' }}>
      <Space>
        <Typography.Text>{countLabel}</Typography.Text>
        <InputNumber
          min={min}
          max={max}
          value={segments.length || null}
          onChange={(v) => resize(v)}
          disabled={disabled}
          data-testid="light-effect-segment-count"
        />
        <Typography.Text type="secondary">{hint}</Typography.Text>
      </Space>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 2 }} data-testid="light-effect-segments">
        {segments.map((s, i) => (
          <Button
            // biome-ignore lint/suspicious/noArrayIndexKey: a segment is its place on the strip
            key={i}
            size="small"
            disabled={disabled}
            style={{
              width: 22,
              minWidth: 22,
              height: 22,
              padding: 0,
              background: s < colors.length ? shown(colors[s]) : undefined,
            }}
            aria-label={`${segmentLabel} ${i + 1}: ${s + 1}`}
            onClick={() => onChange?.(segments.map((v, j) => (j === i ? (v + 1) % n : v)))}
            data-testid={`light-effect-segment-${i}`}
          />
        ))}
      </div>
    </Space>
  );
}
