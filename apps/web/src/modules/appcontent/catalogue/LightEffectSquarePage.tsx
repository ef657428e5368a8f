/**
 * The light-effect square (/user-platform/lightEffectSquare): the square's three sections (hot,
 * new, staff picks), three slots of one kind on one screen switched in the toolbar (`?slot=`), as
 * the covers' slots. A pick pins a light effect (not archived) with a note per language; the
 * effect is drawn with its swatch in the list, the drawer and the preview.
 */
import type { ContentEndpoints } from '@bo/contract/appcontent/kinds';
import {
  SQUARE_ENDPOINTS_OF,
  SQUARE_SLOT_DEFS,
  SQUARE_SLOTS,
  type SquarePick,
  type SquareSlot,
} from '@bo/contract/appcontent/square';
import { Segmented, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLang } from '../../../shared/i18n/lang';
import { ContentKindPage, inLang, type KindScreen, PreviewCard } from '../kinds/ContentKindPage';
import { effectLabel } from '../related/RelatedIdsInput';
import { useEffectsOf } from './catalogue.queries';
import { EffectLine, EffectPicker } from './fields';

const T = 'appContent.squarePick';
const ID = 'square-pick';

/** The section the URL names (`?slot=`), the hot one otherwise. */
export const squareSlotOf = (asked: string | null): SquareSlot =>
  (SQUARE_SLOTS as readonly string[]).includes(asked ?? '') ? (asked as SquareSlot) : 'hot';

export default function LightEffectSquarePage() {
  const { t } = useTranslation();
  const zh = useLang() === 'zh-CN';
  const [params, setParams] = useSearchParams();
  const slot = squareSlotOf(params.get('slot'));
  const choices = useEffectsOf('square');
  const byId = new Map((choices.data ?? []).map((c) => [c.id, c]));
  const line = (id: number) => {
    const e = byId.get(id);
    return <EffectLine effect={e} label={e ? effectLabel(e, zh) : `#${id} · ${t(`${T}.missing`)}`} />;
  };
  const screen: KindScreen<SquarePick> = {
    kind: 'squarePick',
    slot,
    endpoints: SQUARE_ENDPOINTS_OF[slot] as unknown as ContentEndpoints,
    permission: SQUARE_SLOT_DEFS[slot].permission,
    texts: T,
    title: `${T}.title`,
    testId: ID,
    columns: [
      { key: 'effect', priority: 'key', width: 220, title: t(`${T}.column.effect`), render: (_, r) => line(r.effectId) },
      {
        key: 'note',
        priority: 'normal',
        width: 200,
        ellipsis: true,
        title: t(`${T}.column.note`),
        render: (_, r) => inLang(zh, r.noteZh, r.noteEn),
      },
    ],
    fields: () => [
      {
        name: 'effectId',
        label: t(`${T}.field.effect`),
        extra: t(`${T}.field.effectHint`),
        input: <EffectPicker choices={choices.data ?? []} loading={choices.isPending} zh={zh} testId={`${ID}-effect`} />,
      },
      {
        name: 'noteZh',
        input: 'bilingual',
        label: t(`${T}.field.noteZh`),
        pair: { name: 'noteEn', label: t(`${T}.field.noteEn`), testId: `${ID}-note-en` },
        testId: `${ID}-note-zh`,
      },
    ],
    valuesOf: (r) => ({ effectId: r.effectId, noteZh: r.noteZh, noteEn: r.noteEn }),
    blank: { noteZh: '', noteEn: '' },
    bodyOf: (v) => ({ effectId: v.effectId, noteZh: v.noteZh ?? '', noteEn: v.noteEn ?? '' }),
    renderItem: (i) => (
      <PreviewCard>
        {line(Number(i.effectId))}
        {i.note ? (
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
            {String(i.note)}
          </Typography.Paragraph>
        ) : null}
      </PreviewCard>
    ),
    switcher: (
      <Segmented
        value={slot}
        onChange={(v) => setParams({ slot: String(v) })}
        options={SQUARE_SLOTS.map((s) => ({ value: s, label: t(`${T}.slot.${s}`) }))}
        data-testid={`${ID}-slot`}
      />
    ),
  };
  return <ContentKindPage key={slot} screen={screen} />;
}
