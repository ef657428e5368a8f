import { GTM_PHASES, type GtmPhase } from '@bo/contract/gtm/playbook';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const PHASE_COLOR: Record<GtmPhase, string> = { prepare: 'default', preLaunch: 'gold', launch: 'magenta', postLaunch: 'cyan' };

/** A launch phase as a coloured tag. */
export function PhaseTag({ phase }: { phase: GtmPhase }) {
  const { t } = useTranslation();
  return <Tag color={PHASE_COLOR[phase]}>{t(`gtm.phase.${phase}`)}</Tag>;
}

export function usePhaseOptions() {
  const { t } = useTranslation();
  return GTM_PHASES.map((p) => ({ value: p, label: t(`gtm.phase.${p}`) }));
}
