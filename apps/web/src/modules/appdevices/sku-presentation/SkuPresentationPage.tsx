/**
 * The SKUs of the app's add-device list (/user-platform/skuSetting) as a declared kind: a SKU of
 * the catalogue, the product item (device page) it pairs as, its name per language, a square
 * picture and whether the list shows it. The preview draws the list as the app shows it.
 */
import {
  SKU_LIST_IMAGE_RULE,
  SKU_PRESENTATION_SLOT_DEFS,
  type SkuPresentation,
  skuPresentationEndpoints,
  skuPresentationImage,
  skuPresentationSkus,
} from '@bo/contract/appdevices/sku-presentation';
import { Image, Select, Space, Tag, Typography } from 'antd';
import { useTexts } from '../../../shared/i18n/lang';
import { BannerImageInput } from '../../appcontent/banners/BannerImageInput';
import { SkuPicker } from '../../appcontent/buying-guide/SkuPicker';
import { ContentKindPage, inLang, type KindScreen, mainSlot, PreviewCard } from '../../appcontent/kinds/ContentKindPage';
import { useThumbnail } from '../../appcontent/kinds/content.queries';
import { useDeviceChoices } from './sku-presentation.queries';

const T = 'appDevices.skuPresentation';
const ID = 'sku-presentation';

function RowThumb({ fileId }: { fileId: number }) {
  const url = useThumbnail(fileId);
  return url ? <Image src={url} width={40} alt="" preview={false} style={{ borderRadius: 4 }} /> : null;
}

export default function SkuPresentationPage() {
  const { t, lang } = useTexts();
  const zh = lang === 'zh-CN';
  const devices = useDeviceChoices();
  const deviceLabel = (id: number) => {
    const d = (devices.data ?? []).find((x) => x.id === id);
    return d ? `${d.model} · ${inLang(zh, d.nameZh, d.nameEn)}` : `#${id}`;
  };
  const screen: KindScreen<SkuPresentation> = {
    ...mainSlot('skuPresentation', skuPresentationEndpoints, SKU_PRESENTATION_SLOT_DEFS.main.permission, T, ID),
    leadColumns: [{ key: 'image', priority: 'key', width: 56, title: '', render: (_, r) => <RowThumb fileId={r.imageFileId} /> }],
    columns: [
      { key: 'sku', priority: 'key', width: 130, title: t(`${T}.column.sku`), render: (_, r) => r.sku },
      {
        key: 'listName',
        priority: 'normal',
        width: 160,
        ellipsis: true,
        title: t(`${T}.column.listName`),
        render: (_, r) => inLang(zh, r.nameZh, r.nameEn),
      },
      {
        key: 'device',
        priority: 'normal',
        width: 170,
        ellipsis: true,
        title: t(`${T}.column.device`),
        render: (_, r) => deviceLabel(r.deviceProductId),
      },
      {
        key: 'visible',
        priority: 'detail',
        width: 90,
        title: t(`${T}.column.visible`),
        render: (_, r) => <Tag color={r.visible ? 'green' : 'default'}>{t(r.visible ? `${T}.shown` : `${T}.hidden`)}</Tag>,
      },
    ],
    fields: () => [
      {
        name: 'sku',
        label: t(`${T}.field.sku`),
        extra: t(`${T}.field.skuHint`),
        input: <SkuPicker search={skuPresentationSkus} max={1} testId={`${ID}-sku`} />,
      },
      {
        name: 'deviceProductId',
        label: t(`${T}.field.device`),
        extra: t(`${T}.field.deviceHint`),
        input: (
          <Select
            showSearch
            loading={devices.isPending}
            optionFilterProp="label"
            options={(devices.data ?? []).map((d) => ({
              value: d.id,
              label: `${d.model} · ${inLang(zh, d.nameZh, d.nameEn)} (${d.name})`,
            }))}
            data-testid={`${ID}-device`}
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
        name: 'imageFileId',
        label: t(`${T}.field.image`),
        input: <BannerImageInput own={{ endpoint: skuPresentationImage, rule: SKU_LIST_IMAGE_RULE }} />,
      },
      {
        name: 'visible',
        input: 'switch',
        label: t(`${T}.field.visible`),
        extra: t(`${T}.field.visibleHint`),
        testId: `${ID}-visible`,
      },
    ],
    valuesOf: (r) => ({
      sku: [r.sku],
      deviceProductId: r.deviceProductId,
      nameZh: r.nameZh,
      nameEn: r.nameEn,
      imageFileId: r.imageFileId,
      visible: r.visible,
    }),
    blank: { sku: [], nameZh: '', nameEn: '', visible: true },
    bodyOf: (v) => ({
      sku: (v.sku as string[] | undefined)?.[0] ?? '',
      deviceProductId: v.deviceProductId,
      nameZh: v.nameZh ?? '',
      nameEn: v.nameEn ?? '',
      imageFileId: v.imageFileId,
      visible: v.visible ?? true,
    }),
    renderItem: (i) => (
      <PreviewCard>
        <Space align="center" style={{ opacity: i.visible ? 1 : 0.45 }}>
          <Image src={(i.image as { thumbUrl: string }).thumbUrl} width={48} alt="" preview={false} />
          <Space orientation="vertical" size={0}>
            <Typography.Text strong>{String(i.name)}</Typography.Text>
            <Typography.Text type="secondary">
              {String(i.sku)} · {deviceLabel(Number(i.deviceProductId))}
            </Typography.Text>
          </Space>
          {i.visible ? null : <Tag>{t(`${T}.hidden`)}</Tag>}
        </Space>
      </PreviewCard>
    ),
  };
  return <ContentKindPage screen={screen} />;
}
