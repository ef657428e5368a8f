import { GTM_PHASES, type GtmPhase } from '@bo/contract/gtm/playbook';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

interface PhaseCount {
  phase: GtmPhase;
  total: number;
  settled: number;
  overdue: number;
}

/**
 * The four phases side by side, each a segment filled by its settled share: green when all are
 * settled, red when one is overdue, blue while in progress, grey without steps.
 */
export function PhaseBar({ phases }: { phases: readonly PhaseCount[] }) {
  const { t } = useTranslation();
  const byPhase = new Map(phases.map((p) => [p.phase, p]));
  return (
    <div style={{ display: 'flex', gap: 3, width: '100%' }} data-testid="gtm-phase-bar">
      {GTM_PHASES.map((phase) => {
        const p = byPhase.get(phase) ?? { phase, total: 0, settled: 0, overdue: 0 };
        const share = p.total === 0 ? 0 : p.settled / p.total;
        const color = p.overdue > 0 ? '#ff4d4f' : share === 1 ? '#52c41a' : '#1677ff';
        // An overdue phase with nothing settled yet still shows red.
        const fill = p.overdue > 0 && share === 0 ? 0.08 : share;
        return (
          <Tooltip
            key={phase}
            title={t('gtm.steps.phaseTip', {
              phase: t(`gtm.phase.${phase}`),
              settled: p.settled,
              total: p.total,
              overdue: p.overdue,
            })}
          >
            <div
              style={{ flex: 1, height: 8, borderRadius: 4, background: '#f0f0f0', overflow: 'hidden' }}
              role="img"
              aria-label={`${t(`gtm.phase.${phase}`)} ${p.settled}/${p.total}`}
            >
              <div style={{ width: `${Math.round(fill * 100)}%`, height: '100%', background: color }} />
            </div>
          </Tooltip>
        );
      })}
    </div>
  );
}
