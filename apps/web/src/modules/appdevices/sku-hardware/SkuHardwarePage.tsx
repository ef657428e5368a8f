/**
 * The SKUs' hardware (/user-platform/skuConfig) as a declared kind: a SKU of the catalogue
 * (searched on the server under this screen's permission; one live record per SKU) and the
 * hardware the app drives: LEDs, segments, chip, colour order, white channel, protocol version.
 */
import {
  COLOR_ORDERS,
  HARDWARE_LIMITS,
  LED_CHIPS,
  SKU_HARDWARE_SLOT_DEFS,
  type SkuHardware,
  skuHardwareEndpoints,
  skuHardwareSkus,
} from '@bo/contract/appdevices/sku-hardware';
import { Descriptions, Tag, Typography } from 'antd';
import { useTexts } from '../../../shared/i18n/lang';
import { SkuPicker } from '../../appcontent/buying-guide/SkuPicker';
import { ContentKindPage, type KindScreen, mainSlot, PreviewCard } from '../../appcontent/kinds/ContentKindPage';

const T = 'appDevices.skuHardware';
const ID = 'sku-hardware';

export default function SkuHardwarePage() {
  const { t } = useTexts();
  const yesNo = (v: unknown) => t(v ? `${T}.yes` : `${T}.no`);
  const screen: KindScreen<SkuHardware> = {
    ...mainSlot('skuHardware', skuHardwareEndpoints, SKU_HARDWARE_SLOT_DEFS.main.permission, T, ID),
    columns: [
      { key: 'sku', priority: 'key', width: 140, title: t(`${T}.column.sku`), render: (_, r) => r.sku },
      {
        key: 'leds',
        priority: 'normal',
        width: 130,
        title: t(`${T}.column.leds`),
        render: (_, r) => t(`${T}.ledsOf`, { leds: r.ledCount, segments: r.segments }),
      },
      {
        key: 'chip',
        priority: 'normal',
        width: 170,
        title: t(`${T}.column.chip`),
        render: (_, r) => (
          <>
            <Tag>{r.chip}</Tag>
            <Tag>{r.colorOrder}</Tag>
            {r.whiteChannel ? <Tag color="gold">W</Tag> : null}
          </>
        ),
      },
      { key: 'protocol', priority: 'detail', width: 90, title: t(`${T}.column.protocol`), render: (_, r) => r.protocolVersion },
    ],
    fields: () => [
      {
        name: 'sku',
        label: t(`${T}.field.sku`),
        extra: t(`${T}.field.skuHint`),
        input: <SkuPicker search={skuHardwareSkus} max={1} testId={`${ID}-sku`} />,
      },
      {
        name: 'ledCount',
        input: 'number',
        span: 12,
        label: t(`${T}.field.ledCount`),
        extra: t(`${T}.field.range`, HARDWARE_LIMITS.leds),
        testId: `${ID}-leds`,
      },
      {
        name: 'segments',
        input: 'number',
        span: 12,
        label: t(`${T}.field.segments`),
        extra: t(`${T}.field.segmentsHint`, HARDWARE_LIMITS.segments),
        testId: `${ID}-segments`,
      },
      {
        name: 'chip',
        input: 'select',
        span: 12,
        label: t(`${T}.field.chip`),
        options: LED_CHIPS.map((c) => ({ value: c, label: c })),
        testId: `${ID}-chip`,
      },
      {
        name: 'colorOrder',
        input: 'select',
        span: 12,
        label: t(`${T}.field.colorOrder`),
        options: COLOR_ORDERS.map((c) => ({ value: c, label: c })),
        testId: `${ID}-color-order`,
      },
      { name: 'whiteChannel', input: 'switch', span: 12, label: t(`${T}.field.whiteChannel`), testId: `${ID}-white` },
      {
        name: 'protocolVersion',
        span: 12,
        label: t(`${T}.field.protocolVersion`),
        extra: t(`${T}.field.protocolHint`),
        placeholder: '1.2.3',
        testId: `${ID}-protocol`,
      },
    ],
    valuesOf: (r) => ({
      sku: [r.sku],
      ledCount: r.ledCount,
      segments: r.segments,
      chip: r.chip,
      colorOrder: r.colorOrder,
      whiteChannel: r.whiteChannel,
      protocolVersion: r.protocolVersion,
    }),
    blank: {
      sku: [],
      ledCount: 60,
      segments: 6,
      chip: 'WS2812B',
      colorOrder: 'GRB',
      whiteChannel: false,
      protocolVersion: '1.0.0',
    },
    bodyOf: (v) => ({
      sku: (v.sku as string[] | undefined)?.[0] ?? '',
      ledCount: v.ledCount,
      segments: v.segments,
      chip: v.chip,
      colorOrder: v.colorOrder,
      whiteChannel: v.whiteChannel ?? false,
      protocolVersion: v.protocolVersion ?? '',
    }),
    renderItem: (i) => (
      <PreviewCard>
        <Typography.Text strong>{String(i.sku)}</Typography.Text>
        <Descriptions
          size="small"
          column={2}
          items={[
            { key: 'leds', label: t(`${T}.field.ledCount`), children: String(i.ledCount) },
            { key: 'segments', label: t(`${T}.field.segments`), children: String(i.segments) },
            { key: 'chip', label: t(`${T}.field.chip`), children: String(i.chip) },
            { key: 'order', label: t(`${T}.field.colorOrder`), children: String(i.colorOrder) },
            { key: 'white', label: t(`${T}.field.whiteChannel`), children: yesNo(i.whiteChannel) },
            { key: 'protocol', label: t(`${T}.field.protocolVersion`), children: String(i.protocolVersion) },
          ]}
        />
      </PreviewCard>
    ),
  };
  return <ContentKindPage screen={screen} />;
}
