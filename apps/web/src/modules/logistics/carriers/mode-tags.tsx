import { SHIPMENT_MODES, type ShipmentMode } from '@bo/contract/inventory/shipments';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<ShipmentMode, string> = { sea: 'blue', rail: 'purple', air: 'cyan', express: 'orange' };

/** A shipment mode as a coloured tag in the user's language. */
export function ModeTag({ mode }: { mode: ShipmentMode }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[mode]}>{t(`logistics.mode.${mode}`)}</Tag>;
}

export function ModeTags({ modes }: { modes: readonly ShipmentMode[] }) {
  return (
    <Space size={2} wrap>
      {modes.map((m) => (
        <ModeTag key={m} mode={m} />
      ))}
    </Space>
  );
}

/** The modes as select options, in the contract's order. */
export function useModeOptions() {
  const { t } = useTranslation();
  return SHIPMENT_MODES.map((m) => ({ value: m, label: t(`logistics.mode.${m}`) }));
}
