/** The drawer fields the light-effect kinds share: the colour list, and a palette's live swatch under it. */
import type { TFunction } from 'i18next';
import type { FormField } from '../../../shared/kit/edit-form';
import type { ContentValues } from '../kinds/ContentKindPage';
import { PaletteSwatch } from '../swatch/Swatch';
import { ColorsInput } from './ColorsInput';

/** The kinds whose drawers list colours (their texts' prefixes). */
type ColorKind = 'appContent.colorStore' | 'appContent.recommendColor' | 'appContent.lightEffect';

/** `colors` with its label and hint under the kind's texts prefix `T`, between `min` and `max` entries. */
export function colorsField(
  t: TFunction,
  T: ColorKind,
  ID: string,
  limits: { min: number; max: number },
): FormField<ContentValues> {
  return {
    name: 'colors',
    label: t(`${T}.field.colors`),
    bare: true,
    input: (
      <ColorsInput
        name="colors"
        label={t(`${T}.field.colors`)}
        extra={t(`${T}.field.colorsHint`)}
        min={limits.min}
        max={limits.max}
        testId={`${ID}-colors`}
        addText={t('appContent.effect.colorAdd')}
        removeText={t('appContent.effect.colorRemove')}
      />
    ),
  };
}

/** The palette being typed, drawn as it changes. */
export function paletteSwatchField(ID: string): FormField<ContentValues> {
  return {
    name: 'swatch',
    label: '',
    display: true,
    input: (v) => <PaletteSwatch colors={(v.colors as unknown[] | undefined) ?? []} size={28} testId={`${ID}-drawer-swatch`} />,
  };
}
