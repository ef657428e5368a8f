/** The app's buying guides (/user-platform/productBuyingGuide) as a declared kind: title and body per language, linked catalogue SKUs. */
import {
  BUYING_GUIDE_MAX_SKUS,
  BUYING_GUIDE_SLOT_DEFS,
  type BuyingGuide,
  buyingGuideEndpoints,
} from '@bo/contract/appcontent/buying-guide';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../shared/i18n/lang';
import { ContentKindPage, type KindScreen, mainSlot, PreviewCard, titleColumn, titleField } from '../kinds/ContentKindPage';
import { SkuPicker } from './SkuPicker';

const T = 'appContent.buyingGuide';

const SkuTags = ({ skus }: { skus: readonly string[] }) => (
  <Space size={[0, 4]} wrap>
    {skus.map((s) => (
      <Tag key={s}>{s}</Tag>
    ))}
  </Space>
);

export default function BuyingGuidePage() {
  const { t } = useTranslation();
  const zh = useLang() === 'zh-CN';
  const screen: KindScreen<BuyingGuide> = {
    ...mainSlot('buyingGuide', buyingGuideEndpoints, BUYING_GUIDE_SLOT_DEFS.main.permission, T, 'buying-guide'),
    columns: [
      titleColumn(t(`${T}.column.title`), zh),
      { key: 'skus', priority: 'detail', width: 180, title: t(`${T}.column.skus`), render: (_, g) => <SkuTags skus={g.skus} /> },
    ],
    fields: () => [
      titleField({ zh: t(`${T}.field.titleZh`), en: t(`${T}.field.titleEn`) }, 'buying-guide'),
      { name: 'bodyZh', input: 'textarea', span: 12, label: t(`${T}.field.bodyZh`), testId: 'buying-guide-body-zh' },
      { name: 'bodyEn', input: 'textarea', span: 12, label: t(`${T}.field.bodyEn`), testId: 'buying-guide-body-en' },
      {
        name: 'skus',
        label: t(`${T}.field.skus`),
        extra: t(`${T}.field.skusHint`, { max: BUYING_GUIDE_MAX_SKUS }),
        input: <SkuPicker testId="buying-guide-skus" />,
      },
    ],
    valuesOf: (g) => ({ titleZh: g.titleZh, titleEn: g.titleEn, bodyZh: g.bodyZh, bodyEn: g.bodyEn, skus: g.skus }),
    blank: { titleZh: '', titleEn: '', bodyZh: '', bodyEn: '', skus: [] },
    bodyOf: (v) => ({
      titleZh: v.titleZh ?? '',
      titleEn: v.titleEn ?? '',
      bodyZh: v.bodyZh ?? '',
      bodyEn: v.bodyEn ?? '',
      skus: (v.skus as string[] | undefined) ?? [],
    }),
    renderItem: (i) => (
      <PreviewCard>
        <Typography.Text strong>{String(i.title)}</Typography.Text>
        <Typography.Paragraph style={{ margin: '4px 0', whiteSpace: 'pre-wrap' }}>{String(i.body)}</Typography.Paragraph>
        <SkuTags skus={(i.skus as string[] | undefined) ?? []} />
      </PreviewCard>
    ),
  };
  return <ContentKindPage screen={screen} />;
}
