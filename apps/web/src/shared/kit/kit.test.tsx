// @vitest-environment happy-dom
import { defineEndpoint, ERROR_CODES, fieldErrorOf, pageSchema, pagingQuery } from '@bo/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EditDrawer, type Editor } from './EditDrawer';
import { HistoryDrawer } from './HistoryDrawer';
import { ListPage } from './ListPage';
import { domTestSetup, mockFetch, ok, refused, withProviders } from './test/dom-harness';
import { useListQuery } from './use-list-query';

const row = z.object({ id: z.number(), name: z.string(), price: z.number().nullable(), version: z.number() });
type Row = z.infer<typeof row>;
const listThings = defineEndpoint({
  method: 'GET',
  path: 'kit/rest/v1/things',
  access: 'login',
  summary: 'test',
  tags: ['test'],
  query: z.object({
    keyword: z.string().trim().max(50).optional(),
    status: z.enum(['on', 'off']).optional(),
    sortField: z.enum(['name', 'price']).default('name'),
    sortOrder: z.enum(['asc', 'desc']).default('asc'),
    ...pagingQuery,
  }),
  data: pageSchema(row),
});
const thingBody = z.object({
  name: z.string().trim().min(1).max(20),
  price: z.number().min(0).max(1000).nullable(),
});

const ROWS: Row[] = [
  { id: 1, name: 'Desk lamp', price: 20, version: 1 },
  { id: 2, name: 'Strip light', price: null, version: 3 },
];

function ThingList() {
  const state = useListQuery(listThings.query);
  return (
    <ListPage
      testId="things"
      title="Things"
      endpoint={listThings}
      state={state}
      keyPrefix={['things']}
      filters={[
        { kind: 'text', key: 'keyword', placeholder: 'Search', testId: 'things-search' },
        {
          kind: 'select',
          key: 'status',
          placeholder: 'Status',
          options: [{ value: 'on', label: 'On' }],
          testId: 'things-status',
        },
      ]}
      columns={[
        { key: 'name', title: 'Name', width: 200, priority: 'key', sortable: true, render: (_, r) => r.name },
        { key: 'price', title: 'Price', width: 120, sortable: true, render: (_, r) => r.price ?? '—' },
      ]}
      tableId="kit.test"
      rowKey="id"
      tableTestId="things-table"
      emptyText="No things yet"
      bulkActions={[{ key: 'archive', label: 'Archive', run: async () => {}, testId: 'things-archive' }]}
    />
  );
}

// antd in a DOM test is slow: a test may take a few seconds.

domTestSetup([], { keepGlobals: true });

