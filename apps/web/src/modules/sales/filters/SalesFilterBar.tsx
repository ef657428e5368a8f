import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Select, TreeSelect } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { positionOptions, useTexts } from '../../../shared/i18n/lang';
import { PeriodPicker } from '../../../shared/period/PeriodPicker';
import { productLineTree } from '../../../shared/product-lines/product-line-tree';
import { productLinesQuery, productPositionsQuery } from '../../access/session/session.queries';
import { MarketSelect } from '../../shops/shops-auth/components/MarketSelect';
import { userShopsQuery } from '../../shops/shops-auth/shops-auth.queries';
import { useQuarters } from '../shared/sales-reference.queries';
import type { SalesFilterState } from './sales-filters';

interface Props {
  value: SalesFilterState;
  today: string;
  onChange: (patch: Partial<SalesFilterState>) => void;
  /** Resets the filters and the period to the default view. */
  onReset: () => void;
  /** Screen-specific filters after the shared ones (keyword, director). */
  children?: ReactNode;
}

/**
 * The filters every sales screen shares: period, marketplaces, shops, product line and
 * product position. Each change applies at once (the screen writes it to the query string).
 * The shop list follows the chosen marketplaces; shops already chosen stay listed.
 */
export function SalesFilterBar({ value, today, onChange, onReset, children }: Props) {
  const { t, lang } = useTexts();
  const quarters = useQuarters();
  const shops = useQuery(userShopsQuery());
  const lines = useQuery(productLinesQuery());
  const positions = useQuery(productPositionsQuery());

  const shopOptions = useMemo(
    () =>
      (shops.data ?? [])
        .filter((s) => value.marketIds.length === 0 || value.marketIds.includes(s.marketId) || value.shopIds.includes(s.id))
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((s) => ({ value: s.id, label: s.name })),
    [shops.data, value.marketIds, value.shopIds],
  );
  const lineTree = useMemo(() => productLineTree(lines.data ?? [], lang), [lines.data, lang]);

  return (
    <Flex wrap gap={12} align="center" data-testid="sales-filters">
      <PeriodPicker value={value} today={today} quarters={quarters} onChange={onChange} />
      <MarketSelect
        placeholder={t('sales.filter.markets')}
        value={value.marketIds}
        onChange={(marketIds) => onChange({ marketIds })}
        style={{ width: 190 }}
        testId="sales-filter-markets"
      />
      <Select<number[]>
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        placeholder={t('sales.filter.shops')}
        value={value.shopIds}
        loading={shops.isPending}
        onChange={(shopIds) => onChange({ shopIds })}
        options={shopOptions}
        optionFilterProp="label"
        notFoundContent={shops.isError ? t('sales.filter.loadFailed') : undefined}
        style={{ width: 170 }}
        data-testid="sales-filter-shops"
      />
      <TreeSelect<number>
        allowClear
        showSearch
        treeDefaultExpandAll
        placeholder={t('sales.filter.productLine')}
        value={value.productLineId ?? undefined}
        onChange={(id) => onChange({ productLineId: id ?? null })}
        treeData={lineTree}
        treeNodeFilterProp="title"
        loading={lines.isPending}
        popupMatchSelectWidth={false}
        style={{ width: 150 }}
        data-testid="sales-filter-line"
      />
      <Select<number>
        allowClear
        showSearch
        placeholder={t('sales.filter.position')}
        value={value.productPositionId ?? undefined}
        onChange={(id) => onChange({ productPositionId: id ?? null })}
        options={positionOptions(positions.data ?? [], lang)}
        optionFilterProp="label"
        loading={positions.isPending}
        popupMatchSelectWidth={false}
        style={{ width: 130 }}
        data-testid="sales-filter-position"
      />
      {children}
      <Button icon={<ReloadOutlined />} onClick={onReset} data-testid="sales-filter-reset">
        {t('common.reset')}
      </Button>
    </Flex>
  );
}
