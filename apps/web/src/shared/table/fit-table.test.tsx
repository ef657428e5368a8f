// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { domTestSetup, withProviders } from '../kit/test/dom-harness';
import { type FitColumnType, FitTable, TotalsRow } from './FitTable';

interface Row {
  id: number;
  name: string;
  note: string;
}

const rows: Row[] = [{ id: 1, name: 'Alpha', note: 'first' }];

const columns = (notePriority: 'key' | 'detail'): FitColumnType<Row>[] => [
  { key: 'name', title: 'Name', priority: 'key', width: 200, dataIndex: 'name' },
  { key: 'note', title: 'Note', priority: notePriority, width: 200, dataIndex: 'note' },
];

domTestSetup([], { keepGlobals: true });

describe('FitTable column chooser', () => {
  it('offers the chooser when a column may be shown or hidden', async () => {
    render(withProviders(<FitTable<Row> tableId="test.some" rowKey="id" dataSource={rows} columns={columns('detail')} />).tree);
    expect((await screen.findByTestId('columns-open')).textContent).toContain('Columns 2/2');
  });

  it('shows no chooser and no bar when every column is key, and keeps a toolbar', async () => {
    const { container, unmount } = render(
      withProviders(<FitTable<Row> tableId="test.all" rowKey="id" dataSource={rows} columns={columns('key')} />).tree,
    );
    await screen.findByText('Alpha');
    expect(screen.queryByTestId('columns-open')).toBeNull();
    expect(container.querySelector('.bo-fit-table-bar')).toBeNull();
    unmount();
    render(
      withProviders(
        <FitTable<Row> tableId="test.all" rowKey="id" dataSource={rows} columns={columns('key')} toolbar={<span>Tools</span>} />,
      ).tree,
    );
    expect(await screen.findByText('Tools')).toBeTruthy();
    expect(screen.queryByTestId('columns-open')).toBeNull();
  });

  it('leaves out a column whose `when` is false: not drawn, not counted, not in the chooser', async () => {
    const withActions = (when: boolean): FitColumnType<Row>[] => [
      ...columns('detail'),
      { key: 'actions', title: 'Actions', priority: 'key', width: 120, when, render: () => <button type="button">Edit</button> },
    ];
    const { unmount } = render(
      withProviders(<FitTable<Row> tableId="test.when" rowKey="id" dataSource={rows} columns={withActions(true)} />).tree,
    );
    await screen.findByText('Alpha');
    expect(screen.queryAllByText('Actions').length).toBeGreaterThan(0);
    expect(screen.getByTestId('columns-open').textContent).toContain('Columns 3/3');
    unmount();
    render(withProviders(<FitTable<Row> tableId="test.when" rowKey="id" dataSource={rows} columns={withActions(false)} />).tree);
    await screen.findByText('Alpha');
    expect(screen.queryAllByText('Actions')).toEqual([]);
    expect(screen.queryByText('Edit')).toBeNull();
    expect(screen.getByTestId('columns-open').textContent).toContain('Columns 2/2');
  });
});

describe('TotalsRow', () => {
  it('puts the label under the first column shown and each total under its column', async () => {
    const { container } = render(
      withProviders(
        <FitTable<Row>
          tableId="test.totals"
          rowKey="id"
          dataSource={rows}
          columns={columns('key')}
          summary={(shown) => (
            <TotalsRow shown={shown} testId="totals" label="Total" cell={(key) => (key === 'note' ? '42' : null)} />
          )}
        />,
      ).tree,
    );
    const row = await screen.findByTestId('totals');
    const cells = [...row.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells).toEqual(['Total', '42']);
    expect(container.querySelectorAll('tfoot, .ant-table-summary').length).toBeGreaterThan(0);
  });
});
