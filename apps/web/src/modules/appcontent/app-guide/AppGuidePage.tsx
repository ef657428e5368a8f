/** The app's guides (/user-platform/appGuide) as a declared kind: title per language, ordered steps, an optional topic. */
import { APP_GUIDE_SLOT_DEFS, APP_GUIDE_TOPICS, type AppGuide, appGuideEndpoints } from '@bo/contract/appcontent/app-guide';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../shared/i18n/lang';
import { ContentKindPage, type KindScreen, mainSlot, PreviewCard, titleColumn, titleField } from '../kinds/ContentKindPage';
import { StepsInput } from './StepsInput';

const T = 'appContent.appGuide';
type Step = AppGuide['steps'][number];

export default function AppGuidePage() {
  const { t } = useTranslation();
  const zh = useLang() === 'zh-CN';
  const topic = (c: string | null) => (c ? t(`${T}.topic.${c as AppGuide['topic'] & string}`) : t(`${T}.noTopic`));
  const screen: KindScreen<AppGuide> = {
    ...mainSlot('appGuide', appGuideEndpoints, APP_GUIDE_SLOT_DEFS.main.permission, T, 'app-guide'),
    columns: [
      titleColumn(t(`${T}.column.title`), zh),
      { key: 'steps', priority: 'detail', width: 80, title: t(`${T}.column.steps`), render: (_, g) => g.steps.length },
      { key: 'topic', priority: 'detail', width: 100, title: t(`${T}.column.topic`), render: (_, g) => topic(g.topic) },
    ],
    fields: () => [
      titleField({ zh: t(`${T}.field.titleZh`), en: t(`${T}.field.titleEn`) }, 'app-guide'),
      {
        name: 'topic',
        input: 'select',
        label: t(`${T}.field.topic`),
        placeholder: t(`${T}.noTopic`),
        options: APP_GUIDE_TOPICS.map((c) => ({ value: c, label: topic(c) })),
        testId: 'app-guide-topic',
      },
      { name: 'steps', label: t(`${T}.field.steps`), bare: true, input: <StepsInput /> },
    ],
    valuesOf: (g) => ({ titleZh: g.titleZh, titleEn: g.titleEn, steps: g.steps, topic: g.topic ?? undefined }),
    blank: { titleZh: '', titleEn: '', steps: [{ textZh: '', textEn: '' }], topic: undefined },
    bodyOf: (v) => ({
      titleZh: v.titleZh ?? '',
      titleEn: v.titleEn ?? '',
      steps: ((v.steps as Partial<Step>[] | undefined) ?? []).map((s) => ({ textZh: s?.textZh ?? '', textEn: s?.textEn ?? '' })),
      topic: v.topic ?? null,
    }),
    renderItem: (i) => (
      <PreviewCard>
        {i.topic ? <Tag>{topic(String(i.topic))}</Tag> : null}
        <Typography.Text strong>{String(i.title)}</Typography.Text>
        <ol style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
          {((i.stepTexts as string[] | undefined) ?? []).map((s, n) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an ordered list the server's answer replaces whole: its index is its identity
            <li key={n}>{s}</li>
          ))}
        </ol>
      </PreviewCard>
    ),
  };
  return <ContentKindPage screen={screen} />;
}
