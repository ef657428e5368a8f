/** Recommended graphics (/user-platform/lightEffectRecommendGraph) as a declared kind: pixel graphics for matrix lights, painted on a grid. */
import {
  EFFECT_LIMITS,
  RECOMMEND_GRAPH_SLOT_DEFS,
  type RecommendGraph,
  recommendGraphEndpoints,
} from '@bo/contract/appcontent/light-effects';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../shared/i18n/lang';
import { ContentKindPage, type KindScreen, mainSlot, PreviewCard, titleColumn, titleField } from '../kinds/ContentKindPage';
import { PixelSwatch } from '../swatch/Swatch';
import { ColorsInput } from './ColorsInput';
import { PixelGridInput } from './PixelGridInput';

const T = 'appContent.recommendGraph';
const ID = 'recommend-graph';

export default function RecommendGraphPage() {
  const { t } = useTranslation();
  const zh = useLang() === 'zh-CN';
  const screen: KindScreen<RecommendGraph> = {
    ...mainSlot('recommendGraph', recommendGraphEndpoints, RECOMMEND_GRAPH_SLOT_DEFS.main.permission, T, ID),
    leadColumns: [
      {
        key: 'swatch',
        priority: 'key',
        width: 110,
        title: t(`${T}.column.swatch`),
        render: (_, r) => (
          <PixelSwatch
            width={r.width}
            height={r.height}
            palette={r.palette}
            cells={r.cells}
            cell={Math.max(1, Math.floor(80 / Math.max(r.width, r.height)))}
            testId={`${ID}-swatch-${r.id}`}
          />
        ),
      },
    ],
    columns: [
      titleColumn(t(`${T}.column.title`), zh),
      { key: 'size', priority: 'detail', width: 80, title: t(`${T}.column.size`), render: (_, r) => `${r.width} × ${r.height}` },
    ],
    fields: () => [
      titleField({ zh: t(`${T}.field.titleZh`), en: t(`${T}.field.titleEn`) }, ID),
      { name: 'width', span: 12, input: 'number', label: t(`${T}.field.width`), testId: `${ID}-width` },
      { name: 'height', span: 12, input: 'number', label: t(`${T}.field.height`), testId: `${ID}-height` },
      {
        name: 'palette',
        label: t(`${T}.field.palette`),
        bare: true,
        input: (
          <ColorsInput
            name="palette"
            label={t(`${T}.field.palette`)}
            extra={t(`${T}.field.paletteHint`)}
            min={1}
            max={EFFECT_LIMITS.graph.colors}
            testId={`${ID}-palette`}
            addText={t('appContent.effect.colorAdd')}
            removeText={t('appContent.effect.colorRemove')}
          />
        ),
      },
      {
        name: 'cells',
        label: t(`${T}.field.cells`),
        input: (v) => (
          <PixelGridInput
            width={v.width}
            height={v.height}
            palette={(v.palette as unknown[] | undefined) ?? []}
            brushLabel={t(`${T}.field.brush`)}
          />
        ),
      },
    ],
    valuesOf: (r) => ({
      titleZh: r.titleZh,
      titleEn: r.titleEn,
      width: r.width,
      height: r.height,
      palette: r.palette,
      cells: r.cells,
    }),
    blank: { titleZh: '', titleEn: '', width: 8, height: 8, palette: ['#000000', '#FFFFFF'], cells: Array(64).fill(0) },
    bodyOf: (v) => ({
      titleZh: v.titleZh ?? '',
      titleEn: v.titleEn ?? '',
      width: v.width ?? 1,
      height: v.height ?? 1,
      palette: (v.palette as string[] | undefined) ?? [],
      cells: (v.cells as number[] | undefined) ?? [],
    }),
    renderItem: (i) => (
      <PreviewCard>
        <PixelSwatch
          width={Number(i.width)}
          height={Number(i.height)}
          palette={(i.palette as string[] | undefined) ?? []}
          cells={(i.cells as number[] | undefined) ?? []}
          cell={8}
        />
        <div>
          <Typography.Text strong>{String(i.title)}</Typography.Text>
        </div>
      </PreviewCard>
    ),
  };
  return <ContentKindPage screen={screen} />;
}