describe('ListPage', () => {
  it('shows the page of rows the URL stands for, and writes filters to the URL', async () => {
    const fetch = mockFetch((url) =>
      ok({ list: url.searchParams.get('keyword') === 'zzz' ? [] : ROWS, total: 2, pageNum: 1, pageSize: 20 }),
    );
    const { tree, router } = withProviders(<ThingList />, '/?sortField=price&sortOrder=desc');
    render(tree);
    await screen.findByText('Desk lamp');
    const first = new URL(String(fetch.mock.calls[0]?.[0]), 'http://x');
    expect(first.pathname).toBe('/api/kit/rest/v1/things');
    expect(first.searchParams.get('sortField')).toBe('price');
    expect(first.searchParams.get('sortOrder')).toBe('desc');

    const search = within(screen.getByTestId('things-search')).getByRole('searchbox');
    fireEvent.change(search, { target: { value: 'zzz' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await screen.findByText('Nothing matches these filters');
    expect(router.state.location.search).toBe('?sortField=price&sortOrder=desc&keyword=zzz');

    fireEvent.click(screen.getByTestId('kit-clear-filters'));
    await screen.findByText('Desk lamp');
    expect(router.state.location.search).toBe('?sortField=price&sortOrder=desc');
  });

  it('says "no data" in its own words when nothing is filtered, and sorts on the server', async () => {
    mockFetch(() => ok({ list: [], total: 0, pageNum: 1, pageSize: 20 }));
    const { tree, router } = withProviders(<ThingList />);
    render(tree);
    await screen.findByText('No things yet');
    fireEvent.click(screen.getByRole('columnheader', { name: /Price/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?sortField=price'));
  });

  it('shows a refused list as refused, without a retry', async () => {
    mockFetch(() => refused(403, 40300, 'permission kit:things required'));
    render(withProviders(<ThingList />).tree);
    await screen.findByText('You may not see this list');
    expect(screen.queryByTestId('list-retry')).toBeNull();
  });

  it('offers the bulk actions once rows are chosen', async () => {
    mockFetch(() => ok({ list: ROWS, total: 2, pageNum: 1, pageSize: 20 }));
    render(withProviders(<ThingList />).tree);
    await screen.findByText('Desk lamp');
    expect(screen.queryByTestId('kit-bulk-bar')).toBeNull();
    const boxes = screen.getAllByRole('checkbox');
    fireEvent.click(boxes[1] as HTMLElement);
    await screen.findByTestId('kit-bulk-bar');
    expect(screen.getByText('1 selected')).toBeTruthy();
  });
});

const listStates = defineEndpoint({
  method: 'GET',
  path: 'kit/rest/v1/states',
  access: 'login',
  summary: 'test',
  tags: ['test'],
  query: z.object({ state: z.enum(['all', 'on', 'off']).default('all'), ...pagingQuery }),
  data: pageSchema(row),
});

function TabbedList({ tab, onTab }: { tab: string; onTab: (key: string) => void }) {
  const state = useListQuery(listStates.query);
  return (
    <ListPage
      testId="tabbed"
      title="Tabbed"
      endpoint={listStates}
      state={state}
      keyPrefix={['tabbed']}
      tabs={{
        activeKey: tab,
        onChange: onTab,
        listKey: 'rows',
        items: [
          { key: 'rows', label: 'Rows' },
          { key: 'other', label: 'Other', children: <p>Other content</p> },
        ],
      }}
      filters={[
        {
          kind: 'segmented',
          key: 'state',
          options: [
            { value: 'all', label: 'All' },
            { value: 'on', label: 'On only' },
          ],
          testId: 'tabbed-state',
        },
      ]}
      columns={[{ key: 'name', title: 'Name', width: 200, render: (_, r) => r.name }]}
      aside={<p>Beside the list</p>}
      tableId="kit.tabbed"
      rowKey="id"
    />
  );
}

describe('ListPage extras', () => {
  it('writes a segmented filter to the URL and leaves its default out', async () => {
    const fetch = mockFetch(() => ok({ list: ROWS, total: 2, pageNum: 1, pageSize: 20 }));
    const { tree, router } = withProviders(<TabbedList tab="rows" onTab={() => {}} />);
    render(tree);
    await screen.findByText('Desk lamp');
    fireEvent.click(screen.getByText('On only'));
    await waitFor(() => expect(router.state.location.search).toBe('?state=on'));
    await waitFor(() =>
      expect(fetch.mock.calls.some((c) => new URL(String(c[0]), 'http://x').searchParams.get('state') === 'on')).toBe(true),
    );
    expect(screen.getByTestId('kit-clear-filters')).toBeTruthy();
    fireEvent.click(screen.getByText('All'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('puts the list in its tab, the other tabs show their own content, the aside stays beside', async () => {
    mockFetch(() => ok({ list: ROWS, total: 2, pageNum: 1, pageSize: 20 }));
    const chosen: string[] = [];
    function Harness() {
      const [tab, setTab] = useState('rows');
      return (
        <TabbedList
          tab={tab}
          onTab={(k) => {
            chosen.push(k);
            setTab(k);
          }}
        />
      );
    }
    render(withProviders(<Harness />).tree);
    await screen.findByText('Desk lamp');
    screen.getByText('Beside the list');
    fireEvent.click(screen.getByRole('tab', { name: 'Other' }));
    await screen.findByText('Other content');
    expect(chosen).toEqual(['other']);
  });
});

const listFlags = defineEndpoint({
  method: 'GET',
  path: 'kit/rest/v1/flags',
  access: 'login',
  summary: 'test',
  tags: ['test'],
  query: z.object({
    kind: z.enum(['reply', 'faq']).default('reply'),
    code: z.string().max(10).optional(),
    missing: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => v === 'true'),
    ...pagingQuery,
  }),
  data: pageSchema(row),
});

function FlagList() {
  const state = useListQuery(listFlags.query, { kind: 'faq' });
  return (
    <ListPage
      testId="flags"
      title="Flags"
      endpoint={listFlags}
      state={state}
      keyPrefix={['flags']}
      filters={[
        { kind: 'text', key: 'code', normalize: (v) => v.toUpperCase(), testId: 'flags-code' },
        { kind: 'checkbox', key: 'missing', label: 'Only missing', testId: 'flags-missing' },
      ]}
      columns={[{ key: 'name', title: 'Name', width: 200, render: (_, r) => r.name }]}
      tableId="kit.flags"
      rowKey="id"
    />
  );
}

describe('ListPage fixed values, flags and normalized text', () => {
  it("sends the screen's fixed value without writing it, a checked flag as true, the text normalized", async () => {
    const fetch = mockFetch(() => ok({ list: ROWS, total: 2, pageNum: 1, pageSize: 20 }));
    const { tree, router } = withProviders(<FlagList />, '/?kind=reply');
    render(tree);
    await screen.findByText('Desk lamp');
    const sent = () => new URL(String(fetch.mock.calls.at(-1)?.[0]), 'http://x').searchParams;
    expect(sent().get('kind')).toBe('faq');
    expect(screen.queryByTestId('kit-clear-filters')).toBeNull();

    fireEvent.click(screen.getByText('Only missing'));
    await waitFor(() => expect(router.state.location.search).toBe('?kind=reply&missing=true'));
    await waitFor(() => expect(sent().get('missing')).toBe('true'));

    const code = within(screen.getByTestId('flags-code')).getByRole('searchbox');
    fireEvent.change(code, { target: { value: ' b0abc ' } });
    fireEvent.keyDown(code, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(router.state.location.search).toBe('?kind=reply&missing=true&code=B0ABC'));
    expect(sent().get('kind')).toBe('faq');
  });
});

const listMonths = defineEndpoint({
  method: 'GET',
  path: 'kit/rest/v1/months',
  access: 'login',
  summary: 'test',
  tags: ['test'],
  query: z.object({
    fromMonth: z
      .string()
      .regex(/^\d{4}-\d{2}$/)
      .optional(),
    toMonth: z
      .string()
      .regex(/^\d{4}-\d{2}$/)
      .optional(),
    ...pagingQuery,
  }),
  data: pageSchema(row),
});

function MonthList() {
  const state = useListQuery(listMonths.query);
  return (
    <ListPage
      testId="months"
      title="Months"
      endpoint={listMonths}
      state={state}
      keyPrefix={['months']}
      filters={[{ kind: 'date-range', key: 'fromMonth', to: 'toMonth', picker: 'month', testId: 'months-range' }]}
      columns={[{ key: 'name', title: 'Name', width: 200, render: (_, r) => r.name }]}
      tableId="kit.months"
      rowKey="id"
    />
  );
}

describe('ListPage month range', () => {
  it("shows the URL's months in a month picker, sends them, and clearing removes both from the URL", async () => {
    const fetch = mockFetch(() => ok({ list: ROWS, total: 2, pageNum: 1, pageSize: 20 }));
    const { tree, router } = withProviders(<MonthList />, '/?fromMonth=2026-08&toMonth=2026-10');
    render(tree);
    await screen.findByText('Desk lamp');
    const sent = new URL(String(fetch.mock.calls.at(-1)?.[0]), 'http://x').searchParams;
    expect([sent.get('fromMonth'), sent.get('toMonth')]).toEqual(['2026-08', '2026-10']);
    // antd hands the test id to both inputs of the range.
    const inputs = [...document.querySelectorAll<HTMLInputElement>('input[data-testid="months-range"]')];
    expect(inputs.map((i) => i.value)).toEqual(['2026-08', '2026-10']);
    const clear = inputs[0]?.closest('.ant-picker')?.querySelector('.ant-picker-clear');
    expect(clear).toBeTruthy();
    fireEvent.mouseDown(clear as Element);
    fireEvent.mouseUp(clear as Element);
    fireEvent.click(clear as Element);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});

const searchThings = defineEndpoint({
  method: 'POST',
  path: 'kit/rest/v1/things/search',
  access: 'login',
  summary: 'test',
  tags: ['test'],
  body: z
    .object({
      keyword: z.string().trim().max(50).optional(),
      shopId: z.number().int().positive().optional(),
      enabled: z.boolean().optional(),
      pageNum: z.number().int().min(1).default(1),
      pageSize: z.number().int().min(1).max(500).default(20),
    })
    .strict(),
  data: pageSchema(row),
});

function PostedList() {
  const state = useListQuery(searchThings.body);
  return (
    <ListPage
      testId="posted"
      title="Posted"
      endpoint={searchThings}
      state={state}
      keyPrefix={['posted']}
      filters={[
        {
          kind: 'custom',
          key: 'enabled',
          render: (value, onChange) => (
            <button type="button" data-testid="posted-off" onClick={() => onChange(false)}>
              {`enabled: ${String(value)}`}
            </button>
          ),
        },
      ]}
      columns={[{ key: 'name', title: 'Name', width: 200, render: (_, r) => r.name }]}
      tableId="kit.posted"
      rowKey="id"
    />
  );
}

describe('ListPage over a POST list', () => {
  it('sends the URL state as the body, numbers and flags typed as the body schema asks', async () => {
    const fetch = mockFetch(() => ok({ list: ROWS, total: 2, pageNum: 2, pageSize: 20 }));
    const { tree, router } = withProviders(<PostedList />, '/?shopId=3&pageNum=2&enabled=nope');
    render(tree);
    await screen.findByText('Desk lamp');
    const sent = () => {
      const [url, init] = fetch.mock.calls.at(-1) ?? [];
      return { url: new URL(String(url), 'http://x'), init: init as RequestInit };
    };
    expect(sent().init.method).toBe('POST');
    expect(sent().url.search).toBe('');
    // A refused value (enabled=nope) is left out, like a GET list's.
    expect(JSON.parse(String(sent().init.body))).toEqual({ shopId: 3, pageNum: 2, pageSize: 20 });

    fireEvent.click(screen.getByTestId('posted-off'));
    await waitFor(() => expect(router.state.location.search).toBe('?shopId=3&enabled=false'));
    await waitFor(() =>
      expect(JSON.parse(String(sent().init.body))).toEqual({ shopId: 3, enabled: false, pageNum: 1, pageSize: 20 }),
    );
    expect(screen.getByTestId('posted-off').textContent).toBe('enabled: false');
  });
});

function ThingEditor({ save, initial }: { save: (v: unknown) => Promise<Row>; initial: Editor<Row> }) {
  const [editor, setEditor] = useState<Editor<Row> | null>(initial);
  return (
    <EditDrawer<Row, { name: string; price: number | null }, Row>
      editor={editor}
      onClose={() => setEditor(null)}
      title={(e) => (e.mode === 'edit' ? `Edit ${e.record.name}` : 'New thing')}
      schema={thingBody}
      fields={[
        { name: 'name', label: 'Name', testId: 'thing-name' },
        { name: 'price', label: 'Price', testId: 'thing-price' },
      ]}
      initialValues={(e) => (e.mode === 'create' ? { name: '', price: null } : { name: e.record.name, price: e.record.price })}
      onSubmit={(v) => save(v)}
      savedText={(s) => `Saved ${s.name}`}
      reload={async (r) => ({ ...r, version: r.version + 1 })}
      testId="thing-form"
      saveTestId="thing-save"
    />
  );
}

describe('EditDrawer', () => {
  it("applies the body schema's rules before sending anything", async () => {
    const sent: unknown[] = [];
    render(
      withProviders(
        <ThingEditor
          initial={{ mode: 'create' }}
          save={async (v) => {
            sent.push(v);
            return ROWS[0] as Row;
          }}
        />,
      ).tree,
    );
    fireEvent.click(await screen.findByTestId('thing-save'));
    await screen.findByText('Required');
    // Spaces only are empty once trimmed, as the server would see them.
    fireEvent.change(screen.getByTestId('thing-name'), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('thing-save'));
    await screen.findByText('Required');
    expect(sent).toEqual([]);
    // The input itself stops at the schema's length.
    expect(screen.getByTestId('thing-name').getAttribute('maxlength')).toBe('20');
  });

  it("puts the server's field errors on their fields", async () => {
    const { call } = await import('../http/http-client');
    mockFetch(() => refused(400, 40000, 'name: This name is taken', { fields: [fieldErrorOf('name', 'nameTaken')] }));
    const save = () =>
      call(
        defineEndpoint({
          method: 'POST',
          path: 'kit/rest/v1/things',
          access: 'login',
          summary: 't',
          tags: ['t'],
          body: thingBody,
          data: row,
        }),
        { body: { name: 'Lamp', price: 1 } },
        { silent: true },
      );
    render(withProviders(<ThingEditor initial={{ mode: 'create' }} save={save} />).tree);
    fireEvent.change(await screen.findByTestId('thing-name'), { target: { value: 'Lamp' } });
    fireEvent.click(screen.getByTestId('thing-save'));
    await screen.findByText('This name is taken');
  });

  it('shows the stale-version banner on a 409 and reloads the record', async () => {
    const { call } = await import('../http/http-client');
    mockFetch(() => refused(409, ERROR_CODES.STALE_VERSION, 'someone else changed this record'));
    const save = () =>
      call(
        defineEndpoint({
          method: 'PUT',
          path: 'kit/rest/v1/things',
          access: 'login',
          summary: 't',
          tags: ['t'],
          body: thingBody,
          data: row,
        }),
        { body: { name: 'Lamp', price: 1 } },
        { silent: true },
      );
    render(withProviders(<ThingEditor initial={{ mode: 'edit', record: ROWS[0] as Row }} save={save} />).tree);
    fireEvent.click(await screen.findByTestId('thing-save'));
    await screen.findByTestId('kit-stale');
    expect(screen.getByText('Someone else changed this record')).toBeTruthy();
  });

  it('starts a new record from a given one, with section headings', async () => {
    const sent: unknown[] = [];
    render(
      withProviders(
        <EditDrawer<Row, { name: string; price: number | null }, Row>
          editor={{ mode: 'create', record: ROWS[1] as Row }}
          onClose={() => {}}
          title={(e) => (e.mode === 'create' && e.record ? `New thing for ${e.record.name}` : 'New thing')}
          schema={thingBody}
          fields={[
            { name: 'name', label: 'Name', span: 16, testId: 'thing-name' },
            { name: 'price', label: 'Price', span: 8, section: 'Money', testId: 'thing-price' },
          ]}
          initialValues={(e) => ({ name: e.record?.name ?? '', price: 5 })}
          onSubmit={async (v) => {
            sent.push(v);
            return ROWS[1] as Row;
          }}
          savedText={() => 'Saved'}
          saveTestId="thing-save"
        />,
      ).tree,
    );
    await screen.findByText('New thing for Strip light');
    screen.getByText('Money');
    expect((screen.getByTestId('thing-name') as HTMLInputElement).value).toBe('Strip light');
    fireEvent.click(screen.getByTestId('thing-save'));
    await waitFor(() => expect(sent).toEqual([{ name: 'Strip light', price: 5 }]));
  });

  it('asks before closing with unsaved changes, and keeps them when the user stays', async () => {
    render(
      withProviders(<ThingEditor initial={{ mode: 'edit', record: ROWS[0] as Row }} save={async () => ROWS[0] as Row} />).tree,
    );
    fireEvent.change(await screen.findByTestId('thing-name'), { target: { value: 'Desk lamp 2' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /close/i }));
    });
    await screen.findAllByText('Discard unsaved changes?');
    fireEvent.click(screen.getByText('Keep editing'));
    await waitFor(() => expect(screen.queryAllByText('Discard unsaved changes?')).toHaveLength(0));
    expect((screen.getByTestId('thing-name') as HTMLInputElement).value).toBe('Desk lamp 2');
  });
});

function SaveAndGo() {
  const navigate = useNavigate();
  return (
    <EditDrawer<Row, { name: string; price: number | null }, Row>
      editor={{ mode: 'edit', record: ROWS[0] as Row }}
      onClose={() => {}}
      title={() => 'Edit'}
      schema={thingBody}
      fields={[{ name: 'name', label: 'Name', testId: 'thing-name' }]}
      initialValues={(e) => ({ name: e.mode === 'edit' ? e.record.name : '', price: 1 })}
      onSubmit={async () => ROWS[0] as Row}
      savedText={() => 'Saved'}
      onSaved={() => navigate('/elsewhere')}
      saveTestId="thing-save"
    />
  );
}

describe('EditDrawer after a save', () => {
  it('lets onSaved open another screen at once, without asking about the changes just saved', async () => {
    render(withProviders(<SaveAndGo />).tree);
    fireEvent.change(await screen.findByTestId('thing-name'), { target: { value: 'Desk lamp 3' } });
    fireEvent.click(screen.getByTestId('thing-save'));
    await screen.findByText('elsewhere');
    expect(screen.queryAllByText('Discard unsaved changes?')).toHaveLength(0);
  });
});

describe('HistoryDrawer', () => {
  it("shows each change's fields before and after, in the screen's words, and pages on", async () => {
    const entry = (id: number, price: [number, number]) => ({
      id,
      at: '2026-11-20T08:30:00.000Z',
      actor: 'sales.manager',
      actorName: 'Mia',
      impersonator: id === 2 ? 'admin' : null,
      action: 'update',
      changes: [
        { field: 'price', before: price[0], after: price[1] },
        { field: 'status', before: 1, after: 0 },
      ],
      before: null,
      after: null,
    });
    const fetch = mockFetch((url) =>
      url.searchParams.get('pageNum') === '2'
        ? ok({ list: [entry(1, [10, 12])], total: 3, pageNum: 2, pageSize: 20 })
        : ok({ list: [entry(3, [12, 15]), entry(2, [15, 12])], total: 3, pageNum: 1, pageSize: 2 }),
    );
    render(
      withProviders(
        <HistoryDrawer
          entity="listing"
          entityId={7}
          name="B0TEST0001"
          onClose={() => {}}
          fieldLabels={{ price: 'Price' }}
          formatValue={(f, v) => (f === 'status' ? (v === 1 ? 'Active' : 'Inactive') : undefined)}
        />,
      ).tree,
    );
    await screen.findByTestId('history-entry-3');
    expect(new URL(String(fetch.mock.calls[0]?.[0]), 'http://x').pathname).toBe('/api/user/rest/v1/history/listing/7');
    const first = screen.getByTestId('history-entry-3');
    expect(within(first).getByText('Price')).toBeTruthy();
    expect(within(first).getByText('15')).toBeTruthy();
    expect(within(first).getByText('Inactive')).toBeTruthy();
    expect(within(first).getByText(/Mia \(sales\.manager\)/)).toBeTruthy();
    expect(within(screen.getByTestId('history-entry-2')).getByText('by admin in god view')).toBeTruthy();
    fireEvent.click(screen.getByTestId('history-more'));
    await screen.findByTestId('history-entry-1');
    expect(screen.queryByTestId('history-more')).toBeNull();
  });
});

describe('StateTag and StateActions', () => {
  it("draws the state's tag and offers only the actions the state allows, asking before a destructive one", async () => {
    const ran: string[] = [];
    const { IMPORT_MACHINE } = await import('@bo/contract/imports/import-states');
    const { StateActions, StateTag } = await import('./StateTag');
    const view = (state: 'preview' | 'committed' | 'discarded') => (
      <>
        <StateTag machine={IMPORT_MACHINE} state={state} testId="tag" />
        <StateActions machine={IMPORT_MACHINE} state={state} onAction={(a) => ran.push(a)} testIdPrefix="imp" />
      </>
    );
    const first = render(withProviders(view('preview')).tree);
    expect((await screen.findByTestId('tag')).textContent).toBe('Waiting for commit');
    expect(screen.getByTestId('imp-commit')).toBeTruthy();
    expect(screen.getByTestId('imp-discard')).toBeTruthy();
    expect(screen.queryByTestId('imp-revert')).toBeNull();
    fireEvent.click(screen.getByTestId('imp-commit'));
    expect(ran).toEqual(['commit']);
    first.unmount();

    const second = render(withProviders(view('committed')).tree);
    fireEvent.click(await screen.findByTestId('imp-revert'));
    expect(ran).toEqual(['commit']);
    // Reverting is destructive: a danger button, and a danger confirmation.
    expect(screen.getByTestId('imp-revert').className).toMatch(/dangerous/);
    fireEvent.click(await screen.findByTestId('imp-revert-confirm'));
    await waitFor(() => expect(ran).toEqual(['commit', 'revert']));
    second.unmount();

    render(withProviders(view('discarded')).tree);
    await screen.findByTestId('tag');
    expect(screen.queryByTestId('imp-commit')).toBeNull();
    expect(screen.queryByTestId('imp-discard')).toBeNull();
  });

  it('asks before an action that is not destructive without drawing it in red (publishing a notice)', async () => {
    const ran: string[] = [];
    const { NOTICE_MACHINE } = await import('@bo/contract/backmgr/notices');
    const { StateActions } = await import('./StateTag');
    render(
      withProviders(<StateActions machine={NOTICE_MACHINE} state="draft" onAction={(a) => ran.push(a)} testIdPrefix="n" />).tree,
    );
    const publish = await screen.findByTestId('n-publish');
    expect(publish.className).not.toMatch(/dangerous/);
    fireEvent.click(publish);
    expect(ran).toEqual([]);
    fireEvent.click(await screen.findByTestId('n-publish-confirm'));
    await waitFor(() => expect(ran).toEqual(['publish']));
  });
});
