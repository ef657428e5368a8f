/** The app's roadmap (/user-platform/roadMap) as a declared kind: title and description per language, status, quarter; order is the model's position. */
import { ROADMAP_SLOT_DEFS, ROADMAP_STATUSES, type RoadmapItem, roadmapEndpoints } from '@bo/contract/appcontent/roadmap';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../shared/i18n/lang';
import { ContentKindPage, type KindScreen, mainSlot, PreviewCard, titleColumn, titleField } from '../kinds/ContentKindPage';

const T = 'appContent.roadmap';
const STATUS_COLOR = { planned: 'default', building: 'processing', released: 'success' } as const;

export default function RoadmapPage() {
  const { t } = useTranslation();
  const zh = useLang() === 'zh-CN';
  const status = (s: string) => t(`${T}.status.${s as RoadmapItem['status']}`);
  const screen: KindScreen<RoadmapItem> = {
    ...mainSlot('roadmap', roadmapEndpoints, ROADMAP_SLOT_DEFS.main.permission, T, 'roadmap'),
    columns: [
      titleColumn(t(`${T}.column.title`), zh, 160),
      {
        key: 'status',
        priority: 'detail',
        width: 100,
        title: t(`${T}.column.status`),
        render: (_, r) => <Tag color={STATUS_COLOR[r.status]}>{status(r.status)}</Tag>,
      },
      { key: 'quarter', priority: 'detail', width: 100, title: t(`${T}.column.quarter`), render: (_, r) => r.quarter },
    ],
    fields: () => [
      titleField({ zh: t(`${T}.field.titleZh`), en: t(`${T}.field.titleEn`) }, 'roadmap'),
      {
        name: 'descriptionZh',
        input: 'textarea',
        span: 12,
        label: t(`${T}.field.descriptionZh`),
        testId: 'roadmap-description-zh',
      },
      {
        name: 'descriptionEn',
        input: 'textarea',
        span: 12,
        label: t(`${T}.field.descriptionEn`),
        testId: 'roadmap-description-en',
      },
      {
        name: 'status',
        input: 'select',
        span: 12,
        label: t(`${T}.field.status`),
        options: ROADMAP_STATUSES.map((s) => ({ value: s, label: status(s) })),
        testId: 'roadmap-status',
      },
      {
        name: 'quarter',
        span: 12,
        label: t(`${T}.field.quarter`),
        extra: t(`${T}.field.quarterHint`),
        placeholder: '2027-Q1',
        testId: 'roadmap-quarter',
      },
    ],
    valuesOf: (r) => ({
      titleZh: r.titleZh,
      titleEn: r.titleEn,
      descriptionZh: r.descriptionZh,
      descriptionEn: r.descriptionEn,
      status: r.status,
      quarter: r.quarter,
    }),
    blank: { titleZh: '', titleEn: '', descriptionZh: '', descriptionEn: '', status: 'planned', quarter: '' },
    bodyOf: (v) => ({
      titleZh: v.titleZh ?? '',
      titleEn: v.titleEn ?? '',
      descriptionZh: v.descriptionZh ?? '',
      descriptionEn: v.descriptionEn ?? '',
      status: v.status,
      quarter: v.quarter ?? '',
    }),
    renderItem: (i) => (
      <PreviewCard>
        <Typography.Text strong>{String(i.title)}</Typography.Text>{' '}
        <Tag color={STATUS_COLOR[i.status as RoadmapItem['status']]}>{status(String(i.status))}</Tag>
        <Typography.Text type="secondary">{String(i.quarter)}</Typography.Text>
        {i.description ? (
          <Typography.Paragraph style={{ margin: '4px 0 0' }}>{String(i.description)}</Typography.Paragraph>
        ) : null}
      </PreviewCard>
    ),
  };
  return <ContentKindPage screen={screen} />;
}
