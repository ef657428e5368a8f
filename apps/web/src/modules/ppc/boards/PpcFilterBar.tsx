import { marketCode } from '@bo/contract';
import { CAMPAIGN_TYPES } from '@bo/contract/ppc/board';
import { Select } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterCard } from '../../../shared/components/PageHead';
import { shopLabel } from '../../../shared/markets/markets';
import { PeriodPicker } from '../../../shared/period/PeriodPicker';
import { usePpcShops } from '../board/board.queries';
import { readPpcPreferences, savePpcPreferences } from '../ppc-preferences';
import { lastUsedOf, rememberPpcShop } from '../use-ppc-shop';
import type { FilterView } from './boards-view';

interface Patch {
  shopId?: string[];
  campaignType?: string[];
  marketId?: string[];
  startDate?: string;
  endDate?: string;
  pageNum?: string;
}

/**
 * Shops, marketplaces, campaign types and period of an advertising board (`/ppc/index` and
 * the analysis boards), in the query string. A link without shop, type or marketplace
 * choices starts from the saved PPC preferences (spec §3), once; a choice made here is saved.
 */
export function PpcFilterBar({
  view,
  url,
  setUrl,
  today,
  extra,
  paged = true,
  markets: withMarkets = true,
}: {
  view: Omit<FilterView, 'marketIds'> & { marketIds?: number[] };
  url: { shopId: string[]; campaignType: string[]; marketId?: string[] };
  setUrl: (patch: Patch) => void;
  today: string;
  extra?: ReactNode;
  /** The board has pages: a new filter goes back to the first. */
  paged?: boolean;
  /** The marketplace filter (`/ppc/index` has none). */
  markets?: boolean;
}) {
  const { t } = useTranslation();
  const shops = usePpcShops();
  const restored = useRef(false);
  const oneShop = url.shopId.length === 1 ? (url.shopId[0] ?? null) : null;
  const marketCount = withMarkets ? (url.marketId?.length ?? 0) : 0;
  useEffect(() => {
    if (restored.current || !shops.data) return;
    restored.current = true;
    // A link to one shop is that shop's use: it becomes the last used.
    if (oneShop !== null) rememberPpcShop(shops.data.find((s) => String(s.shopId) === oneShop));
    if (url.shopId.length > 0 || url.campaignType.length > 0 || marketCount > 0) return;
    const saved = readPpcPreferences();
    const shop = shops.data.find((s) => s.shopId === saved.shopId);
    const patch: Patch = {
      ...(shop ? { shopId: [String(shop.shopId)] } : {}),
      ...(saved.campaignType ? { campaignType: [saved.campaignType] } : {}),
      ...(withMarkets && !shop && saved.marketId !== null ? { marketId: [String(saved.marketId)] } : {}),
    };
    if (Object.keys(patch).length) setUrl(patch);
  }, [shops.data, oneShop, url.shopId.length, url.campaignType.length, marketCount, withMarkets, setUrl]);

  const first = paged ? { pageNum: '1' } : {};
  const markets = [...new Set((shops.data ?? []).map((s) => s.marketId))].sort((a, b) => a - b);
  return (
    <FilterCard>
      <Select
        mode="multiple"
        allowClear
        style={{ minWidth: 220 }}
        placeholder={t('ppc.board.allShops')}
        loading={shops.isPending}
        value={view.shopIds}
        onChange={(ids: number[]) => {
          const added = lastUsedOf(view.shopIds, ids);
          rememberPpcShop(shops.data?.find((s) => s.shopId === added));
          setUrl({ shopId: ids.map(String), ...first });
        }}
        options={(shops.data ?? []).map((s) => ({ value: s.shopId, label: shopLabel(s.name, s.marketId) }))}
        data-testid="ppc-shop-filter"
      />
      {withMarkets && (
        <Select
          mode="multiple"
          allowClear
          style={{ minWidth: 150 }}
          placeholder={t('ppc.boards.allMarkets')}
          value={view.marketIds}
          onChange={(ids: number[]) => {
            savePpcPreferences({ marketId: ids[0] ?? null });
            setUrl({ marketId: ids.map(String), ...first });
          }}
          options={markets.map((m) => ({ value: m, label: marketCode(m) }))}
          data-testid="ppc-market-filter"
        />
      )}
      <Select
        mode="multiple"
        allowClear
        style={{ minWidth: 180 }}
        placeholder={t('ppc.board.allTypes')}
        value={view.campaignTypes}
        onChange={(types: string[]) => {
          savePpcPreferences({ campaignType: CAMPAIGN_TYPES.find((c) => c === types[0]) ?? null });
          setUrl({ campaignType: types, ...first });
        }}
        options={CAMPAIGN_TYPES.map((c) => ({ value: c, label: t(`ppc.campaignType.${c}`) }))}
        data-testid="ppc-type-filter"
      />
      <PeriodPicker value={view} today={today} quarters={null} onChange={(p) => setUrl({ ...p, ...first })} />
      {extra}
    </FilterCard>
  );
}
