import type { ShipmentCost } from '@bo/contract/logistics/shipment-costs';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** The verdict of a row: late now, arrived late, on time, or simply in transit. */
export function TransitTag({ s }: { s: ShipmentCost }) {
  const { t } = useTranslation();
  if (s.late) return <Tag color="red">{t('logistics.mgr.lateNow')}</Tag>;
  if (s.onTime === false) return <Tag color="orange">{t('logistics.mgr.lateReceived')}</Tag>;
  if (s.onTime === true) return <Tag color="green">{t('logistics.mgr.onTime')}</Tag>;
  return <Tag color="blue">{t(`logistics.mgr.flow.${s.flow}`)}</Tag>;
}
