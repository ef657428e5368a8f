// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { domTestSetup, withProviders } from '../kit/test/dom-harness';
import type { FitColumnType } from './FitTable';
import { type ListQueryResult, QueryTable } from './QueryTable';

interface Row {
  id: number;
  name: string;
}

const columns: FitColumnType<Row>[] = [{ key: 'name', title: 'Name', priority: 'key', width: 200, dataIndex: 'name' }];

const query = (over: Partial<ListQueryResult<Row>>): ListQueryResult<Row> => ({
  isPending: false,
  isFetching: false,
  error: null,
  refetch: () => {},
  ...over,
});

const table = (q: ListQueryResult<Row>) =>
  withProviders(<QueryTable<Row> query={q} tableId="test.query" rowKey="id" columns={columns} data-testid="rows" />).tree;

domTestSetup([], { keepGlobals: true });

describe('QueryTable', () => {
  it('shows a skeleton until the first page comes', async () => {
    const { container } = render(table(query({ isPending: true })));
    expect(container.querySelector('.ant-skeleton')).not.toBeNull();
    expect(screen.queryByTestId('rows')).toBeNull();
  });

  it('draws the rows of the page, spinning while a newer one loads', async () => {
    const { container } = render(table(query({ data: { list: [{ id: 1, name: 'Alpha' }] }, isFetching: true })));
    expect(await screen.findByText('Alpha')).toBeTruthy();
    expect(container.querySelector('.ant-spin-spinning')).not.toBeNull();
  });

  it('offers Retry when the list could not be loaded', async () => {
    const refetch = vi.fn();
    render(table(query({ error: new Error('down'), refetch })));
    fireEvent.click(await screen.findByTestId('list-retry'));
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
