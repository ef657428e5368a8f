/** The app's FAQ (/user-platform/faqSetting) as a declared kind: question and answer per language, category. */
import { FAQ_CATEGORIES, FAQ_SLOT_DEFS, type Faq, faqEndpoints } from '@bo/contract/appcontent/faq';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../shared/i18n/lang';
import { ContentKindPage, inLang, type KindScreen, mainSlot, PreviewCard } from '../kinds/ContentKindPage';

const T = 'appContent.faq';

export default function FaqPage() {
  const { t } = useTranslation();
  const zh = useLang() === 'zh-CN';
  const category = (c: string) => t(`${T}.category.${c as Faq['category']}`);
  const screen: KindScreen<Faq> = {
    ...mainSlot('faq', faqEndpoints, FAQ_SLOT_DEFS.main.permission, T, 'faq'),
    columns: [
      {
        key: 'question',
        priority: 'key',
        width: 180,
        ellipsis: true,
        title: t(`${T}.column.question`),
        render: (_, f) => inLang(zh, f.questionZh, f.questionEn),
      },
      {
        key: 'category',
        priority: 'detail',
        width: 100,
        title: t(`${T}.column.category`),
        render: (_, f) => category(f.category),
      },
    ],
    fields: () => [
      {
        name: 'category',
        input: 'select',
        label: t(`${T}.field.category`),
        options: FAQ_CATEGORIES.map((c) => ({ value: c, label: category(c) })),
        testId: 'faq-category',
      },
      {
        name: 'questionZh',
        input: 'bilingual',
        label: t(`${T}.field.questionZh`),
        pair: { name: 'questionEn', label: t(`${T}.field.questionEn`), testId: 'faq-question-en' },
        requireOne: true,
        testId: 'faq-question-zh',
      },
      { name: 'answerZh', input: 'textarea', span: 12, label: t(`${T}.field.answerZh`), testId: 'faq-answer-zh' },
      { name: 'answerEn', input: 'textarea', span: 12, label: t(`${T}.field.answerEn`), testId: 'faq-answer-en' },
    ],
    valuesOf: (f) => ({
      questionZh: f.questionZh,
      questionEn: f.questionEn,
      answerZh: f.answerZh,
      answerEn: f.answerEn,
      category: f.category,
    }),
    blank: { questionZh: '', questionEn: '', answerZh: '', answerEn: '', category: 'general' },
    bodyOf: (v) => ({
      questionZh: v.questionZh ?? '',
      questionEn: v.questionEn ?? '',
      answerZh: v.answerZh ?? '',
      answerEn: v.answerEn ?? '',
      category: v.category,
    }),
    renderItem: (i) => (
      <PreviewCard>
        <Tag>{category(String(i.category))}</Tag>
        <Typography.Text strong>{String(i.question)}</Typography.Text>
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap' }}>
          {String(i.answer)}
        </Typography.Paragraph>
      </PreviewCard>
    ),
  };
  return <ContentKindPage screen={screen} />;
}
