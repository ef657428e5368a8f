/**
 * A calibration table's gains against colour temperature: one line per channel (R, G, B, and W
 * for RGBW) over the points in their order, drawn from the values being typed (a point not yet a
 * number leaves a gap). The chart is the kit's LiteChart (small SVG, no chart library).
 */
import type { WbChannels } from '@bo/contract/appdevices/white-balance';
import { useTranslation } from 'react-i18next';
import { LiteChart, type LiteLineSeries } from '../../../shared/charts/lite/LiteChart';

export interface GainPoint {
  cct?: number | null;
  r?: number | null;
  g?: number | null;
  b?: number | null;
  w?: number | null;
}

const COLORS = { r: '#e5484d', g: '#30a46c', b: '#0b68cb', w: '#8d8d8d' } as const;
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export function GainChart({ channels, points, testId }: { channels: WbChannels; points: readonly GainPoint[]; testId: string }) {
  const { t } = useTranslation();
  const keys = channels === 'rgbw' ? (['r', 'g', 'b', 'w'] as const) : (['r', 'g', 'b'] as const);
  const series: LiteLineSeries[] = keys.map((k) => ({
    type: 'line',
    name: t(`appDevices.whiteBalance.gain.${k}`),
    color: COLORS[k],
    values: points.map((p) => num(p[k])),
  }));
  return (
    <LiteChart
      categories={points.map((p) => (num(p.cct) === null ? '?' : `${p.cct} K`))}
      series={series}
      height={180}
      testId={testId}
      label={t('appDevices.whiteBalance.field.chart')}
      legend
      formatValue={(v) => v.toFixed(2)}
      tooltip={(i) => {
        const p = points[i];
        return (
          <div>
            <strong>{num(p?.cct) === null ? '?' : `${p?.cct} K`}</strong>
            {keys.map((k) => (
              <div key={k}>{`${t(`appDevices.whiteBalance.gain.${k}`)} ${num(p?.[k])?.toFixed(4) ?? '—'}`}</div>
            ))}
          </div>
        );
      }}
      hasData={points.length > 0}
    />
  );
}
