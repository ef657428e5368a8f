/**
 * Related light effects (/user-platform/lightEffectRelated) as a declared kind: an effect of the
 * libraries and, in order, the effects the app recommends with it, each picked from the effects
 * that are not archived and drawn with its swatch. The preview shows each list as the app does.
 */
import {
  RELATED_EFFECT_SLOT_DEFS,
  RELATED_LIMITS,
  type RelatedEffect,
  relatedEffectEndpoints,
} from '@bo/contract/appcontent/related';
import { Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../shared/i18n/lang';
import { ContentKindPage, type KindScreen, mainSlot, PreviewCard } from '../kinds/ContentKindPage';
import { EffectSwatch } from '../swatch/Swatch';
import { effectLabel, RelatedIdsInput } from './RelatedIdsInput';
import { type EffectChoice, useEffectChoices } from './related.queries';

const T = 'appContent.relatedEffect';
const ID = 'related-effect';

/** An effect's swatch and name (its id when it is no longer among the choices). */
function EffectLine({ effect, label }: { effect: EffectChoice | undefined; label: string }) {
  return (
    <Space size={6}>
      {effect ? <EffectSwatch effect={effect} width={60} height={12} /> : null}
      <span>{label}</span>
    </Space>
  );
}

export default function RelatedEffectsPage() {
  const { t } = useTranslation();
  const zh = useLang() === 'zh-CN';
  const choices = useEffectChoices();
  const byId = new Map((choices.data ?? []).map((c) => [c.id, c]));
  const named = (id: number) => {
    const e = byId.get(id);
    return e ? effectLabel(e, zh) : `#${id}`;
  };
  const line = (id: number) => <EffectLine effect={byId.get(id)} label={named(id)} />;
  const screen: KindScreen<RelatedEffect> = {
    ...mainSlot('relatedEffect', relatedEffectEndpoints, RELATED_EFFECT_SLOT_DEFS.main.permission, T, ID),
    columns: [
      {
        key: 'effect',
        priority: 'key',
        width: 190,
        title: t(`${T}.column.effect`),
        render: (_, r) => line(r.effectId),
      },
      {
        key: 'related',
        priority: 'normal',
        width: 240,
        ellipsis: true,
        title: t(`${T}.column.related`),
        render: (_, r) => r.relatedIds.map(named).join(' · '),
      },
    ],
    fields: () => [
      {
        name: 'effectId',
        label: t(`${T}.field.effect`),
        input: (
          <Select
            showSearch
            loading={choices.isPending}
            optionFilterProp="label"
            options={(choices.data ?? []).map((c) => ({ value: c.id, label: effectLabel(c, zh) }))}
            data-testid={`${ID}-effect`}
          />
        ),
      },
      {
        name: 'relatedIds',
        label: t(`${T}.field.related`),
        extra: t(`${T}.field.relatedHint`, { max: RELATED_LIMITS.max }),
        input: (v) => (
          <RelatedIdsInput
            effectId={v.effectId as number | undefined}
            choices={choices.data ?? []}
            zh={zh}
            texts={{
              add: t(`${T}.field.add`),
              up: t(`${T}.field.up`),
              down: t(`${T}.field.down`),
              remove: t(`${T}.field.remove`),
              missing: t(`${T}.missing`),
            }}
          />
        ),
      },
    ],
    valuesOf: (r) => ({ effectId: r.effectId, relatedIds: r.relatedIds }),
    blank: { relatedIds: [] },
    bodyOf: (v) => ({ effectId: v.effectId, relatedIds: (v.relatedIds as number[] | undefined) ?? [] }),
    renderItem: (i) => (
      <PreviewCard>
        <Typography.Text strong>{line(Number(i.effectId))}</Typography.Text>
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
          {t(`${T}.alsoLike`)}
        </Typography.Paragraph>
        <Space orientation="vertical" size={2}>
          {(i.relatedIds as number[]).map((id) => (
            <span key={id}>{line(id)}</span>
          ))}
        </Space>
      </PreviewCard>
    ),
  };
  return <ContentKindPage screen={screen} />;
}
