import { sparkPoints } from '../monitor-view';

const W = 84;
const H = 24;

/** Units per day as a small line; the last 7 days drawn darker than the 7 before. */
export function Sparkline({ values, label }: { values: readonly number[]; label: string }) {
  const half = Math.floor(values.length / 2);
  const all = sparkPoints(values, W, H).split(' ');
  const before = all.slice(0, half + 1).join(' ');
  const last = all.slice(half).join(' ');
  return (
    <svg width={W} height={H} viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} data-testid="monitor-spark">
      <title>{label}</title>
      <line x1={0} y1={H - 1} x2={W} y2={H - 1} stroke="rgba(0,0,0,0.08)" />
      <polyline points={before} fill="none" stroke="#a0aec0" strokeWidth={1.5} />
      <polyline points={last} fill="none" stroke="#2459d6" strokeWidth={1.8} />
    </svg>
  );
}
