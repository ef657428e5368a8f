/**
 * New product launches (/user-platform/suNewProduct) as a declared kind: a catalogue SKU, the
 * headline and text per language, an image (the home banner's rule), the days of the "new" badge
 * and a buy link per country. The launch is the window's start; the preview draws each launch as
 * the app's card, badged while the badge lasts.
 */
import {
  NEW_DAYS,
  NEW_PRODUCT_IMAGE_RULE,
  NEW_PRODUCT_SLOT_DEFS,
  type NewProduct,
  newProductEndpoints,
  newProductImage,
  newProductSkus,
} from '@bo/contract/appcontent/new-products';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format';
import { useLang } from '../../../shared/i18n/lang';
import { BannerImageInput } from '../banners/BannerImageInput';
import { FileThumb } from '../banners/BannersPage';
import { ContentKindPage, inLang, type KindScreen, mainSlot, PreviewCard } from '../kinds/ContentKindPage';
import { BuyLinksLines, ItemImage, OneSku } from './fields';

const T = 'appContent.newProduct';
const ID = 'new-product';

export default function NewProductsPage() {
  const { t } = useTranslation();
  const zh = useLang() === 'zh-CN';
  const screen: KindScreen<NewProduct> = {
    ...mainSlot('newProduct', newProductEndpoints, NEW_PRODUCT_SLOT_DEFS.main.permission, T, ID),
    leadColumns: [
      {
        key: 'image',
        priority: 'key',
        width: 96,
        title: '',
        render: (_, r) => <FileThumb fileId={r.imageFileId} width={80} height={40} />,
      },
    ],
    columns: [
      {
        key: 'product',
        priority: 'key',
        width: 200,
        ellipsis: true,
        title: t(`${T}.column.product`),
        render: (_, r) => (
          <Space orientation="vertical" size={0}>
            <span>{inLang(zh, r.headlineZh, r.headlineEn)}</span>
            <Typography.Text type="secondary">{r.sku}</Typography.Text>
          </Space>
        ),
      },
      {
        key: 'links',
        priority: 'normal',
        width: 140,
        title: t(`${T}.column.links`),
        render: (_, r) => (
          <Space size={[0, 4]} wrap>
            {r.buyLinks.map((l) => (
              <Tag key={l.country}>{l.country}</Tag>
            ))}
          </Space>
        ),
      },
    ],
    fields: (record) => [
      {
        name: 'sku',
        label: t(`${T}.field.sku`),
        extra: t(`${T}.field.skuHint`),
        input: <OneSku search={newProductSkus} testId={`${ID}-sku`} />,
      },
      {
        name: 'imageFileId',
        label: t(`${T}.field.image`),
        extra: t(`${T}.launchHint`),
        input: (
          <BannerImageInput
            own={{ endpoint: newProductImage, rule: NEW_PRODUCT_IMAGE_RULE }}
            size={record ? { width: record.width, height: record.height } : undefined}
          />
        ),
      },
      {
        name: 'headlineZh',
        input: 'bilingual',
        label: t(`${T}.field.headlineZh`),
        pair: { name: 'headlineEn', label: t(`${T}.field.headlineEn`), testId: `${ID}-headline-en` },
        requireOne: true,
        testId: `${ID}-headline-zh`,
      },
      { name: 'textZh', input: 'textarea', span: 12, label: t(`${T}.field.textZh`), testId: `${ID}-text-zh` },
      { name: 'textEn', input: 'textarea', span: 12, label: t(`${T}.field.textEn`), testId: `${ID}-text-en` },
      {
        name: 'newDays',
        input: 'number',
        label: t(`${T}.field.newDays`),
        extra: t(`${T}.field.newDaysHint`),
        testId: `${ID}-new-days`,
      },
      {
        name: 'buyLinks',
        label: t(`${T}.field.buyLinks`),
        bare: true,
        input: (
          <BuyLinksLines
            label={t(`${T}.field.buyLinks`)}
            hint={t(`${T}.field.buyLinksHint`)}
            testId={`${ID}-links`}
            texts={{
              country: t(`${T}.field.country`),
              url: t(`${T}.field.url`),
              add: t(`${T}.field.addLink`),
              remove: t(`${T}.field.remove`),
              empty: t(`${T}.field.noLinks`),
            }}
          />
        ),
      },
    ],
    valuesOf: (r) => ({
      sku: r.sku,
      imageFileId: r.imageFileId,
      headlineZh: r.headlineZh,
      headlineEn: r.headlineEn,
      textZh: r.textZh,
      textEn: r.textEn,
      newDays: r.newDays,
      buyLinks: r.buyLinks,
    }),
    blank: { headlineZh: '', headlineEn: '', textZh: '', textEn: '', newDays: NEW_DAYS.default, buyLinks: [] },
    bodyOf: (v) => ({
      sku: v.sku ?? '',
      imageFileId: v.imageFileId,
      headlineZh: v.headlineZh ?? '',
      headlineEn: v.headlineEn ?? '',
      textZh: v.textZh ?? '',
      textEn: v.textEn ?? '',
      newDays: v.newDays ?? NEW_DAYS.default,
      buyLinks: v.buyLinks ?? [],
    }),
    renderItem: (i) => {
      const until = i.newUntil ? String(i.newUntil) : null;
      const isNew = !!until && Date.parse(until) > Date.now() && (!i.launchAt || Date.parse(String(i.launchAt)) <= Date.now());
      return (
        <PreviewCard>
          <ItemImage item={i.image} width={320} height={160} />
          <Space size={6} style={{ marginTop: 6 }}>
            {isNew && <Tag color="red">{t(`${T}.newBadge`)}</Tag>}
            <Typography.Text strong>{String(i.headline)}</Typography.Text>
          </Space>
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0' }}>
            {String(i.text)}
          </Typography.Paragraph>
          <Space size={[4, 4]} wrap>
            <Typography.Text type="secondary">{String(i.sku)}</Typography.Text>
            {until && <Typography.Text type="secondary">· {t(`${T}.until`, { date: formatDateTime(until) })}</Typography.Text>}
            {(i.buyLinks as { country: string; url: string }[]).map((l) => (
              <Typography.Link key={l.country} href={l.url} target="_blank" rel="noreferrer">
                {l.country}
              </Typography.Link>
            ))}
          </Space>
        </PreviewCard>
      );
    },
  };
  return <ContentKindPage screen={screen} />;
}
