/**
 * The dashboard draws in two waves. First what the page is for: the KPIs and the charts,
 * with only the code they need. Then the filter bar's pickers and the listing tables (the
 * date picker, selects, tree select and table: about 110 kB gzip of antd), whose chunks
 * start loading only when the first chart is drawn, so they do not compete with the chart's
 * code and data for the browser's six connections and its one main thread. The wave also
 * opens at once when no chart is coming (an empty period, both chart panels hidden) and
 * after WAVE_DELAY_MS at the latest, so a slow or failing chart never holds the filters back.
 * Their data is fetched in the first wave all the same (dashboard.prefetch.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { happened, whenFirst } from '../../../shared/perf-marks';

export const WAVE_DELAY_MS = 1500;

/** `chartComing`: true while a chart will draw, false when none will, undefined while that is not yet known. */
export function useSecondWave(chartComing: boolean | undefined): boolean {
  const [open, setOpen] = useState(() => happened('chart'));
  const mountedAt = useRef(Date.now());
  useEffect(() => {
    if (open) return;
    if (chartComing === false) {
      setOpen(true);
      return;
    }
    const stop = whenFirst('chart', () => setOpen(true));
    const timer = setTimeout(() => setOpen(true), Math.max(0, WAVE_DELAY_MS - (Date.now() - mountedAt.current)));
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [open, chartComing]);
  return open;
}
