/**
 * Inputs the catalogue-facing kinds share in their drawers: one SKU of the catalogue (the buying
 * guide's picker held to one), buy links per country, one light effect drawn with its swatch; and
 * the image of a record in a list or a preview.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { BuyLink } from '@bo/contract/appcontent/app-links';
import { Button, Form, Input, Select, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { FormLines, LineField, useFormValue } from '../../../shared/kit/FormLines';
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

/**
 * Buy links, one per country: the form's `buyLinks` lines (the kit's FormLines, so the server's
 * `buyLinks.N.url` errors show on their line), each a country (one not used yet) and an https address.
 */
export function BuyLinksLines({
  label,
  hint,
  texts,
  testId,
}: {
  label: ReactNode;
  hint: ReactNode;
  texts: { country: string; url: string; add: string; remove: string; empty: string };
  testId: string;
}) {
  const form = Form.useFormInstance();
  const value = useFormValue<BuyLink[]>('buyLinks') ?? [];
  const taken = new Set(value.map((l) => l?.country));
  return (
    <FormLines<BuyLink>
      name="buyLinks"
      label={label}
      empty={texts.empty}
      head={() => <Typography.Text type="secondary">{hint}</Typography.Text>}
      line={({ key, index, field, remove }) => (
        <Space key={key} align="start" data-testid={`${testId}-${index}`}>
          <LineField name={field('country')}>
            <Select
              showSearch
              placeholder={texts.country}
              style={{ width: 100 }}
              options={COUNTRIES.filter((c) => c === value[index]?.country || !taken.has(c)).map((c) => ({ value: c, label: c }))}
              data-testid={`${testId}-${index}-country`}
            />
          </LineField>
          <LineField name={field('url')}>
            <Input placeholder={texts.url} style={{ width: 360 }} data-testid={`${testId}-${index}-url`} />
          </LineField>
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={texts.remove}
            onClick={remove}
            data-testid={`${testId}-${index}-remove`}
          />
        </Space>
      )}
      after={(add) => (
        <Button
          icon={<PlusOutlined />}
          onClick={() => {
            // The lines as they are now (the watched value follows a render later).
            const now = new Set(((form.getFieldValue('buyLinks') as BuyLink[] | undefined) ?? []).map((l) => l?.country));
            add({ country: COUNTRIES.find((c) => !now.has(c)) ?? '', url: 'https://' });
          }}
          data-testid={`${testId}-add`}
        >
          {texts.add}
        </Button>
      )}
    />
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
