/** Recommended colours (/user-platform/lightEffectRecommendColor) as a declared kind: a colour or palette per effect category, with its reason. */
import {
  EFFECT_CATEGORIES,
  EFFECT_LIMITS,
  RECOMMEND_COLOR_SLOT_DEFS,
  type RecommendColor,
  recommendColorEndpoints,
} from '@bo/contract/appcontent/light-effects';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../shared/i18n/lang';
import { ContentKindPage, inLang, type KindScreen, mainSlot } from '../kinds/ContentKindPage';
import { PalettePreview, paletteColumn, paletteFields } from './palette-fields';

const T = 'appContent.recommendColor';
const ID = 'recommend-color';

export default function RecommendColorPage() {
  const { t } = useTranslation();
  const zh = useLang() === 'zh-CN';
  const category = (c: string) => t(`appContent.effect.category.${c as RecommendColor['category']}`);
  const { min, max } = EFFECT_LIMITS.recommend;
  const screen: KindScreen<RecommendColor> = {
    ...mainSlot('recommendColor', recommendColorEndpoints, RECOMMEND_COLOR_SLOT_DEFS.main.permission, T, ID),
    leadColumns: [paletteColumn(t, T, ID)],
    columns: [
      { key: 'category', priority: 'key', width: 90, title: t(`${T}.column.category`), render: (_, r) => category(r.category) },
      {
        key: 'reason',
        priority: 'key',
        width: 220,
        ellipsis: true,
        title: t(`${T}.column.reason`),
        render: (_, r) => inLang(zh, r.reasonZh, r.reasonEn),
      },
    ],
    fields: () => [
      {
        name: 'category',
        input: 'select',
        label: t(`${T}.field.category`),
        options: EFFECT_CATEGORIES.map((c) => ({ value: c, label: category(c) })),
        testId: `${ID}-category`,
      },
      ...paletteFields(t, T, ID, { min, max }),
      {
        name: 'reasonZh',
        input: 'bilingual',
        label: t(`${T}.field.reasonZh`),
        pair: { name: 'reasonEn', label: t(`${T}.field.reasonEn`), testId: `${ID}-reason-en` },
        requireOne: true,
        testId: `${ID}-reason-zh`,
      },
    ],
    valuesOf: (r) => ({ category: r.category, colors: r.colors, reasonZh: r.reasonZh, reasonEn: r.reasonEn }),
    blank: { category: 'mood', colors: ['#FFE8C2'], reasonZh: '', reasonEn: '' },
    bodyOf: (v) => ({
      category: v.category ?? 'other',
      colors: (v.colors as string[] | undefined) ?? [],
      reasonZh: v.reasonZh ?? '',
      reasonEn: v.reasonEn ?? '',
    }),
    renderItem: (i) => (
      <PalettePreview colors={i.colors}>
        <Tag>{category(String(i.category))}</Tag>
        <Typography.Text>{String(i.reason)}</Typography.Text>
      </PalettePreview>
    ),
  };
  return <ContentKindPage screen={screen} />;
}
