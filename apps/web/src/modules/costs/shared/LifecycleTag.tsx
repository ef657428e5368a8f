import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { lifecycleOf } from './costs-format';

export function LifecycleTag({ lifecycle }: { lifecycle: number }) {
  const { t } = useTranslation();
  const l = lifecycleOf(lifecycle);
  return <Tag color={l.color}>{t(`costs.lifecycle.${l.key}`)}</Tag>;
}
