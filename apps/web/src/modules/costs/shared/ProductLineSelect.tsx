import { useQuery } from '@tanstack/react-query';
import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../shared/i18n/lang';
import { productLinesQuery } from '../../access/session/session.queries';
import { productLineTree } from '../../sales/filters/product-line-tree';

/** The product-line filter of the cost lists (a parent line selects its children too). */
export function ProductLineSelect({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (id: number | undefined) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const lines = useQuery(productLinesQuery());
  const tree = useMemo(() => productLineTree(lines.data ?? [], lang), [lines.data, lang]);
  return (
    <TreeSelect<number>
      allowClear
      showSearch
      treeDefaultExpandAll
      placeholder={t('costs.filter.productLine')}
      value={value}
      onChange={(id) => onChange(id ?? undefined)}
      treeData={tree}
      treeNodeFilterProp="title"
      loading={lines.isPending}
      popupMatchSelectWidth={false}
      style={{ width: 170 }}
      data-testid="costs-filter-line"
    />
  );
}
