/**
 * The SKUs' system settings (/user-platform/skuSystemConfig) as a declared kind: a SKU of the
 * catalogue (searched on the server under this screen's permission) and its typed settings of
 * the declared keys; the app gets them as an object, key → value.
 */
import {
  type SettingDef,
  type SettingKey,
  SKU_CONFIG_SLOT_DEFS,
  SKU_SETTINGS,
  type SkuConfig,
  skuConfigEndpoints,
  skuConfigSkus,
} from '@bo/contract/appdevices/sku-config';
import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../shared/i18n/lang';
import { SkuPicker } from '../../appcontent/buying-guide/SkuPicker';
import { ContentKindPage, type KindScreen, mainSlot, PreviewCard } from '../../appcontent/kinds/ContentKindPage';
import { defaultValue, SettingsInput } from './SettingsInput';

const T = 'appDevices.skuConfig';
const ID = 'sku-config';

export default function SkuConfigPage() {
  const { t } = useTranslation();
  const zh = useLang() === 'zh-CN';
  const label = (k: string) => {
    const def: SettingDef | undefined = SKU_SETTINGS[k as SettingKey];
    return def ? (zh ? def.label.zh : def.label.en) : k;
  };
  const shown = (v: unknown) => (typeof v === 'boolean' ? t(v ? `${T}.on` : `${T}.off`) : String(v));
  const screen: KindScreen<SkuConfig> = {
    ...mainSlot('skuConfig', skuConfigEndpoints, SKU_CONFIG_SLOT_DEFS.main.permission, T, ID),
    columns: [
      { key: 'sku', priority: 'key', width: 140, title: t(`${T}.column.sku`), render: (_, r) => r.sku },
      {
        key: 'settings',
        priority: 'normal',
        width: 280,
        ellipsis: true,
        title: t(`${T}.column.settings`),
        render: (_, r) => r.settings.map((s) => `${label(s.key)}: ${shown(s.value)}`).join(' · '),
      },
    ],
    fields: () => [
      {
        name: 'sku',
        label: t(`${T}.field.sku`),
        extra: t(`${T}.field.skuHint`),
        input: <SkuPicker search={skuConfigSkus} max={1} testId={`${ID}-sku`} />,
      },
      { name: 'settings', label: t(`${T}.field.settings`), bare: true, input: <SettingsInput /> },
    ],
    valuesOf: (r) => ({ sku: [r.sku], settings: r.settings }),
    blank: { sku: [], settings: [{ key: 'maxBrightness', value: defaultValue('maxBrightness') }] },
    bodyOf: (v) => ({
      sku: (v.sku as string[] | undefined)?.[0] ?? '',
      settings: ((v.settings as { key?: SettingKey; value?: unknown }[] | undefined) ?? []).map((s) => ({
        key: s?.key,
        value: s?.value ?? null,
      })),
    }),
    renderItem: (i) => (
      <PreviewCard>
        <Typography.Text strong>{String(i.sku)}</Typography.Text>
        <Descriptions
          size="small"
          column={1}
          items={Object.entries((i.values as Record<string, unknown>) ?? {}).map(([k, v]) => ({
            key: k,
            label: label(k),
            children: shown(v),
          }))}
        />
      </PreviewCard>
    ),
  };
  return <ContentKindPage screen={screen} />;
}
