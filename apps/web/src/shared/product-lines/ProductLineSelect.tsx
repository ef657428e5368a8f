import { useQuery } from '@tanstack/react-query';
import { TreeSelect } from 'antd';
import { useTexts } from '../i18n/lang';
import { productLinesQuery } from '../session/session-queries';
import { productLineTree } from './product-line-tree';

interface Props {
  value?: number | undefined;
  onChange?: (value: number | undefined) => void;
  placeholder?: string;
  allowClear?: boolean;
  style?: React.CSSProperties;
  testId: string;
}

/** The user's product lines as a tree (a parent line stands for its children in filters). */
export function ProductLineSelect({ value, onChange, placeholder, allowClear = true, style, testId }: Props) {
  const { t, lang } = useTexts();
  const lines = useQuery(productLinesQuery());
  return (
    <TreeSelect<number>
      allowClear={allowClear}
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      loading={lines.isPending}
      placeholder={placeholder ?? t('catalog.productLine')}
      value={value}
      onChange={(v) => onChange?.(v ?? undefined)}
      treeData={productLineTree(lines.data ?? [], lang)}
      style={style}
      popupMatchSelectWidth={false}
      data-testid={testId}
    />
  );
}
