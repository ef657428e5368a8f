// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { TFunction } from 'i18next';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FitColumnType } from '../../../shared/table/FitTable';
import { datedColumns, openColumn, skuColumn } from './cost-columns';

afterEach(cleanup);

const t = ((key: string) => key) as unknown as TFunction;
interface Row {
  sku: string;
  effectiveFrom: string | null;
  entries: number;
}
const cell = (node: unknown) => render(node as ReactElement).container.textContent;

describe('skuColumn', () => {
  it('is the always shown SKU, sorted on the server', () => {
    const column = skuColumn<Row>(t, 'ascend');
    expect(column).toMatchObject({ key: 'sku', priority: 'key', sorter: true, sortOrder: 'ascend' });
    expect(column.render?.(null, { sku: 'LAMP-1', effectiveFrom: null, entries: 0 }, 0)).toBe('LAMP-1');
  });
});

describe('datedColumns', () => {
  it('gives since (sorted on the server, a dash when nothing holds yet) and the number of entries', () => {
    const columns = datedColumns<Row>(t, 'descend', 130);
    expect(columns.map((c) => c.key)).toEqual(['effectiveFrom', 'entries']);
    const [since, entries] = columns as [FitColumnType<Row>, FitColumnType<Row>];
    expect(since).toMatchObject({ key: 'effectiveFrom', width: 130, priority: 'key', sorter: true, sortOrder: 'descend' });
    expect(entries).toMatchObject({ key: 'entries', priority: 'detail', align: 'right' });
    expect(since.render?.(null, { sku: 'A', effectiveFrom: null, entries: 0 }, 0)).toBe('—');
    expect(since.render?.(null, { sku: 'A', effectiveFrom: '2026-01-01', entries: 2 }, 0)).toBe('2026-01-01');
    expect(entries.render?.(null, { sku: 'A', effectiveFrom: null, entries: 2 }, 0)).toBe(2);
  });
});

describe('openColumn', () => {
  it("is the fixed actions column whose link opens the row under the row's test id", () => {
    const onOpen = vi.fn();
    const column = openColumn<Row>(t, 'History', onOpen, (r) => `cost-history-${r.sku}`);
    expect(column).toMatchObject({ key: 'actions', title: 'costs.column.actions', fixed: 'right', priority: 'key' });
    const row = { sku: 'LAMP-1', effectiveFrom: null, entries: 0 };
    expect(cell(column.render?.(null, row, 0))).toBe('History');
    fireEvent.click(screen.getByTestId('cost-history-LAMP-1'));
    expect(onOpen).toHaveBeenCalledWith(row);
  });
});
