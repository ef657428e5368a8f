/**
 * Inputs the catalogue-facing kinds share in their drawers: one SKU of the catalogue (the buying
 * guide's picker held to one), buy links per country, one light effect drawn with its swatch; and
 * the image of a record in a list or a preview.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { BuyLink } from '@bo/contract/appcontent/app-links';
import { Button, Input, Select, Space, Typography } from 'antd';
import { SkuPicker } from '../buying-guide/SkuPicker';
import type { SkuSearch } from '../kinds/content.queries';
import { effectLabel } from '../related/RelatedIdsInput';
import type { EffectChoice } from '../related/related.queries';
import { EffectSwatch } from '../swatch/Swatch';

/** One SKU of the catalogue (the form holds a string). */
export function OneSku({
  value,
  onChange,
  search,
  testId,
}: {
  value?: string;
  onChange?: (v: string) => void;
  search: SkuSearch;
  testId: string;
}) {
  return (
    <SkuPicker
      value={value ? [value] : []}
      onChange={(v) => onChange?.(v.at(-1) ?? '')}
      search={search}
      max={1}
      testId={testId}
    />
  );
}

const COUNTRIES = ['US', 'CA', 'MX', 'GB', 'DE', 'FR', 'IT', 'ES', 'NL', 'SE', 'PL', 'JP', 'CN', 'KR', 'SG', 'AU', 'IN', 'BR'];

/** Buy links, one per country: a country (a code of the list or typed) and an https address each. */
export function BuyLinksInput({
  value = [],
  onChange,
  texts,
  testId,
}: {
  value?: BuyLink[];
  onChange?: (v: BuyLink[]) => void;
  texts: { country: string; url: string; add: string; remove: string; empty: string };
  testId: string;
}) {
  const set = (i: number, patch: Partial<BuyLink>) => onChange?.(value.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const taken = new Set(value.map((l) => l.country));
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid={testId}>
      {value.length === 0 && <Typography.Text type="secondary">{texts.empty}</Typography.Text>}
      {value.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a line is its place in the list
        <Space key={i} align="center" data-testid={`${testId}-${i}`}>
          <Select
            showSearch
            value={l.country || undefined}
            placeholder={texts.country}
            style={{ width: 100 }}
            options={COUNTRIES.filter((c) => c === l.country || !taken.has(c)).map((c) => ({ value: c, label: c }))}
            onChange={(country: string) => set(i, { country })}
            data-testid={`${testId}-${i}-country`}
          />
          <Input
            value={l.url}
            placeholder={texts.url}
            style={{ width: 360 }}
            onChange={(e) => set(i, { url: e.target.value })}
            data-testid={`${testId}-${i}-url`}
          />
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={texts.remove}
            onClick={() => onChange?.(value.filter((_, j) => j !== i))}
            data-testid={`${testId}-${i}-remove`}
          />
        </Space>
      ))}
      <Button
        icon={<PlusOutlined />}
        onClick={() => onChange?.([...value, { country: COUNTRIES.find((c) => !taken.has(c)) ?? '', url: 'https://' }])}
        data-testid={`${testId}-add`}
      >
        {texts.add}
      </Button>
    </Space>
  );
}

/** One light effect, chosen among those not archived, each drawn with its swatch. */
export function EffectPicker({
  value,
  onChange,
  choices,
  loading,
  zh,
  testId,
}: {
  value?: number;
  onChange?: (id: number) => void;
  choices: readonly EffectChoice[];
  loading: boolean;
  zh: boolean;
  testId: string;
}) {
  return (
    <Select<number>
      showSearch
      value={value}
      onChange={onChange}
      loading={loading}
      optionFilterProp="title"
      options={choices.map((c) => ({
        value: c.id,
        title: effectLabel(c, zh),
        label: <EffectLine effect={c} label={effectLabel(c, zh)} />,
      }))}
      data-testid={testId}
    />
  );
}

/** An effect's swatch and name (its id, marked, when it is no longer among the choices). */
export function EffectLine({ effect, label }: { effect: EffectChoice | undefined; label: string }) {
  return (
    <Space size={6}>
      {effect ? <EffectSwatch effect={effect} width={60} height={12} /> : null}
      <Typography.Text type={effect ? undefined : 'danger'}>{label}</Typography.Text>
    </Space>
  );
}

/** An item's image in the preview (its thumbnail URL, served by the read API). */
export const ItemImage = ({
  item,
  width,
  height,
  round = 6,
}: {
  item: unknown;
  width: number;
  height?: number;
  round?: number;
}) => {
  const thumb = (item as { thumbUrl?: string } | undefined)?.thumbUrl;
  return thumb ? (
    <img src={thumb} alt="" width={width} height={height} style={{ borderRadius: round, objectFit: 'cover' }} />
  ) : null;
};
