import type { EChartsCoreOption } from 'echarts/core';
import { useEffect, useRef } from 'react';
import { markFirst } from '../perf-marks';
import { echarts, hasTooltip, loadTooltip } from './echarts-core';

/**
 * No entry animation: the figures show complete in the first frame instead of growing for
 * a second (ECharts' default), which is a second sooner for the reader. Changes of filter
 * still animate (animationDurationUpdate, 300 ms). A chart's own option may override it.
 */
const ENTRY = { animationDuration: 0 } as const;

interface Props {
  option: EChartsCoreOption;
  height: number;
  /** The chart shows data: its first drawing marks 'bo:first-chart'. */
  hasData: boolean;
  testId: string;
}

/**
 * One ECharts canvas: created on mount, given each new option whole (notMerge), resized
 * with its box, disposed on unmount. A small binding of our own rather than
 * echarts-for-react, whose ESM build imports `tslib` without declaring it (unresolvable
 * here: echarts keeps its pinned tslib to itself), which fails the production build.
 */
export function EChart({ option, height, hasData, testId }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof echarts.init> | null>(null);
  const showsData = useRef(hasData);
  showsData.current = hasData;
  const current = useRef(option);
  current.current = option;

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const instance = echarts.init(el, undefined, { renderer: 'canvas' });
    chart.current = instance;
    let tooltipAsked = hasTooltip();
    instance.on('finished', () => {
      if (showsData.current) markFirst('chart');
      if (tooltipAsked) return;
      tooltipAsked = true;
      // Drawn: now the tooltip's code (echarts-core.ts), and the option again so it takes effect.
      void loadTooltip().then((loaded) => {
        if (loaded && chart.current === instance) {
          instance.setOption({ ...ENTRY, ...current.current }, { notMerge: true, lazyUpdate: true });
        }
      });
    });
    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(el);
    return () => {
      resize.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption({ ...ENTRY, ...option }, { notMerge: true, lazyUpdate: true });
  }, [option]);

  return <div ref={box} style={{ height, width: '100%' }} data-testid={testId} />;
}
