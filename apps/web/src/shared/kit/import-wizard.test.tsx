// @vitest-environment happy-dom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ButtonPermissionsProvider } from '../Can';
import { ImportWizard } from './ImportWizard';
import type { ImportKindSpec, ImportPreview } from './import-wizard';
import { importWizardTexts } from './import-wizard.locale';
import { domTestSetup, mockFetch, mockXhr, ok, withProviders } from './test/dom-harness';

const SPEC: ImportKindSpec = {
  kind: 'sku-costs',
  label: 'Unit costs',
  accept: '.xlsx',
  dropHint: '.xlsx only',
  rows: { from: 'records', columns: () => [{ key: 'key', title: 'Record', width: 200, render: (_, r) => r.key }] },
  commitConfirm: (p) => `Write ${p.rowCount} records?`,
  revertText: (r) => `The ${r.result?.inserted ?? 0} it added are removed`,
};

const base: ImportPreview = {
  id: 7,
  kind: 'sku-costs',
  status: 'preview',
  shopId: null,
  shopName: null,
  marketId: null,
  periodStart: null,
  periodEnd: null,
  fileName: 'costs.xlsx',
  fileHash: 'ab'.repeat(32),
  fileSize: 2048,
  variant: 'sku-costs-v1',
  fingerprint: 'f',
  locale: null,
  currency: null,
  timeZone: null,
  rateSnapshot: {},
  rowCount: 1,
  errorCount: 1,
  warningCount: 0,
  duplicateOf: null,
  createdBy: 'admin',
  createdAt: '2026-11-20T08:30:00.000Z',
  committedAt: null,
  result: null,
  revertible: false,
  revertedAt: null,
  discardable: true,
  rows: [],
  records: [{ line: 2, key: 'LAMP-1 2026-11-01', status: 'new', values: { unitCost: 4.5 }, before: null }],
  counts: { new: 1, changed: 0, unchanged: 0 },
  errors: [{ line: 3, column: 'Unit cost', message: 'not a number: abc' }],
  warnings: [],
  unknownHeader: null,
  impact: null,
};
const RESULT = { inserted: 1, updated: 0, unchanged: 0, zeroed: 0, periodTotals: 0, days: [], changes: [] };
const committed = { ...base, status: 'committed' as const, committedAt: base.createdAt, result: RESULT, discardable: false };
const page = (list: unknown[]) => ok({ list, total: list.length, pageNum: 1, pageSize: 10 });

function wizard(layout: 'page' | 'tabs', permissions = ['product:cost:import']) {
  return (
    <ButtonPermissionsProvider value={new Set(permissions)}>
      <ImportWizard kinds={[SPEC]} layout={layout} testIdPrefix="w" />
    </ButtonPermissionsProvider>
  );
}

const chooseFile = (file: File) => {
  const input = screen.getByTestId('w-file').querySelector('input[type=file]') ?? document.querySelector('input[type=file]');
  fireEvent.change(input as HTMLInputElement, { target: { files: [file] } });
};

domTestSetup([importWizardTexts]);

