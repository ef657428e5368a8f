/**
 * What the effect kinds' screens share (the light-effect libraries, the DreamView scenes): the
 * swatch column, name, mode and category columns; the drawer's fields (name per language, mode,
 * category, colours, segments, a speed for a moving mode, brightness) with the swatch drawn as
 * they are typed; a record's values, a new one's and the body; the preview's item, drawn by the
 * same swatch. The texts are the kind's (`T`), the modes' and categories' the effects' (`E`).
 */
import {
  EFFECT_CATEGORIES,
  EFFECT_LIMITS,
  EFFECT_MODES,
  isMoving,
  type LightEffect,
} from '@bo/contract/appcontent/light-effects';
import { Space, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { type KindScreen, PreviewCard, titleColumn, titleField } from '../kinds/ContentKindPage';
import { EffectSwatch } from '../swatch/Swatch';
import { colorsField } from './palette-fields';
import { SegmentsInput } from './SegmentsInput';

const E = 'appContent.effect';

/** The effect kinds' texts prefixes (each has the light-effect library's keys). */
export type EffectTexts = 'appContent.lightEffect' | 'appContent.dreamView';

export function effectScreenParts(
  t: TFunction,
  zh: boolean,
  T: EffectTexts,
  ID: string,
): Omit<KindScreen<LightEffect>, 'kind' | 'slot' | 'endpoints' | 'permission' | 'texts' | 'title' | 'testId'> {
  const mode = (m: string) => t(`${E}.mode.${m as LightEffect['mode']}`);
  const category = (c: string) => t(`${E}.category.${c as LightEffect['category']}`);
  const { colors, segments } = EFFECT_LIMITS;
  return {
    leadColumns: [
      {
        key: 'swatch',
        priority: 'key',
        width: 150,
        title: t(`${T}.column.swatch`),
        render: (_, r) => <EffectSwatch effect={r} width={130} height={16} testId={`${ID}-swatch-${r.id}`} />,
      },
    ],
    columns: [
      titleColumn(t(`${T}.column.title`), zh, 140),
      { key: 'mode', priority: 'detail', width: 90, title: t(`${T}.column.mode`), render: (_, r) => mode(r.mode) },
      {
        key: 'category',
        priority: 'detail',
        width: 90,
        title: t(`${T}.column.category`),
        render: (_, r) => category(r.category),
      },
    ],
    fields: () => [
      titleField({ zh: t(`${T}.field.titleZh`), en: t(`${T}.field.titleEn`) }, ID),
      {
        name: 'mode',
        span: 12,
        input: 'select',
        label: t(`${T}.field.mode`),
        options: EFFECT_MODES.map((m) => ({ value: m, label: mode(m) })),
        testId: `${ID}-mode`,
      },
      {
        name: 'category',
        span: 12,
        input: 'select',
        label: t(`${T}.field.category`),
        options: EFFECT_CATEGORIES.map((c) => ({ value: c, label: category(c) })),
        testId: `${ID}-category`,
      },
      colorsField(t, T, ID, colors),
      {
        name: 'segments',
        label: t(`${T}.field.segments`),
        input: (v) => (
          <SegmentsInput
            colors={(v.colors as unknown[] | undefined) ?? []}
            countLabel={t(`${T}.field.segmentCount`)}
            segmentLabel={t(`${T}.field.segment`)}
            hint={t(`${T}.field.segmentsHint`, { min: segments.min, max: segments.max })}
          />
        ),
      },
      {
        name: 'speed',
        span: 12,
        input: 'number',
        label: t(`${T}.field.speed`),
        extra: t(`${T}.field.speedHint`),
        visible: (v) => isMoving((v.mode ?? 'static') as LightEffect['mode']),
        testId: `${ID}-speed`,
      },
      {
        name: 'brightness',
        span: 12,
        input: 'number',
        label: t(`${T}.field.brightness`),
        extra: t(`${T}.field.brightnessHint`),
        testId: `${ID}-brightness`,
      },
      {
        name: 'swatch',
        label: t(`${T}.field.swatch`),
        display: true,
        extra: (v) => (v.mode ? t(`${E}.modeHint.${v.mode as LightEffect['mode']}`) : undefined),
        input: (v) => (
          <EffectSwatch
            effect={{ ...v, speed: v.speed as number | null }}
            width="100%"
            height={28}
            testId={`${ID}-drawer-swatch`}
          />
        ),
      },
    ],
    valuesOf: (r) => ({
      titleZh: r.titleZh,
      titleEn: r.titleEn,
      mode: r.mode,
      category: r.category,
      colors: r.colors,
      segments: r.segments,
      // A still effect has no speed; switching it to a moving mode starts from the middle.
      speed: r.speed ?? 50,
      brightness: r.brightness,
    }),
    blank: {
      titleZh: '',
      titleEn: '',
      mode: 'static',
      category: 'other',
      colors: ['#FF8800', '#FFFFFF'],
      segments: [0, 1, 0, 1, 0, 1],
      speed: 50,
      brightness: 100,
    },
    bodyOf: (v) => {
      const m = (v.mode ?? 'static') as LightEffect['mode'];
      return {
        titleZh: v.titleZh ?? '',
        titleEn: v.titleEn ?? '',
        mode: m,
        category: v.category ?? 'other',
        colors: (v.colors as string[] | undefined) ?? [],
        segments: (v.segments as number[] | undefined) ?? [],
        speed: isMoving(m) ? ((v.speed as number | undefined) ?? null) : null,
        brightness: v.brightness ?? 100,
      };
    },
    renderItem: (i) => (
      <PreviewCard>
        <EffectSwatch
          effect={i as Parameters<typeof EffectSwatch>[0]['effect']}
          width="100%"
          height={24}
          testId={`${ID}-preview-swatch`}
        />
        <Space size={4} style={{ marginTop: 4 }}>
          <Typography.Text strong>{String(i.title)}</Typography.Text>
          <Tag>{mode(String(i.mode))}</Tag>
          <Tag>{category(String(i.category))}</Tag>
        </Space>
      </PreviewCard>
    ),
  };
}
