/** The features of a product setting: one checkbox per declared feature, the value an object (feature → on). */
import { APP_FEATURES, type AppFeature, type FeatureFlags } from '@bo/contract/appdevices/product-features';
import { Checkbox } from 'antd';
import { useTexts } from '../../../shared/i18n/lang';

/** Every feature off. */
export const noFeatures = (): FeatureFlags => Object.fromEntries(APP_FEATURES.map((f) => [f, false])) as FeatureFlags;

export function FeatureFlagsInput({
  value,
  onChange,
  disabled,
}: {
  value?: Partial<FeatureFlags>;
  onChange?: (v: FeatureFlags) => void;
  disabled?: boolean;
}) {
  const { t } = useTexts();
  const on = APP_FEATURES.filter((f) => value?.[f]);
  return (
    <Checkbox.Group
      value={on}
      disabled={disabled}
      onChange={(picked) => onChange?.(Object.fromEntries(APP_FEATURES.map((f) => [f, picked.includes(f)])) as FeatureFlags)}
      options={APP_FEATURES.map((f: AppFeature) => ({
        value: f,
        label: <span data-testid={`product-features-flag-${f}`}>{t(`appDevices.productFeatures.feature.${f}`)}</span>,
      }))}
      style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', rowGap: 6 }}
    />
  );
}
