/**
 * The app's device pages (/user-platform/productItem) as a declared kind: one page per model of
 * the product catalogue (picked from the catalogue, never typed into a list of our own), its name
 * and description per language, category, connectivity, a square image, the firmware and app
 * version it needs and the set-up flow it starts with.
 */
import {
  CONNECTIVITIES,
  DEVICE_CATEGORIES,
  DEVICE_IMAGE_RULE,
  DEVICE_PRODUCT_SLOT_DEFS,
  type DeviceProduct,
  deviceProductEndpoints,
  deviceProductImage,
} from '@bo/contract/appdevices/devices';
import { Image, Select, Space, Tag, Typography } from 'antd';
import { useTexts } from '../../../shared/i18n/lang';
import { BannerImageInput } from '../../appcontent/banners/BannerImageInput';
import { ContentKindPage, inLang, type KindScreen, mainSlot, PreviewCard } from '../../appcontent/kinds/ContentKindPage';
import { useModels, useThumbnail } from '../../appcontent/kinds/content.queries';
import { useFlowChoices } from '../appdevices.queries';

const T = 'appDevices.devices';
const ID = 'device-page';
const FLOW_SLOTS = { ble: ['ble'], wifi: ['wifi'], both: ['ble', 'wifi'] } as const;

function RowThumb({ page }: { page: DeviceProduct }) {
  const url = useThumbnail(page.imageFileId);
  return url ? (
    <Image src={url} width={40} alt="" preview={false} style={{ borderRadius: 4 }} />
  ) : (
    <div style={{ width: 40, height: 40, borderRadius: 4, background: '#f0f0f0' }} />
  );
}

