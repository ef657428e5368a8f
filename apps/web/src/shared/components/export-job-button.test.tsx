// @vitest-environment happy-dom
/**
 * "Run in background": queues the export with the screen's request, follows it from queued to
 * done with the rows, and cancels a running one.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { domTestSetup, mockFetch, ok, withProviders } from '../kit/test/dom-harness';
import { ExportJobButton } from './ExportJobButton';

const job = (over: Record<string, unknown>) => ({
  id: 5,
  endpoint: 'GET product/rest/v1/products/excel',
  summary: 'Products',
  state: 'queued',
  rowsDone: 0,
  rowsEstimated: null,
  storedExportId: null,
  fileName: null,
  error: null,
  errorCode: null,
  createdAt: '2026-11-28T00:00:00.000Z',
  finishedAt: null,
  ...over,
});

domTestSetup([], { keepGlobals: true });

describe('ExportJobButton', () => {
  it('queues the request and shows the rows until done', async () => {
    const bodies: unknown[] = [];
    let polls = 0;
    mockFetch(async (url, init) => {
      if (init.method === 'POST') {
        bodies.push(JSON.parse(String(init.body)));
        return ok(job({}));
      }
      polls++;
      return ok(
        polls < 2
          ? job({ state: 'running', rowsDone: 40, rowsEstimated: 100 })
          : job({ state: 'done', rowsDone: 100, rowsEstimated: 100, storedExportId: 9, fileName: 'p.xlsx' }),
      );
    });
    const request = { endpoint: 'GET product/rest/v1/products/excel', query: { keyword: 'a' } };
    render(withProviders(<ExportJobButton request={() => request} testId="x" />).tree);
    fireEvent.click(await screen.findByTestId('x-job'));
    await waitFor(() => expect(screen.getByTestId('x-job-rows').textContent).toMatch(/40 \/ 100 rows|Done/));
    await waitFor(() => expect(screen.getByTestId('x-job-state').textContent).toBe('Done'), { timeout: 4000 });
    expect(screen.getByTestId('x-job-rows').textContent).toMatch(/Done: 100 rows/);
    expect(screen.getByTestId('x-job-download')).toBeTruthy();
    expect(bodies).toEqual([request]);
  });

  it('cancels a running export', async () => {
    let cancelled = false;
    mockFetch(async (url, init) => {
      if (init.method === 'POST' && url.pathname.endsWith('/cancel')) {
        cancelled = true;
        return ok(job({ state: 'cancelled' }));
      }
      if (init.method === 'POST') return ok(job({}));
      return ok(job({ state: cancelled ? 'cancelled' : 'running', rowsDone: 3, rowsEstimated: 10 }));
    });
    render(withProviders(<ExportJobButton request={() => ({ endpoint: 'e', query: {} })} testId="y" />).tree);
    fireEvent.click(await screen.findByTestId('y-job'));
    fireEvent.click(await screen.findByTestId('y-job-cancel'));
    await waitFor(() => expect(screen.getByTestId('y-job-state').textContent).toBe('Cancelled'));
    expect(cancelled).toBe(true);
    expect(screen.queryByTestId('y-job-cancel')).toBeNull();
  });
});
