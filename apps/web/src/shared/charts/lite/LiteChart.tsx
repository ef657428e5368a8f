import {
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { markFirst } from '../../perf-marks';
import { CHART_COLORS } from '../colors';
import { niceScale, ratio, textWidth, visibleLabels } from './scale';

/** Bars per category; `opacity` per point (a pending bucket's bar is lighter). */
export interface LiteBarSeries {
  type: 'bar';
  name: string;
  color: string;
  values: readonly number[];
  opacity?: readonly number[];
}

/** A line through the categories' centres; a null leaves a gap. Vertical charts only. */
export interface LiteLineSeries {
  type: 'line';
  name: string;
  color: string;
  values: readonly (number | null)[];
  dashed?: boolean;
  /** Markers drawn as rings rather than dots. */
  hollow?: boolean;
}

export type LiteSeries = LiteBarSeries | LiteLineSeries;

interface Props {
  categories: readonly string[];
  series: readonly LiteSeries[];
  height: number;
  testId: string;
  /** What the chart shows, read out when it takes the focus. */
  label: string;
  /** One bar per row, categories down the left in the given order, the value at each bar's end. */
  horizontal?: boolean;
  /** A legend above the chart, one entry per series name. */
  legend?: boolean;
  /** The value axis's labels (vertical charts). */
  formatValue?: (value: number) => string;
  /** The text at the end of a category's bar (horizontal charts). */
  endLabel?: (index: number) => string;
  /** The tooltip's content for the category under the pointer or the keyboard. */
  tooltip: (index: number) => ReactNode;
  maxBarWidth?: number;
  /** The chart shows server data: its first paint marks 'bo:first-chart'. */
  hasData: boolean;
}

const FONT = 12;
const LEGEND = 28;
const DASH = '5 4';
const SHADOW = 'rgba(150, 150, 150, 0.18)';

// Inline styles: the chart brings its look along in its own chunk (no entry CSS, no antd).
const BOX: CSSProperties = { position: 'relative', width: '100%' };
const EMPTY: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  color: 'rgba(0, 0, 0, 0.25)',
  fontSize: 14,
};
const LEGEND_ROW: CSSProperties = {
  display: 'flex',
  gap: 16,
  alignItems: 'center',
  fontSize: FONT,
  color: 'rgba(0, 0, 0, 0.65)',
};
const LEGEND_ENTRY: CSSProperties = { display: 'inline-flex', gap: 6, alignItems: 'center' };
const TIP: CSSProperties = {
  position: 'absolute',
  zIndex: 10,
  pointerEvents: 'none',
  background: '#fff',
  borderRadius: 4,
  boxShadow: 'rgba(0, 0, 0, 0.2) 1px 2px 10px',
  padding: '8px 10px',
  fontSize: 13,
  lineHeight: 1.6,
  color: 'rgba(0, 0, 0, 0.75)',
  whiteSpace: 'nowrap',
};

interface Point {
  x: number;
  y: number;
}

/**
 * A light SVG chart for the screens that must draw before anything else (the dashboard):
 * a category axis and a value axis, bars and lines, or horizontal bars with end labels; a
 * tooltip under the pointer or the arrow keys. No chart library: a few kB instead of
 * ECharts' 170 (docs/decisions.md, "The dashboard draws its own SVG charts").
 */
