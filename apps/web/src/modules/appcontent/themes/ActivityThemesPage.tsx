/**
 * The app's activity themes (/user-platform/activityThemes) as a declared kind: a name per
 * language, four colours (each a picker beside its hex text; the look of the theme drawn as they
 * are typed), a 2:1 banner through the banners' image input, and the activity's window (the
 * model's window, both ends needed). The preview draws each theme as the app wears it.
 */
import {
  ACTIVITY_THEME_SLOT_DEFS,
  type ActivityTheme,
  activityThemeEndpoints,
  activityThemeImage,
  THEME_COLORS,
  THEME_IMAGE_RULE,
} from '@bo/contract/appcontent/themes';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format';
import { useLang } from '../../../shared/i18n/lang';
import { BannerImageInput } from '../banners/BannerImageInput';
import { ContentKindPage, inLang, type KindScreen, mainSlot, PreviewCard } from '../kinds/ContentKindPage';
import { HexColorInput } from '../light-effects/ColorsInput';
import { PaletteSwatch } from '../swatch/Swatch';
import { ThemeMock } from './ThemeMock';

const T = 'appContent.activityTheme';
const ID = 'activity-theme';

const colorsOf = (v: Record<string, unknown>) => ({
  primary: v.primaryColor,
  secondary: v.secondaryColor,
  background: v.backgroundColor,
  text: v.textColor,
});

export default function ActivityThemesPage() {
  const { t } = useTranslation();
  const zh = useLang() === 'zh-CN';
  const words = { action: t(`${T}.mock.action`), badge: t(`${T}.mock.badge`) };
  const screen: KindScreen<ActivityTheme> = {
    ...mainSlot('activityTheme', activityThemeEndpoints, ACTIVITY_THEME_SLOT_DEFS.main.permission, T, ID),
    leadColumns: [
      {
        key: 'swatch',
        priority: 'key',
        width: 90,
        title: t(`${T}.column.colors`),
        render: (_, r) => <PaletteSwatch colors={THEME_COLORS.map((c) => r[c])} testId={`${ID}-swatch-${r.id}`} />,
      },
    ],
    columns: [
      {
        key: 'themeName',
        priority: 'normal',
        width: 120,
        ellipsis: true,
        title: t(`${T}.column.name`),
        render: (_, r) => inLang(zh, r.nameZh, r.nameEn),
      },
    ],
    fields: () => [
      {
        name: 'nameZh',
        input: 'bilingual',
        label: t(`${T}.field.nameZh`),
        pair: { name: 'nameEn', label: t(`${T}.field.nameEn`), testId: `${ID}-name-en` },
        requireOne: true,
        testId: `${ID}-name-zh`,
      },
      ...THEME_COLORS.map((c) => ({
        name: c,
        span: 12,
        label: t(`${T}.field.${c}`),
        input: <HexColorInput testId={`${ID}-${c}`} label={t(`${T}.field.${c}`)} />,
      })),
      {
        name: 'look',
        label: t(`${T}.field.look`),
        display: true,
        input: (v) => (
          <ThemeMock
            name={inLang(zh, String(v.nameZh ?? ''), String(v.nameEn ?? '')) || t(`${T}.mock.untitled`)}
            colors={colorsOf(v)}
            testId={`${ID}-look`}
            {...words}
          />
        ),
      },
      {
        name: 'imageFileId',
        label: t(`${T}.field.image`),
        input: <BannerImageInput own={{ endpoint: activityThemeImage, rule: THEME_IMAGE_RULE }} />,
      },
    ],
    valuesOf: (r) => ({
      nameZh: r.nameZh,
      nameEn: r.nameEn,
      primaryColor: r.primaryColor,
      secondaryColor: r.secondaryColor,
      backgroundColor: r.backgroundColor,
      textColor: r.textColor,
      imageFileId: r.imageFileId,
    }),
    blank: {
      nameZh: '',
      nameEn: '',
      primaryColor: '#F5A623',
      secondaryColor: '#D0021B',
      backgroundColor: '#FFFFFF',
      textColor: '#1F1F1F',
    },
    bodyOf: (v) => ({
      nameZh: v.nameZh ?? '',
      nameEn: v.nameEn ?? '',
      primaryColor: v.primaryColor ?? '',
      secondaryColor: v.secondaryColor ?? '',
      backgroundColor: v.backgroundColor ?? '',
      textColor: v.textColor ?? '',
      imageFileId: v.imageFileId,
    }),
    renderItem: (i) => (
      <PreviewCard>
        <ThemeMock
          name={String(i.name)}
          colors={i.colors as Record<'primary' | 'secondary' | 'background' | 'text', string>}
          imageUrl={(i.image as { url: string }).url}
          testId={`${ID}-preview-${String(i.id)}`}
          {...words}
        >
          <Typography.Text style={{ color: 'inherit', opacity: 0.8 }}>
            {t(`${T}.runs`, {
              start: i.windowStart ? formatDateTime(String(i.windowStart)) : '—',
              end: i.windowEnd ? formatDateTime(String(i.windowEnd)) : '—',
            })}
          </Typography.Text>
        </ThemeMock>
      </PreviewCard>
    ),
  };
  return <ContentKindPage screen={screen} />;
}
