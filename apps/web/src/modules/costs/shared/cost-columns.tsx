/**
 * The columns the cost lists end with: since when the figure holds and how many dated entries
 * it has (the unit-cost and fee tabs), and the one link that opens the row (its history or its
 * details) in the fixed actions column every cost list has.
 */
import { Button } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { FitColumnType } from '../../../shared/table/FitTable';

interface DatedRow {
  effectiveFrom: string | null;
  entries: number;
}

/** The SKU, the row's name: always shown, sorted on the server. */
export function skuColumn<R extends { sku: string }>(t: TFunction, sortOrder: SortOrder): FitColumnType<R> {
  return {
    key: 'sku',
    title: t('costs.column.sku'),
    width: 150,
    priority: 'key',
    sorter: true,
    sortOrder,
    render: (_, r) => r.sku,
  };
}

/** "Since" (sorted on the server) and the number of entries, for a tab of dated figures. */
export function datedColumns<R extends DatedRow>(t: TFunction, sortOrder: SortOrder, sinceWidth: number): FitColumnType<R>[] {
  return [
    {
      key: 'effectiveFrom',
      title: t('costs.column.since'),
      width: sinceWidth,
      priority: 'key',
      sorter: true,
      sortOrder,
      render: (_, r) => r.effectiveFrom ?? '—',
    },
    {
      key: 'entries',
      title: t('costs.column.entries'),
      width: 100,
      priority: 'detail',
      align: 'right',
      render: (_, r) => r.entries,
    },
  ];
}

/** The fixed actions column holding the link that opens a row. */
export function openColumn<R>(
  t: TFunction,
  label: ReactNode,
  onOpen: (row: R) => void,
  testId: (row: R) => string,
): FitColumnType<R> {
  return {
    key: 'actions',
    title: t('costs.column.actions'),
    width: 100,
    priority: 'key',
    fixed: 'right',
    render: (_, r) => (
      <Button type="link" size="small" onClick={() => onOpen(r)} data-testid={testId(r)}>
        {label}
      </Button>
    ),
  };
}