export function LiteChart(props: Props) {
  const { categories, height, testId, label, hasData } = props;
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const tip = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [active, setActive] = useState<{ index: number; at: Point } | null>(null);
  const empty = categories.length === 0;

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const resize = new ResizeObserver((entries) => {
      const w = entries[0]?.contentRect.width;
      if (w !== undefined) setWidth(Math.round(w));
    });
    resize.observe(el);
    return () => resize.disconnect();
  }, []);

  const drawn = width > 0 && !empty;
  useEffect(() => {
    if (!drawn || !hasData || typeof requestAnimationFrame !== 'function') return;
    const frame = requestAnimationFrame(() => markFirst('chart'));
    return () => cancelAnimationFrame(frame);
  }, [drawn, hasData]);

  // The tooltip beside its point, on the side with room, and inside the viewport.
  useLayoutEffect(() => {
    const el = tip.current;
    const frame = box.current;
    if (!el || !frame || !active) return;
    const area = frame.getBoundingClientRect();
    const w = el.offsetWidth;
    const h = el.offsetHeight;
    const viewW = window.innerWidth || area.right;
    const viewH = window.innerHeight || area.bottom;
    let left = active.at.x + 14;
    if (area.left + left + w > viewW - 8) left = active.at.x - 14 - w;
    left = Math.max(left, 8 - area.left);
    let top = active.at.y - h / 2;
    top = Math.min(top, viewH - 8 - area.top - h);
    top = Math.max(top, 8 - area.top);
    el.style.left = `${Math.round(left)}px`;
    el.style.top = `${Math.round(top)}px`;
  }, [active]);

  if (empty) {
    return (
      <div ref={box} data-testid={testId} style={{ ...EMPTY, height }}>
        {t('list.noData')}
      </div>
    );
  }

  const plot = drawn ? layout(props, width) : null;
  const count = categories.length;

  const pick = (index: number, at?: Point) => {
    if (!plot) return;
    const i = Math.min(count - 1, Math.max(0, index));
    setActive({ index: i, at: at ?? plot.anchor(i) });
  };
  const onMove = (e: MouseEvent<HTMLDivElement>) => {
    if (!plot || !box.current) return;
    const area = box.current.getBoundingClientRect();
    const at = { x: e.clientX - area.left, y: e.clientY - area.top };
    const i = plot.indexAt(at);
    if (i === null) setActive(null);
    else pick(i, at);
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = active?.index ?? -1;
    const next: Record<string, number> = {
      ArrowRight: i + 1,
      ArrowDown: i + 1,
      ArrowLeft: i < 0 ? 0 : i - 1,
      ArrowUp: i < 0 ? 0 : i - 1,
      Home: 0,
      End: count - 1,
    };
    if (e.key === 'Escape') setActive(null);
    else if (e.key in next) pick(next[e.key] ?? 0);
    else return;
    e.preventDefault();
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a <fieldset> is for form controls, this is a chart
    <div
      ref={box}
      data-testid={testId}
      style={{ ...BOX, height }}
      // A chart is no form control, yet the keyboard must reach it to read its figures: a
      // focusable group whose arrow keys move the tooltip (it is announced, role="status").
      // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
      tabIndex={0}
      role="group"
      aria-roledescription="chart"
      aria-label={label}
      onMouseMove={onMove}
      onMouseLeave={() => setActive(null)}
      onFocus={() => active ?? pick(0)}
      onBlur={() => setActive(null)}
      onKeyDown={onKey}
    >
      {props.legend && <Legend series={props.series} />}
      {plot && (
        <svg width={width} height={plot.svgHeight} aria-hidden="true" fontSize={FONT}>
          {plot.draw(active?.index ?? null)}
        </svg>
      )}
      <div ref={tip} style={TIP} role="status" hidden={!active} data-testid={`${testId}-tooltip`}>
        {active && props.tooltip(active.index)}
      </div>
    </div>
  );
}

function Legend({ series }: { series: readonly LiteSeries[] }) {
  const names = new Set<string>();
  const entries = series.filter((s) => !names.has(s.name) && names.add(s.name));
  return (
    <div style={{ ...LEGEND_ROW, height: LEGEND }}>
      {entries.map((s) => (
        <span key={s.name} style={LEGEND_ENTRY}>
          <svg width={22} height={12} aria-hidden="true">
            {s.type === 'bar' ? (
              <rect x={2} y={1} width={18} height={10} rx={2} fill={s.color} />
            ) : (
              <>
                <line
                  x1={0}
                  x2={22}
                  y1={6}
                  y2={6}
                  stroke={s.color}
                  strokeWidth={2}
                  strokeDasharray={s.dashed ? DASH : undefined}
                />
                <circle cx={11} cy={6} r={3} fill={s.hollow ? '#fff' : s.color} stroke={s.color} strokeWidth={1.5} />
              </>
            )}
          </svg>
          {s.name}
        </span>
      ))}
    </div>
  );
}

