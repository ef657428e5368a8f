/**
 * When the app asks for a store rating (/user-platform/assessSetting) as a declared kind: the rule
 * (days since install, successful connections, least days between asks, most asks a year) and the
 * prompt's title and text per language; per platform through the targeting. The preview draws the
 * prompt as the app shows it, with the rule under it.
 */
import {
  RATING_LIMITS,
  RATING_PROMPT_SLOT_DEFS,
  RATING_RULE_KEYS,
  type RatingPrompt,
  ratingPromptEndpoints,
} from '@bo/contract/appdevices/rating-prompt';
import { Card, Typography } from 'antd';
import { useTexts } from '../../../shared/i18n/lang';
import {
  ContentKindPage,
  inLang,
  type KindScreen,
  mainSlot,
  PLATFORM_LABEL,
  PreviewCard,
  titleField,
} from '../../appcontent/kinds/ContentKindPage';

const T = 'appDevices.ratingPrompt';
const ID = 'rating-prompt';

export default function RatingPromptsPage() {
  const { t, lang } = useTexts();
  const zh = lang === 'zh-CN';
  const ruleText = (r: Record<string, unknown>) =>
    t(`${T}.ruleText`, {
      days: Number(r.daysSinceInstall),
      connections: Number(r.successfulConnections),
      between: Number(r.minDaysBetween),
      perYear: Number(r.maxPerYear),
    });
  const screen: KindScreen<RatingPrompt> = {
    ...mainSlot('ratingPrompt', ratingPromptEndpoints, RATING_PROMPT_SLOT_DEFS.main.permission, T, ID),
    columns: [
      {
        key: 'platforms',
        priority: 'key',
        width: 110,
        title: t(`${T}.column.platforms`),
        render: (_, r) =>
          r.targeting.platforms.length ? r.targeting.platforms.map((p) => PLATFORM_LABEL[p]).join(' / ') : t(`${T}.allPlatforms`),
      },
      {
        key: 'prompt',
        priority: 'normal',
        width: 180,
        ellipsis: true,
        title: t(`${T}.column.prompt`),
        render: (_, r) => inLang(zh, r.titleZh, r.titleEn),
      },
      { key: 'rule', priority: 'normal', width: 260, title: t(`${T}.column.rule`), render: (_, r) => ruleText(r) },
    ],
    fields: () => [
      ...RATING_RULE_KEYS.map((k) => ({
        name: k,
        input: 'number' as const,
        span: 12,
        label: t(`${T}.field.${k}`),
        extra: t(`${T}.field.range`, RATING_LIMITS[k]),
        testId: `${ID}-${k}`,
      })),
      titleField({ zh: t(`${T}.field.titleZh`), en: t(`${T}.field.titleEn`) }, ID),
      {
        name: 'textZh',
        input: 'bilingual',
        label: t(`${T}.field.textZh`),
        extra: t(`${T}.field.textHint`),
        pair: { name: 'textEn', label: t(`${T}.field.textEn`), testId: `${ID}-text-en` },
        testId: `${ID}-text-zh`,
      },
    ],
    valuesOf: (r) => ({
      daysSinceInstall: r.daysSinceInstall,
      successfulConnections: r.successfulConnections,
      minDaysBetween: r.minDaysBetween,
      maxPerYear: r.maxPerYear,
      titleZh: r.titleZh,
      titleEn: r.titleEn,
      textZh: r.textZh,
      textEn: r.textEn,
    }),
    blank: {
      daysSinceInstall: 7,
      successfulConnections: 3,
      minDaysBetween: 90,
      maxPerYear: 3,
      titleZh: '',
      titleEn: '',
      textZh: '',
      textEn: '',
    },
    bodyOf: (v) => ({
      daysSinceInstall: v.daysSinceInstall,
      successfulConnections: v.successfulConnections,
      minDaysBetween: v.minDaysBetween,
      maxPerYear: v.maxPerYear,
      titleZh: v.titleZh ?? '',
      titleEn: v.titleEn ?? '',
      textZh: v.textZh ?? '',
      textEn: v.textEn ?? '',
    }),
    renderItem: (i) => (
      <PreviewCard>
        <Card size="small" style={{ textAlign: 'center' }}>
          <Typography.Text strong>{String(i.title)}</Typography.Text>
          <Typography.Paragraph style={{ margin: '4px 0' }}>{String(i.text)}</Typography.Paragraph>
          <Typography.Text style={{ fontSize: 18, letterSpacing: 4 }}>★★★★★</Typography.Text>
        </Card>
        <Typography.Text type="secondary">{ruleText(i.rule as Record<string, unknown>)}</Typography.Text>
      </PreviewCard>
    ),
  };
  return <ContentKindPage screen={screen} />;
}
