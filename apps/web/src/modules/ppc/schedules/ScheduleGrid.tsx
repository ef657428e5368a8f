/**
 * The heat-map editor of a schedule's week: press on a cell and drag to paint the rectangle
 * with the chosen multiplier (a click paints one cell). Read-only without `onChange`.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayKey, type Grid, HOURS, paintRect, pctColor, WEEKDAY_KEYS } from './grid';

interface Cell {
  d: number;
  h: number;
}

export function ScheduleGrid(props: {
  grid: Grid;
  /** The multiplier painted. */
  paint?: number;
  onChange?: (grid: Grid) => void;
  /** The marketplace's weekday and hour now, outlined. */
  now?: Cell | null;
  compact?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [drag, setDrag] = useState<{ from: Cell; to: Cell } | null>(null);
  const editable = Boolean(props.onChange) && props.paint !== undefined;

  useEffect(() => {
    if (!drag) return;
    const end = () => {
      props.onChange?.(paintRect(props.grid, drag.from, drag.to, props.paint ?? 100));
      setDrag(null);
    };
    window.addEventListener('mouseup', end);
    return () => window.removeEventListener('mouseup', end);
  }, [drag, props]);

  const shown = drag ? paintRect(props.grid, drag.from, drag.to, props.paint ?? 100) : props.grid;
  const size = props.compact ? 10 : 30;
  return (
    <div
      className="bo-schedule-grid"
      style={{ display: 'inline-block', userSelect: 'none', fontSize: props.compact ? 0 : 11 }}
      data-testid={props.testId}
    >
      <table style={{ borderCollapse: 'collapse' }}>
        {!props.compact && (
          <thead>
            <tr>
              <th />
              {Array.from({ length: HOURS }, (_, h) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the hours are fixed columns
                <th key={h} style={{ width: size, fontWeight: 400, color: '#888' }}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
        )}
        <tbody>
          {shown.map((row, d) => (
            <tr key={WEEKDAY_KEYS[d]}>
              {!props.compact && (
                <th style={{ paddingRight: 6, fontWeight: 400, textAlign: 'right', whiteSpace: 'nowrap' }}>
                  {t(`ppc.schedule.weekday.${dayKey(d)}`)}
                </th>
              )}
              {row.map((pct, h) => {
                const isNow = props.now?.d === d && props.now?.h === h;
                return (
                  <td
                    // biome-ignore lint/suspicious/noArrayIndexKey: the hours are fixed columns
                    key={h}
                    title={`${t(`ppc.schedule.weekday.${dayKey(d)}`)} ${String(h).padStart(2, '0')}:00 · ${pct} %`}
                    data-testid={props.compact ? undefined : `grid-cell-${d}-${h}`}
                    data-pct={pct}
                    onMouseDown={
                      editable
                        ? (e) => {
                            e.preventDefault();
                            setDrag({ from: { d, h }, to: { d, h } });
                          }
                        : undefined
                    }
                    onMouseEnter={editable && drag ? () => setDrag({ from: drag.from, to: { d, h } }) : undefined}
                    style={{
                      width: size,
                      height: props.compact ? 8 : 24,
                      padding: 0,
                      textAlign: 'center',
                      background: pctColor(pct),
                      border: isNow ? '2px solid #1677ff' : '1px solid #e5e5e5',
                      cursor: editable ? 'crosshair' : 'default',
                      color: pct > 200 ? '#fff' : '#333',
                    }}
                  >
                    {props.compact ? null : pct}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