interface Layout {
  svgHeight: number;
  /** Where the tooltip of a category points when the keyboard chose it. */
  anchor: (index: number) => Point;
  /** The category under a point of the chart's box, or null outside the plot. */
  indexAt: (at: Point) => number | null;
  draw: (active: number | null) => ReactNode;
}

function layout(props: Props, width: number): Layout {
  const legend = props.legend ? LEGEND : 0;
  const svgHeight = Math.max(0, props.height - legend);
  return props.horizontal ? horizontal(props, width, svgHeight, legend) : vertical(props, width, svgHeight, legend);
}

const bars = (series: readonly LiteSeries[]) => series.filter((s): s is LiteBarSeries => s.type === 'bar');

/** The category axis along the bottom, the value axis on the left. */
function vertical(props: Props, width: number, svgHeight: number, legend: number): Layout {
  const { categories, series, formatValue = String } = props;
  const scale = niceScale(series.flatMap((s) => s.values));
  const tickText = scale.ticks.map(formatValue);
  const left = 8 + Math.max(...tickText.map((s) => textWidth(s))) + 8;
  const right = width - 16;
  const top = 10;
  const bottom = svgHeight - 24;
  const band = (right - left) / categories.length;
  const centre = (i: number) => left + band * (i + 0.5);
  const y = (v: number) => bottom - ratio(v, scale) * (bottom - top);
  const barSeries = bars(series);
  const barWidth = Math.min(props.maxBarWidth ?? 28, (band * 0.7) / Math.max(1, barSeries.length));
  const shown = visibleLabels(
    categories,
    categories.map((_, i) => centre(i)),
  );

  return {
    svgHeight,
    anchor: (i) => ({ x: centre(i), y: legend + top + (bottom - top) / 3 }),
    indexAt: ({ x, y: py }) => {
      const i = Math.floor((x - left) / band);
      return i < 0 || i >= categories.length || py < legend || py > legend + svgHeight ? null : i;
    },
    draw: (active) => (
      <>
        {active !== null && <rect x={left + band * active} y={top} width={band} height={bottom - top} fill={SHADOW} />}
        {scale.ticks.map((v, i) => (
          <g key={v}>
            <line x1={left} x2={right} y1={y(v)} y2={y(v)} stroke={v === 0 ? CHART_COLORS.axis : CHART_COLORS.split} />
            <text x={left - 8} y={y(v) + 4} textAnchor="end" fill={CHART_COLORS.axis}>
              {tickText[i]}
            </text>
          </g>
        ))}
        {categories.map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the categories are drawn in their order
          <g key={`${c}-${i}`}>
            <line x1={centre(i)} x2={centre(i)} y1={bottom} y2={bottom + 5} stroke={CHART_COLORS.axis} />
            {shown.has(i) && (
              <text x={centre(i)} y={bottom + 18} textAnchor="middle" fill={CHART_COLORS.axis}>
                {c}
              </text>
            )}
          </g>
        ))}
        {barSeries.map((s, k) => (
          <g key={s.name} data-series={s.name} fill={s.color}>
            {s.values.map((v, i) => (
              <rect
                // biome-ignore lint/suspicious/noArrayIndexKey: one bar per category, in the categories' order
                key={i}
                x={centre(i) - (barWidth * barSeries.length) / 2 + k * barWidth}
                y={Math.min(y(v), y(0))}
                width={barWidth}
                height={Math.abs(y(v) - y(0))}
                opacity={s.opacity?.[i]}
              />
            ))}
          </g>
        ))}
        {series.map((s) => (s.type === 'line' ? <Line key={`${s.name}-${s.dashed}`} series={s} x={centre} y={y} /> : null))}
      </>
    ),
  };
}

