import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shopLabel } from '../../../shared/markets/markets';
import { useForecastMatches } from '../forecasts.queries';

/** Listings with a forecast, found by SKU, ASIN, model or name; the value is their ids. */
export function ListingPicker(props: { value?: number[]; onChange?: (ids: number[]) => void; testId?: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const matches = useForecastMatches(text);
  const [known, setKnown] = useState<Map<number, string>>(new Map());
  const options = (matches.data?.list ?? []).map((r) => ({
    value: r.listingId,
    label: `${r.sku} · ${r.asin} · ${shopLabel(r.shopName, r.marketId)}`,
  }));
  return (
    <Select<number[]>
      mode="multiple"
      showSearch={{ filterOption: false, onSearch: setText }}
      value={props.value ?? []}
      onChange={(ids, chosen) => {
        const next = new Map(known);
        for (const o of [chosen].flat()) if (o && 'value' in o) next.set(Number(o.value), String(o.label));
        setKnown(next);
        props.onChange?.(ids);
      }}
      options={[
        ...options,
        ...[...known.entries()]
          .filter(([id]) => !options.some((o) => o.value === id))
          .map(([value, label]) => ({ value, label })),
      ]}
      loading={matches.isFetching}
      placeholder={t('forecasts.settings.pickListings')}
      notFoundContent={text ? t('forecasts.settings.noListing') : t('forecasts.settings.typeToSearch')}
      data-testid={props.testId}
    />
  );
}
