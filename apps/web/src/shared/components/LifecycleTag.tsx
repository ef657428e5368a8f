import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Product lifecycle of spec §4 (0 not launched, 1 launched, 2 EOL): its text and tag colour. */
export const LIFECYCLES = [
  { key: 'notLaunched', color: 'default' },
  { key: 'launched', color: 'green' },
  { key: 'eol', color: 'red' },
] as const;

export function LifecycleTag({ lifecycle }: { lifecycle: number }) {
  const { t } = useTranslation();
  const l = LIFECYCLES[lifecycle];
  return <Tag color={l?.color ?? 'default'}>{l ? t(`common.lifecycle.${l.key}`) : String(lifecycle)}</Tag>;
}
