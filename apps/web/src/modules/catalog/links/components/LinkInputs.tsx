import { useQuery } from '@tanstack/react-query';
import { Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTexts } from '../../../../shared/i18n/lang';
import { marketName, marketOf } from '../../../../shared/markets/markets';
import { userShopsQuery } from '../../../shops/shops-auth/shops-auth.queries';
import { useSkuOptions } from '../links.queries';

interface InputProps<T> {
  value?: T;
  onChange?: (value: T) => void;
}

/** A new link's SKU: searched on the server as you type (SKU or model). */
export function LinkSkuInput({ value, onChange }: InputProps<number>) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const skus = useSkuOptions(search, true);
  return (
    <Select<number>
      value={value}
      onChange={onChange}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      placeholder={t('catalog.links.field.skuSearch')}
      loading={skus.isFetching}
      options={(skus.data ?? []).map((s) => ({
        value: s.id,
        label: `${s.sku} · ${s.model}${s.variant ? ` · ${s.variant}` : ''}`,
      }))}
      data-testid="link-sku"
    />
  );
}

/** The shop of a link; the marketplace and currency follow from it and are named under it. */
export function LinkShopInput({ value, onChange, disabled }: InputProps<number> & { disabled?: boolean }) {
  const { t, lang } = useTexts();
  const shops = useQuery(userShopsQuery());
  const shop = (shops.data ?? []).find((s) => s.id === value);
  const market = shop ? marketOf(shop.marketId) : undefined;
  return (
    <>
      <Select<number>
        value={value}
        onChange={onChange}
        disabled={disabled}
        showSearch={{ optionFilterProp: 'label' }}
        loading={shops.isPending}
        options={(shops.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
        data-testid="link-shop"
      />
      {market && (
        <Typography.Text type="secondary" className="bo-field-note">
          {t('catalog.links.marketFromShop', {
            market: `${market.code} · ${marketName(market, lang)}`,
            currency: market.currency,
          })}
        </Typography.Text>
      )}
    </>
  );
}
