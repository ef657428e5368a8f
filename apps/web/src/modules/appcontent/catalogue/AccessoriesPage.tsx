/**
 * Accessories (/user-platform/accessoryMrg) as a declared kind: a catalogue SKU, the name per
 * language, a square image, a buy link; the models it fits are the targeting's models (one at
 * least). The preview, asked with a model, lists the accessories that fit it, as the app does.
 */
import {
  ACCESSORY_IMAGE_RULE,
  ACCESSORY_SLOT_DEFS,
  type Accessory,
  accessoryEndpoints,
  accessoryImage,
  accessorySkus,
} from '@bo/contract/appcontent/accessories';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../shared/i18n/lang';
import { BannerImageInput } from '../banners/BannerImageInput';
import { FileThumb } from '../banners/BannersPage';
import { ContentKindPage, inLang, type KindScreen, mainSlot, PreviewCard } from '../kinds/ContentKindPage';
import { ItemImage, OneSku } from './fields';

const T = 'appContent.accessory';
const ID = 'accessory';

export default function AccessoriesPage() {
  const { t } = useTranslation();
  const zh = useLang() === 'zh-CN';
  const screen: KindScreen<Accessory> = {
    ...mainSlot('accessory', accessoryEndpoints, ACCESSORY_SLOT_DEFS.main.permission, T, ID),
    leadColumns: [
      {
        key: 'image',
        priority: 'key',
        width: 56,
        title: '',
        render: (_, r) => <FileThumb fileId={r.imageFileId} width={40} height={40} />,
      },
    ],
    columns: [
      {
        key: 'accessory',
        priority: 'key',
        width: 200,
        ellipsis: true,
        title: t(`${T}.column.accessory`),
        render: (_, r) => (
          <Space orientation="vertical" size={0}>
            <span>{inLang(zh, r.nameZh, r.nameEn)}</span>
            <Typography.Text type="secondary">{r.sku}</Typography.Text>
          </Space>
        ),
      },
      {
        key: 'models',
        priority: 'normal',
        width: 160,
        ellipsis: true,
        title: t(`${T}.column.models`),
        render: (_, r) => r.targeting.models.join(' '),
      },
    ],
    fields: (record) => [
      {
        name: 'sku',
        label: t(`${T}.field.sku`),
        extra: t(`${T}.field.skuHint`),
        input: <OneSku search={accessorySkus} testId={`${ID}-sku`} />,
      },
      {
        name: 'imageFileId',
        label: t(`${T}.field.image`),
        extra: t(`${T}.modelsHint`),
        input: (
          <BannerImageInput
            own={{ endpoint: accessoryImage, rule: ACCESSORY_IMAGE_RULE }}
            size={record ? { width: record.width, height: record.height } : undefined}
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
        name: 'buyLink',
        label: t(`${T}.field.buyLink`),
        extra: t(`${T}.field.buyLinkHint`),
        placeholder: 'https://',
        testId: `${ID}-buy-link`,
      },
    ],
    valuesOf: (r) => ({ sku: r.sku, imageFileId: r.imageFileId, nameZh: r.nameZh, nameEn: r.nameEn, buyLink: r.buyLink }),
    blank: { nameZh: '', nameEn: '', buyLink: '' },
    bodyOf: (v) => ({
      sku: v.sku ?? '',
      imageFileId: v.imageFileId,
      nameZh: v.nameZh ?? '',
      nameEn: v.nameEn ?? '',
      buyLink: v.buyLink ?? '',
    }),
    renderItem: (i) => (
      <PreviewCard>
        <Space align="start">
          <ItemImage item={i.image} width={64} height={64} />
          <Space orientation="vertical" size={0}>
            <Typography.Text strong>{String(i.name)}</Typography.Text>
            <Typography.Text type="secondary">{t(`${T}.fits`, { models: (i.models as string[]).join(', ') })}</Typography.Text>
            <Typography.Link href={String(i.buyLink)} target="_blank" rel="noreferrer">
              {String(i.sku)}
            </Typography.Link>
          </Space>
        </Space>
      </PreviewCard>
    ),
  };
  return <ContentKindPage screen={screen} />;
}