function Line({ series, x, y }: { series: LiteLineSeries; x: (i: number) => number; y: (v: number) => number }) {
  let d = '';
  series.values.forEach((v, i) => {
    if (v === null) return;
    d += `${i > 0 && series.values[i - 1] !== null ? 'L' : 'M'}${x(i).toFixed(1)} ${y(v).toFixed(1)}`;
  });
  return (
    <g data-series={series.name} data-dashed={series.dashed ? 'true' : undefined}>
      <path d={d} fill="none" stroke={series.color} strokeWidth={2} strokeDasharray={series.dashed ? DASH : undefined} />
      {series.values.map((v, i) =>
        v === null ? null : (
          <circle
            // biome-ignore lint/suspicious/noArrayIndexKey: one marker per category, in the categories' order
            key={i}
            cx={x(i)}
            cy={y(v)}
            r={2.5}
            fill={series.hollow ? '#fff' : series.color}
            stroke={series.color}
            strokeWidth={1.5}
          />
        ),
      )}
    </g>
  );
}

/** Categories down the left, one bar per row from zero, its end label after it. */
function horizontal(props: Props, width: number, svgHeight: number, legend: number): Layout {
  const { categories, endLabel } = props;
  const barSeries = bars(props.series);
  const scale = niceScale(barSeries.flatMap((s) => s.values));
  const labelWidth = Math.min(Math.max(...categories.map((c) => textWidth(c))), width * 0.4);
  const left = 8 + labelWidth + 8;
  const right = width - 56;
  const top = 8;
  const band = (svgHeight - 16) / categories.length;
  const centre = (i: number) => top + band * (i + 0.5);
  const x = (v: number) => left + ratio(Math.max(0, v), { min: 0, max: scale.max }) * (right - left);
  const barHeight = Math.min(props.maxBarWidth ?? 16, (band * 0.7) / Math.max(1, barSeries.length));
  const every = Math.ceil((FONT + 2) / band);

  return {
    svgHeight,
    anchor: (i) => ({ x: x(barSeries[0]?.values[i] ?? 0), y: legend + centre(i) }),
    indexAt: ({ y: py }) => {
      const i = Math.floor((py - legend - top) / band);
      return i < 0 || i >= categories.length ? null : i;
    },
    draw: (active) => (
      <>
        {active !== null && <rect x={left} y={top + band * active} width={right - left} height={band} fill={SHADOW} />}
        {categories.map((c, i) =>
          i % every === 0 ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the categories are drawn in their order
            <text key={`${c}-${i}`} x={left - 8} y={centre(i) + 4} textAnchor="end" fill={CHART_COLORS.axis}>
              {c}
            </text>
          ) : null,
        )}
        {barSeries.map((s, k) => (
          <g key={s.name} data-series={s.name} fill={s.color}>
            {s.values.map((v, i) => {
              const y0 = centre(i) - (barHeight * barSeries.length) / 2 + k * barHeight;
              const end = x(v);
              const r = Math.min(3, barHeight / 2, end - left);
              return (
                <path
                  // biome-ignore lint/suspicious/noArrayIndexKey: one bar per category, in the categories' order
                  key={i}
                  d={`M${left} ${y0}H${end - r}a${r} ${r} 0 0 1 ${r} ${r}V${y0 + barHeight - r}a${r} ${r} 0 0 1 ${-r} ${r}H${left}Z`}
                  opacity={s.opacity?.[i]}
                />
              );
            })}
          </g>
        ))}
        {endLabel &&
          categories.map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the categories are drawn in their order
            <text key={`${c}-${i}`} x={x(barSeries[0]?.values[i] ?? 0) + 6} y={centre(i) + 4} fill={CHART_COLORS.axis}>
              {endLabel(i)}
            </text>
          ))}
      </>
    ),
  };
}
