import { useQuery } from '@tanstack/react-query';
import { Select, Space } from 'antd';
import { SearchBox } from '../../../../shared/components/SearchBox';
import { positionOptions, useTexts } from '../../../../shared/i18n/lang';
import { ProductLineSelect } from '../../../../shared/product-lines/ProductLineSelect';
import { productPositionsQuery } from '../../../access/session/session.queries';
import { categoryOptions, LIFECYCLE_KEYS } from '../../shared/catalog-labels';
import type { ProductListQuery } from '../products.queries';

interface Props {
  query: ProductListQuery;
  onChange: (patch: Partial<ProductListQuery>) => void;
}

/** Keyword, product line (tree), position, category and lifecycle; each change goes to the query string, page 1. */
export function ProductFilters({ query, onChange }: Props) {
  const { t, lang } = useTexts();
  const positions = useQuery(productPositionsQuery());

  return (
    <Space wrap size={12}>
      <SearchBox
        value={query.keyword ?? ''}
        onSearch={(text) => onChange({ keyword: text || undefined, pageNum: 1 })}
        placeholder={t('catalog.products.search')}
        maxLength={64}
        testId="products-search"
      />
      <ProductLineSelect
        value={query.productLineId}
        onChange={(productLineId) => onChange({ productLineId, pageNum: 1 })}
        style={{ width: 190 }}
        testId="products-line"
      />
      <Select<number>
        allowClear
        placeholder={t('catalog.position')}
        loading={positions.isPending}
        value={query.positionId}
        onChange={(positionId) => onChange({ positionId, pageNum: 1 })}
        options={positionOptions(positions.data ?? [], lang)}
        style={{ width: 140 }}
        data-testid="products-position"
      />
      <Select<string>
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('catalog.category')}
        value={query.categoryCode}
        onChange={(categoryCode) => onChange({ categoryCode: categoryCode as ProductListQuery['categoryCode'], pageNum: 1 })}
        options={categoryOptions(lang)}
        style={{ width: 220 }}
        popupMatchSelectWidth={false}
        data-testid="products-category"
      />
      <Select<number>
        allowClear
        placeholder={t('catalog.products.column.lifecycle')}
        value={query.lifecycle}
        onChange={(lifecycle) => onChange({ lifecycle: lifecycle as ProductListQuery['lifecycle'], pageNum: 1 })}
        options={LIFECYCLE_KEYS.map((key, value) => ({ value, label: t(key) }))}
        style={{ width: 140 }}
        data-testid="products-lifecycle"
      />
    </Space>
  );
}