describe('ImportWizard', () => {
  it('uploads a file, shows its preview with the row problem, and commits its good rows', async () => {
    let state: ImportPreview = base;
    const fetch = mockFetch((url, init) => {
      if (url.pathname === '/api/imports/7/commit') {
        state = committed;
        return ok(committed);
      }
      if (url.pathname === '/api/imports/7') return ok(state);
      return page([]);
    });
    const sent = mockXhr(() => ok(base));
    render(withProviders(wizard('tabs')).tree);

    chooseFile(new File(['x'], 'costs.xlsx'));
    fireEvent.click(await screen.findByTestId('w-upload'));
    const preview = await screen.findByTestId('w-preview');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url.pathname).toBe('/api/imports');
    const body = sent[0]?.body as FormData;
    expect(body.get('kind')).toBe('sku-costs');
    expect((body.get('file') as File).name).toBe('costs.xlsx');
    expect(within(preview).getByTestId('w-counts').textContent).toBe(
      '1 new, 0 changed, 0 unchanged · 1 rows to write, 1 errors, 0 warnings',
    );
    expect(within(preview).getByText('LAMP-1 2026-11-01')).toBeTruthy();

    fireEvent.click(within(preview).getByRole('tab', { name: 'Errors (1)' }));
    const errors = await within(preview).findByTestId('w-errors');
    expect(within(errors).getByText('not a number: abc')).toBeTruthy();
    expect(within(errors).getByText('Unit cost')).toBeTruthy();

    // A file with rows in error is written only when its good rows are asked for.
    const commit = within(preview).getByTestId('w-commit');
    expect((commit as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(preview).getByTestId('w-skip-errors'));
    await waitFor(() => expect((commit as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(commit);
    await screen.findByText('Write 1 records?');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));

    await screen.findByTestId('w-result');
    const call = fetch.mock.calls.find((c) => String(c[0]).endsWith('/api/imports/7/commit'));
    expect(call?.[1]?.method).toBe('POST');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ skipErrorRows: true, confirmLargeRemoval: false });
    expect(screen.getByTestId('w-result').textContent).toBe('Written: 1 new, 0 changed, 0 unchanged');
  });

  it('discards an import that waits for commit, after asking', async () => {
    let state: ImportPreview = base;
    const fetch = mockFetch((url, init) => {
      if (url.pathname === '/api/imports/7' && init.method === 'DELETE') {
        state = { ...base, status: 'discarded', discardable: false };
        return ok(state);
      }
      if (url.pathname === '/api/imports/7') return ok(state);
      return page([state]);
    });
    render(withProviders(wizard('page'), '/?id=7').tree);
    const detail = await screen.findByTestId('w-detail');
    await within(detail).findByTestId('w-preview');
    fireEvent.click(within(detail).getByTestId('import-discard-7'));
    await screen.findByText('Discard this import? Nothing of it was written; it stays in the history as discarded.');
    expect(fetch.mock.calls.some((c) => c[1]?.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByTestId('import-discard-7-confirm'));
    await waitFor(() => expect(fetch.mock.calls.some((c) => c[1]?.method === 'DELETE')).toBe(true));
    await waitFor(() => expect(within(detail).queryByTestId('w-commit')).toBeNull());
    expect(within(detail).getAllByText('Discarded').length).toBeGreaterThan(0);
  });

  it('refuses a file larger than the contract allows before sending anything', async () => {
    mockFetch(() => page([]));
    const sent = mockXhr(() => ok(base));
    render(withProviders(wizard('tabs')).tree);
    const big = new File(['x'], 'huge.xlsx');
    Object.defineProperty(big, 'size', { value: 60 * 1024 * 1024 });
    chooseFile(big);
    expect((await screen.findByTestId('w-error')).textContent).toBe('The file is 60 MB: at most 50 MB can be imported at once');
    fireEvent.click(screen.getByTestId('w-upload'));
    await screen.findByText('Choose a file to upload');
    expect(sent).toEqual([]);
  });

  it('reverts a committed import from the history only once confirmed, saying what comes back', async () => {
    const revertible = { ...committed, id: 5, revertible: true };
    let reverted = false;
    const fetch = mockFetch((url) => {
      if (url.pathname === '/api/imports/5/revert') {
        reverted = true;
        return ok({ ...revertible, status: 'reverted', revertible: false });
      }
      return page([reverted ? { ...revertible, status: 'reverted', revertible: false } : revertible]);
    });
    render(withProviders(wizard('tabs')).tree);
    fireEvent.click(screen.getByRole('tab', { name: 'Import history' }));
    const history = await screen.findByTestId('w-history');
    const listed = new URL(String(fetch.mock.calls[0]?.[0]), 'http://x');
    expect(listed.pathname).toBe('/api/imports');
    expect(listed.searchParams.getAll('kind')).toEqual(['sku-costs']);

    await act(async () => {
      fireEvent.click(await within(history).findByTestId('import-revert-5'));
    });
    await screen.findByText('Put back what this import replaced?');
    expect(screen.getByText('The 1 it added are removed')).toBeTruthy();
    expect(reverted).toBe(false);
    fireEvent.click(screen.getByTestId('import-revert-5-confirm'));
    await waitFor(() => expect(reverted).toBe(true));
    await within(history).findByText('Reverted');
    expect(within(history).queryByTestId('import-revert-5')).toBeNull();
  });

  it('offers no upload to a reader, only the history', async () => {
    mockFetch(() => page([committed]));
    render(withProviders(wizard('page', [])).tree);
    await screen.findByTestId('w-history');
    expect(screen.queryByTestId('w-upload')).toBeNull();
    expect(screen.queryByTestId('import-revert-7')).toBeNull();
  });
});
