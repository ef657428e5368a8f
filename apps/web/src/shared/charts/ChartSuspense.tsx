import { Skeleton } from 'antd';
import { type ReactNode, Suspense } from 'react';

/**
 * The place of a chart whose code loads lazily: a skeleton as tall as the chart until it comes.
 * The sales dashboard keeps its own, so its first charts wait for no shared chunk.
 */
export function ChartSuspense({ height, children }: { height: number; children: ReactNode }) {
  return <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height }} />}>{children}</Suspense>;
}
