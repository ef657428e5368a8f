// @vitest-environment happy-dom
/**
 * The notice modal after sign-in: the caller's unacknowledged notices one at a time, in their
 * language (the other one when theirs is empty); "Got it" acknowledges and shows the next;
 * nothing when there is none.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { domTestSetup, mockFetch, ok, withProviders } from '../../shared/kit/test/dom-harness';
import { NoticeGate } from './NoticeGate';

const notice = (id: number, titleEn: string, bodyZh: string) => ({
  id,
  titleZh: '',
  titleEn,
  bodyZh,
  bodyEn: '',
  level: 'warning',
  publishFrom: '2026-11-28T08:00:00Z',
});

domTestSetup();

describe('NoticeGate', () => {
  it('shows each notice until acknowledged, then the next, then nothing', async () => {
    const fetch = mockFetch((url, init) => {
      if (url.pathname.endsWith('/notices/unacknowledged'))
        return ok([notice(1, 'Maintenance tonight', '今晚维护'), notice(2, 'New price lists', '新价格表')]);
      if (url.pathname.endsWith('/acknowledge') && init.method === 'POST') return ok(null);
      return ok(null);
    });
    render(withProviders(<NoticeGate />).tree);
    await screen.findByText('Maintenance tonight');
    // English is empty: the Chinese text stands in.
    expect(screen.getByTestId('notice-body').textContent).toBe('今晚维护');
    expect(screen.getByText('1 more notice')).toBeTruthy();
    fireEvent.click(screen.getByTestId('notice-acknowledge'));
    await screen.findByText('New price lists');
    expect(fetch.mock.calls.some(([u, i]) => String(u).endsWith('/notices/1/acknowledge') && i?.method === 'POST')).toBe(true);
    fireEvent.click(screen.getByTestId('notice-acknowledge'));
    await waitFor(() => expect(screen.queryByText('New price lists')).toBeNull());
    expect(fetch.mock.calls.filter(([u]) => String(u).endsWith('/notices/unacknowledged'))).toHaveLength(1);
  });

  it('draws nothing when there is nothing to acknowledge', async () => {
    const fetch = mockFetch(() => ok([]));
    render(withProviders(<NoticeGate />).tree);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByTestId('notice-acknowledge')).toBeNull();
  });
});
