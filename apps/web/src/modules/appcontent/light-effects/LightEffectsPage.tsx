/**
 * The light-effect libraries (/user-platform/lightEffectLibraries) as a declared kind: three
 * slots (scene, music, DIY) on one screen, switched in the toolbar (`?library=`). An effect is
 * its name per language, mode, category, colours, the colour of each segment, a speed for the
 * moving modes and a brightness; the swatch draws it in the list, in the drawer while typing and
 * in the preview. The devices it is for are the model's targeting (device models).
 */
import {
  EFFECT_CATEGORIES,
  EFFECT_LIMITS,
  EFFECT_MODES,
  isMoving,
  LIGHT_EFFECT_ENDPOINTS_OF,
  LIGHT_EFFECT_SLOT_DEFS,
  LIGHT_EFFECT_SLOTS,
  type LightEffect,
  type LightEffectSlot,
} from '@bo/contract/appcontent/light-effects';
import { Segmented, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLang } from '../../../shared/i18n/lang';
import { ContentKindPage, type KindScreen, PreviewCard, titleColumn, titleField } from '../kinds/ContentKindPage';
import { EffectSwatch } from '../swatch/Swatch';
import { colorsField } from './palette-fields';
import { SegmentsInput } from './SegmentsInput';

const T = 'appContent.lightEffect';
const E = 'appContent.effect';
const ID = 'light-effect';

export default function LightEffectsPage() {
  const { t } = useTranslation();
  const zh = useLang() === 'zh-CN';
  const [params, setParams] = useSearchParams();
  const asked = params.get('library');
  const slot: LightEffectSlot = (LIGHT_EFFECT_SLOTS as readonly string[]).includes(asked ?? '')
    ? (asked as LightEffectSlot)
    : 'scene';
  const mode = (m: string) => t(`${E}.mode.${m as LightEffect['mode']}`);
  const category = (c: string) => t(`${E}.category.${c as LightEffect['category']}`);
  const { colors, segments } = EFFECT_LIMITS;

  const screen: KindScreen<LightEffect> = {
    kind: 'lightEffect',
    slot,
    endpoints: LIGHT_EFFECT_ENDPOINTS_OF[slot] as unknown as KindScreen<LightEffect>['endpoints'],
    permission: LIGHT_EFFECT_SLOT_DEFS[slot].permission,
    texts: T,
    title: `${T}.title`,
    testId: ID,
    switcher: (
      <Segmented
        value={slot}
        onChange={(v) => setParams({ library: String(v) })}
        options={LIGHT_EFFECT_SLOTS.map((s) => ({ value: s, label: t(`${T}.library.${s}`) }))}
        data-testid={`${ID}-library`}
      />
    ),
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
  return <ContentKindPage key={slot} screen={screen} />;
}
