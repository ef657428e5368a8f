/**
 * A list's recommended effects in the edit drawer, in order: each drawn with its swatch and name,
 * moved up or down or removed; another one added from the effects not yet listed (never the
 * list's own effect). The rules are the server's too (relatedIssues): here they only shape what
 * can be picked.
 */
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { RELATED_LIMITS } from '@bo/contract/appcontent/related';
import { Button, Select, Space, Typography } from 'antd';
import { EffectSwatch } from '../swatch/Swatch';
import type { EffectChoice } from './related.queries';

export interface RelatedTexts {
  add: string;
  up: string;
  down: string;
  remove: string;
  missing: string;
}

/** An effect's label in the screen's language: its name (the other language when empty), then the operator's name. */
export const effectLabel = (e: EffectChoice, zh: boolean) =>
  `${(zh ? e.titleZh || e.titleEn : e.titleEn || e.titleZh) || e.name}`;

export function RelatedIdsInput({
  value = [],
  onChange,
  effectId,
  choices,
  zh,
  texts,
  disabled,
  max = RELATED_LIMITS.max,
}: {
  /** The most effects listed (the related effects' 12 by default; a scene tab's 50). */
  max?: number;
  value?: number[];
  onChange?: (ids: number[]) => void;
  /** The list's own effect: never offered. */
  effectId: number | undefined;
  choices: readonly EffectChoice[];
  zh: boolean;
  texts: RelatedTexts;
  disabled?: boolean;
}) {
  const byId = new Map(choices.map((c) => [c.id, c]));
  const move = (from: number, to: number) => {
    const next = [...value];
    const [id] = next.splice(from, 1);
    next.splice(to, 0, id as number);
    onChange?.(next);
  };
  const offered = choices.filter((c) => c.id !== effectId && !value.includes(c.id));
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="related-ids">
      {value.map((id, i) => {
        const e = byId.get(id);
        return (
          <Space key={id} align="center" data-testid={`related-${i}`}>
            <Typography.Text strong style={{ width: 20, display: 'inline-block' }}>
              {i + 1}.
            </Typography.Text>
            {e ? <EffectSwatch effect={e} width={90} height={14} /> : null}
            <Typography.Text type={e ? undefined : 'danger'} style={{ minWidth: 160, display: 'inline-block' }}>
              {e ? effectLabel(e, zh) : `#${id} · ${texts.missing}`}
            </Typography.Text>
            <Button
              type="text"
              size="small"
              icon={<ArrowUpOutlined />}
              disabled={disabled || i === 0}
              onClick={() => move(i, i - 1)}
              aria-label={texts.up}
            />
            <Button
              type="text"
              size="small"
              icon={<ArrowDownOutlined />}
              disabled={disabled || i === value.length - 1}
              onClick={() => move(i, i + 1)}
              aria-label={texts.down}
            />
            <Button
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              disabled={disabled}
              onClick={() => onChange?.(value.filter((_, j) => j !== i))}
              aria-label={texts.remove}
              data-testid={`related-${i}-remove`}
            />
          </Space>
        );
      })}
      <Select<number>
        showSearch
        value={null}
        placeholder={texts.add}
        disabled={disabled || value.length >= max}
        optionFilterProp="label"
        options={offered.map((c) => ({ value: c.id, label: effectLabel(c, zh) }))}
        onChange={(id) => onChange?.([...value, id])}
        style={{ width: 280 }}
        data-testid="related-add"
      />
    </Space>
  );
}