export default function DevicePagesPage() {
  const { t, lang } = useTexts();
  const zh = lang === 'zh-CN';
  const base = mainSlot('deviceProduct', deviceProductEndpoints, DEVICE_PRODUCT_SLOT_DEFS.main.permission, T, ID);
  const models = useModels(base);
  const flows = useFlowChoices();
  const connectivity = (c: string) => t(`${T}.connectivity.${c as DeviceProduct['connectivity']}`);
  const screen: KindScreen<DeviceProduct> = {
    ...base,
    leadColumns: [{ key: 'image', priority: 'key', width: 56, title: '', render: (_, r) => <RowThumb page={r} /> }],
    columns: [
      { key: 'model', priority: 'key', width: 90, title: t(`${T}.column.model`), render: (_, r) => r.model },
      {
        key: 'device',
        priority: 'normal',
        width: 170,
        ellipsis: true,
        title: t(`${T}.column.device`),
        render: (_, r) => inLang(zh, r.nameZh, r.nameEn),
      },
      {
        key: 'connectivity',
        priority: 'normal',
        width: 130,
        title: t(`${T}.column.connectivity`),
        render: (_, r) => <Tag>{connectivity(r.connectivity)}</Tag>,
      },
      {
        key: 'firmware',
        priority: 'detail',
        width: 130,
        title: t(`${T}.column.firmware`),
        render: (_, r) => `${r.minFirmware || '—'} / ${r.minAppVersion || '—'}`,
      },
    ],
    fields: () => [
      {
        name: 'model',
        label: t(`${T}.field.model`),
        extra: t(`${T}.field.modelHint`),
        input: (
          <Select
            showSearch
            loading={models.isPending}
            optionFilterProp="label"
            options={(models.data ?? []).map((m) => ({
              value: m.model.toUpperCase(),
              label: `${m.model} · ${zh ? m.name : m.nameEn}`,
            }))}
            data-testid={`${ID}-model`}
          />
        ),
      },
      {
        name: 'nameZh',
        input: 'bilingual',
        label: t(`${T}.field.nameZh`),
        pair: { name: 'nameEn', label: t(`${T}.field.nameEn`), testId: `${ID}-name-en` },
        requireOne: true,
        testId: `${ID}-name-zh`,
      },
      {
        name: 'descriptionZh',
        input: 'bilingual',
        label: t(`${T}.field.descriptionZh`),
        pair: { name: 'descriptionEn', label: t(`${T}.field.descriptionEn`), testId: `${ID}-description-en` },
        testId: `${ID}-description-zh`,
      },
      {
        name: 'category',
        input: 'select',
        span: 12,
        label: t(`${T}.field.category`),
        options: DEVICE_CATEGORIES.map((c) => ({ value: c, label: t(`${T}.category.${c}`) })),
        testId: `${ID}-category`,
      },
      {
        name: 'connectivity',
        input: 'select',
        span: 12,
        label: t(`${T}.field.connectivity`),
        options: CONNECTIVITIES.map((c) => ({ value: c, label: connectivity(c) })),
        testId: `${ID}-connectivity`,
      },
      {
        name: 'imageFileId',
        label: t(`${T}.field.image`),
        input: <BannerImageInput own={{ endpoint: deviceProductImage, rule: DEVICE_IMAGE_RULE }} />,
      },
      {
        name: 'minFirmware',
        span: 12,
        label: t(`${T}.field.minFirmware`),
        extra: t(`${T}.field.versionHint`),
        placeholder: '1.0.0',
        testId: `${ID}-min-firmware`,
      },
      {
        name: 'minAppVersion',
        span: 12,
        label: t(`${T}.field.minAppVersion`),
        extra: t(`${T}.field.versionHint`),
        placeholder: '3.0.0',
        testId: `${ID}-min-app`,
      },
      {
        name: 'setupFlowId',
        label: t(`${T}.field.setupFlow`),
        extra: t(`${T}.field.setupFlowHint`),
        input: (v) => (
          <Select
            allowClear
            loading={flows.isPending}
            placeholder={t(`${T}.field.noFlow`)}
            options={(flows.data ?? [])
              .filter((f) =>
                (FLOW_SLOTS[(v.connectivity as DeviceProduct['connectivity']) ?? 'both'] as readonly string[]).includes(f.slot),
              )
              .map((f) => ({
                value: f.id,
                label: `${f.slot === 'ble' ? 'BLE' : 'Wi-Fi'} · ${f.name}${f.models.length ? ` (${f.models.join(' ')})` : ''}`,
              }))}
            data-testid={`${ID}-setup-flow`}
          />
        ),
      },
    ],
    valuesOf: (r) => ({
      model: r.model.toUpperCase(),
      nameZh: r.nameZh,
      nameEn: r.nameEn,
      descriptionZh: r.descriptionZh,
      descriptionEn: r.descriptionEn,
      category: r.category,
      connectivity: r.connectivity,
      imageFileId: r.imageFileId ?? undefined,
      minFirmware: r.minFirmware,
      minAppVersion: r.minAppVersion,
      setupFlowId: r.setupFlowId ?? undefined,
    }),
    blank: {
      nameZh: '',
      nameEn: '',
      descriptionZh: '',
      descriptionEn: '',
      category: 'strip',
      connectivity: 'both',
      minFirmware: '',
      minAppVersion: '',
    },
    bodyOf: (v) => ({
      model: v.model ?? '',
      nameZh: v.nameZh ?? '',
      nameEn: v.nameEn ?? '',
      descriptionZh: v.descriptionZh ?? '',
      descriptionEn: v.descriptionEn ?? '',
      category: v.category,
      connectivity: v.connectivity,
      imageFileId: v.imageFileId ?? null,
      minFirmware: v.minFirmware ?? '',
      minAppVersion: v.minAppVersion ?? '',
      setupFlowId: v.setupFlowId ?? null,
    }),
    renderItem: (i) => (
      <PreviewCard>
        <Space align="start">
          {i.image ? (
            // The read API's public image URL: what the phone loads (served while the page is live).
            <Image src={(i.image as { thumbUrl: string }).thumbUrl} width={56} alt="" preview={false} />
          ) : null}
          <Space orientation="vertical" size={0}>
            <Typography.Text strong>{String(i.name)}</Typography.Text>
            <Typography.Text type="secondary">
              {String(i.model)} · {connectivity(String(i.connectivity))}
              {i.minFirmware ? ` · ≥ ${String(i.minFirmware)}` : ''}
            </Typography.Text>
            {i.description ? <Typography.Paragraph style={{ margin: 0 }}>{String(i.description)}</Typography.Paragraph> : null}
            <Typography.Text type="secondary" copyable={{ text: `/api/app/v1/devices/${String(i.model)}` }}>
              {t(`${T}.detailApi`)} <code>/api/app/v1/devices/{String(i.model)}</code>
            </Typography.Text>
          </Space>
        </Space>
      </PreviewCard>
    ),
  };
  return <ContentKindPage screen={screen} />;
}
