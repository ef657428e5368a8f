/**
 * What the light-effect kinds share: the colour list, and a palette's live swatch under it; the
 * palette kinds (the colour store, the recommended colours) also show a palette's swatch before
 * its row and atop its preview item.
 */
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { FormField } from '../../../shared/kit/edit-form';
import type { KitColumn } from '../../../shared/kit/ListPage';
import { type ContentRow, type ContentValues, PreviewCard } from '../kinds/ContentKindPage';
import { PaletteSwatch } from '../swatch/Swatch';
import { ColorsInput } from './ColorsInput';

/** The kinds whose drawers list colours (their texts' prefixes). */
type ColorKind = 'appContent.colorStore' | 'appContent.recommendColor' | 'appContent.lightEffect' | 'appContent.dreamView';

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
function paletteSwatchField(ID: string): FormField<ContentValues> {
  return {
    name: 'swatch',
    label: '',
    display: true,
    input: (v) => <PaletteSwatch colors={(v.colors as unknown[] | undefined) ?? []} size={28} testId={`${ID}-drawer-swatch`} />,
  };
}

/** The palette kinds' drawer: the colours between `min` and `max`, and their swatch as they are typed. */
export function paletteFields(
  t: TFunction,
  T: ColorKind,
  ID: string,
  limits: { min: number; max: number },
): FormField<ContentValues>[] {
  return [colorsField(t, T, ID, limits), paletteSwatchField(ID)];
}

/** A palette row's swatch, the column before its name (test id `${ID}-swatch-{id}`). */
export function paletteColumn<R extends ContentRow & { colors: string[] }>(t: TFunction, T: ColorKind, ID: string): KitColumn<R> {
  return {
    key: 'swatch',
    priority: 'key',
    width: 120,
    title: t(`${T}.column.swatch`),
    render: (_, r) => <PaletteSwatch colors={r.colors} testId={`${ID}-swatch-${r.id}`} />,
  };
}

/** One palette of the preview: its swatch over what the kind says of it. */
export function PalettePreview({ colors, children }: { colors: unknown; children: ReactNode }) {
  return (
    <PreviewCard>
      <PaletteSwatch colors={(colors as string[] | undefined) ?? []} size={24} />
      <div>{children}</div>
    </PreviewCard>
  );
}
