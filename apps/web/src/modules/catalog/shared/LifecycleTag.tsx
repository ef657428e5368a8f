import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIFECYCLE_COLORS, LIFECYCLE_KEYS } from './catalog-labels';

/** Lifecycle 0 not launched, 1 launched, 2 EOL (spec §4). */
export function LifecycleTag({ lifecycle }: { lifecycle: number }) {
  const { t } = useTranslation();
  const key = LIFECYCLE_KEYS[lifecycle];
  return <Tag color={LIFECYCLE_COLORS[lifecycle] ?? 'default'}>{key ? t(key) : String(lifecycle)}</Tag>;
}
