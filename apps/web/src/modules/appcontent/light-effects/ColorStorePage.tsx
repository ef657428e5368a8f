/** The app's colour store (/user-platform/lightEffectColorStore) as a declared kind: named palettes of 2–8 colours. */
import {
  COLOR_STORE_SLOT_DEFS,
  type ColorStoreEntry,
  colorStoreEndpoints,
  EFFECT_LIMITS,
} from '@bo/contract/appcontent/light-effects';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../shared/i18n/lang';
import { ContentKindPage, type KindScreen, mainSlot, titleColumn, titleField } from '../kinds/ContentKindPage';
import { PalettePreview, paletteColumn, paletteFields } from './palette-fields';

const T = 'appContent.colorStore';
const ID = 'color-store';

export default function ColorStorePage() {
  const { t } = useTranslation();
  const zh = useLang() === 'zh-CN';
  const { min, max } = EFFECT_LIMITS.palette;
  const screen: KindScreen<ColorStoreEntry> = {
    ...mainSlot('colorStore', colorStoreEndpoints, COLOR_STORE_SLOT_DEFS.main.permission, T, ID),
    leadColumns: [paletteColumn(t, T, ID)],
    columns: [titleColumn(t(`${T}.column.title`), zh)],
    fields: () => [
      titleField({ zh: t(`${T}.field.titleZh`), en: t(`${T}.field.titleEn`) }, ID),
      ...paletteFields(t, T, ID, { min, max }),
    ],
    valuesOf: (r) => ({ titleZh: r.titleZh, titleEn: r.titleEn, colors: r.colors }),
    blank: { titleZh: '', titleEn: '', colors: ['#03045E', '#00B4D8'] },
    bodyOf: (v) => ({ titleZh: v.titleZh ?? '', titleEn: v.titleEn ?? '', colors: (v.colors as string[] | undefined) ?? [] }),
    renderItem: (i) => (
      <PalettePreview colors={i.colors}>
        <Typography.Text strong>{String(i.title)}</Typography.Text>
      </PalettePreview>
    ),
  };
  return <ContentKindPage screen={screen} />;
}
