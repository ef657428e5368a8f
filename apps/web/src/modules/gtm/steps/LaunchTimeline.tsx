/**
 * The project's steps on a day axis around the launch day (T0): each step a dot at its planned
 * day, coloured by its state (red when overdue), the launch day and today marked. Hovering a dot
 * names the step. Only drawn when the project has a launch day.
 */
import type { ProjectStep } from '@bo/contract/gtm/steps';
import { Tooltip, Typography } from 'antd';
import { useTexts } from '../../../shared/i18n/lang';
import { dayLabel } from '../gtm.queries';

const STATE_COLOR: Record<ProjectStep['state'], string> = {
  pending: '#8c8c8c',
  inProgress: '#1677ff',
  done: '#52c41a',
  skipped: '#faad14',
};

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export function LaunchTimeline({
  steps,
  launchDate,
  today,
}: {
  steps: readonly ProjectStep[];
  launchDate: string;
  today: string;
}) {
  const { t, lang } = useTexts();
  const placed = steps
    .filter((s) => s.plannedDay !== null)
    .map((s) => ({ s, at: daysBetween(launchDate, s.plannedDay as string) }));
  const todayAt = daysBetween(launchDate, today);
  const all = [0, todayAt, ...placed.map((p) => p.at)];
  const min = Math.min(...all) - 5;
  const max = Math.max(...all) + 5;
  const x = (d: number) => `${((d - min) / (max - min)) * 100}%`;
  // Steps on the same day stack upwards.
  const stack = new Map<number, number>();
  const ticks: number[] = [];
  const span = max - min;
  const every = span > 240 ? 60 : span > 120 ? 30 : span > 60 ? 14 : 7;
  for (let d = Math.ceil(min / every) * every; d <= max; d += every) ticks.push(d);
  return (
    <div style={{ position: 'relative', height: 112, margin: '8px 12px 0' }} data-testid="gtm-timeline">
      <div style={{ position: 'absolute', left: 0, right: 0, top: 72, height: 2, background: '#d9d9d9' }} />
      {ticks.map((d) => (
        <div key={d} style={{ position: 'absolute', left: x(d), top: 78, transform: 'translateX(-50%)' }}>
          <Typography.Text type="secondary" style={{ fontSize: 11 }}>
            {dayLabel(d)}
          </Typography.Text>
        </div>
      ))}
      <Marker left={x(0)} color="#722ed1" label={`T0 ${launchDate}`} />
      {todayAt !== 0 && <Marker left={x(todayAt)} color="#ff4d4f" label={t('gtm.steps.drawer.today')} dashed />}
      {placed.map(({ s, at }) => {
        const level = stack.get(at) ?? 0;
        stack.set(at, level + 1);
        const color = s.overdue ? '#ff4d4f' : STATE_COLOR[s.state];
        return (
          <Tooltip key={s.id} title={`${dayLabel(s.offsetDays)} · ${s.plannedDay} · ${lang === 'en-US' ? s.nameEn : s.nameZh}`}>
            <div
              data-testid={`gtm-timeline-step-${s.id}`}
              style={{
                position: 'absolute',
                left: x(at),
                top: 66 - level * 14,
                width: 12,
                height: 12,
                marginLeft: -6,
                borderRadius: 6,
                background: s.state === 'pending' && !s.overdue ? '#fff' : color,
                border: `2px solid ${color}`,
                cursor: 'default',
              }}
            />
          </Tooltip>
        );
      })}
    </div>
  );
}

function Marker({ left, color, label, dashed }: { left: string; color: string; label: string; dashed?: boolean }) {
  return (
    <div style={{ position: 'absolute', left, top: 0, bottom: 36, borderLeft: `2px ${dashed ? 'dashed' : 'solid'} ${color}` }}>
      <span style={{ position: 'absolute', top: -2, left: 4, fontSize: 11, color, whiteSpace: 'nowrap' }}>{label}</span>
    </div>
  );
}
