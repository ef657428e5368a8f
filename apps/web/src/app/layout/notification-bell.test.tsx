// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { domTestSetup, mockFetch, ok, withProviders } from '../../shared/kit/test/dom-harness';
import { NotificationBell } from './NotificationBell';

domTestSetup();

const item = (id: number, title: string, link: string | null, readAt: string | null = null) => ({
  id,
  kind: 'approval.waiting',
  title,
  body: id === 1 ? 'Remark: please check the June figures' : '',
  link,
  createdAt: '2026-11-28T08:00:00.000Z',
  readAt,
});

describe('NotificationBell', () => {
  it('shows the unread count, opens one (read, then its link) and marks all read', async () => {
    const read = new Set<number>();
    const list = () => [
      item(1, 'Waiting for your approval: Forecast 12', '/elsewhere'),
      item(2, 'Approved: Price request 7', null),
    ];
    const unread = () => list().filter((n) => !read.has(n.id)).length;
    const fetch = mockFetch((url, init) => {
      const path = url.pathname;
      if (path.endsWith('/notifications/unread-count')) return ok({ unread: unread() });
      if (path.endsWith('/notifications/read-all') && init.method === 'POST') {
        for (const n of list()) read.add(n.id);
        return ok({ unread: 0 });
      }
      const one = /\/notifications\/(\d+)\/read$/.exec(path);
      if (one && init.method === 'POST') {
        read.add(Number(one[1]));
        return ok({ unread: unread() });
      }
      if (path.endsWith('/notifications')) {
        const rows = list().map((n) => (read.has(n.id) ? { ...n, readAt: '2026-11-28T09:00:00.000Z' } : n));
        return ok({ list: rows, total: rows.length, pageNum: 1, pageSize: 8, unread: unread() });
      }
      throw new Error(`unexpected ${init.method ?? 'GET'} ${path}`);
    });
    const { tree, router } = withProviders(<NotificationBell />);
    render(tree);
    const badge = await screen.findByTestId('notifications-badge');
    await waitFor(() => expect(within(badge).getByText('2')).toBeTruthy());

    fireEvent.click(screen.getByTestId('notifications-open'));
    const panel = await screen.findByTestId('notifications-panel');
    await within(panel).findByText('Waiting for your approval: Forecast 12');
    expect(within(panel).getByText('Remark: please check the June figures')).toBeTruthy();

    fireEvent.click(within(panel).getByTestId('notification-1'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
    expect(fetch.mock.calls.some(([u, i]) => String(u).includes('/notifications/1/read') && i?.method === 'POST')).toBe(true);
    expect(read.has(1)).toBe(true);
  });

  it('marks every notification read from the panel', async () => {
    let allRead = false;
    mockFetch((url, init) => {
      const path = url.pathname;
      if (path.endsWith('/unread-count')) return ok({ unread: allRead ? 0 : 1 });
      if (path.endsWith('/read-all') && init.method === 'POST') {
        allRead = true;
        return ok({ unread: 0 });
      }
      const rows = [item(5, 'Rejected: Price request 9', null, allRead ? '2026-11-28T09:00:00.000Z' : null)];
      return ok({ list: rows, total: 1, pageNum: 1, pageSize: 8, unread: allRead ? 0 : 1 });
    });
    const { tree } = withProviders(<NotificationBell />);
    render(tree);
    fireEvent.click(await screen.findByTestId('notifications-open'));
    const button = await screen.findByTestId('notifications-read-all');
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(allRead).toBe(true));
    await waitFor(() => expect(within(screen.getByTestId('notifications-badge')).queryByText('1')).toBeNull());
  });
});
