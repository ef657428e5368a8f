// @vitest-environment happy-dom
/**
 * The kit's share dialog (ShareDialog.tsx): the choice of what to share, making a link for the
 * chosen kind with the chosen lifetime, copying it when asked (a chat task), and revoking.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ShareDialog } from './ShareDialog';
import { shareLinksTexts } from './share-links.locale';
import { domTestSetup, mockFetch, ok, withProviders } from './test/dom-harness';

const link = (id: number, kind: string, state: 'active' | 'revoked' = 'active') => ({
  id,
  kind,
  entityId: '7',
  state,
  createdBy: { id: 1, name: 'admin' },
  createdAt: '2026-11-20T08:30:00.000Z',
  expiresAt: '2026-11-27T08:30:00.000Z',
  revokedAt: state === 'revoked' ? '2026-11-21T08:30:00.000Z' : null,
  revokedBy: state === 'revoked' ? { id: 1, name: 'admin' } : null,
  lastUsedAt: null,
  useCount: 2,
});
const page = (list: unknown[]) => ok({ list, total: list.length, pageNum: 1, pageSize: 50 });

const CHOICES = [
  { kind: 'project', entityId: '7', label: 'Project', intro: 'The project, read-only' },
  { kind: 'data-view', entityId: '7', label: 'Data view', intro: 'Its figures' },
];

domTestSetup([shareLinksTexts]);

describe('ShareDialog', () => {
  it('makes a link of the chosen kind with the chosen lifetime and lists that kind’s links', async () => {
    const bodies: unknown[] = [];
    const fetch = mockFetch(async (url, init) => {
      if (url.pathname === '/api/share/links' && init.method === 'POST') {
        bodies.push(JSON.parse(String(init.body)));
        return ok({ id: 9, token: 'tok', url: '/teambition/dataView?share=tok', expiresAt: '2026-12-20T08:30:00.000Z' });
      }
      if (url.pathname === '/api/share/links/data-view/7') return page([link(9, 'data-view')]);
      return page([link(3, 'project')]);
    });
    render(withProviders(<ShareDialog choices={CHOICES} onClose={() => {}} />).tree);

    await screen.findByText('The project, read-only');
    await screen.findByTestId('share-revoke-3');
    fireEvent.click(screen.getByTestId('share-choice-data-view'));
    await screen.findByText('Its figures');
    await screen.findByTestId('share-revoke-9');
    expect(screen.queryByTestId('share-revoke-3')).toBeNull();

    fireEvent.click(screen.getByText('30 days'));
    fireEvent.click(screen.getByTestId('share-create'));
    const url = await screen.findByTestId('share-url');
    expect(url.textContent).toContain('/teambition/dataView?share=tok');
    expect(bodies).toEqual([{ kind: 'data-view', entityId: '7', expiresInHours: 720 }]);
    expect(screen.getByText('Link made: copy it now, it is not shown again')).toBeTruthy();
    expect(fetch.mock.calls.some(([u]) => String(u).includes('/share/links/data-view/7'))).toBe(true);
  });

  it('copies the link at once when asked (a chat task), and revokes a link', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    let revoked = false;
    mockFetch(async (url, init) => {
      if (url.pathname === '/api/share/links' && init.method === 'POST')
        return ok({ id: 4, token: 'tt', url: '/chatTask?share=tt', expiresAt: '2026-12-20T08:30:00.000Z' });
      if (url.pathname === '/api/share/links/4/revoke') {
        revoked = true;
        return ok(link(4, 'chat-task', 'revoked'));
      }
      return page([link(4, 'chat-task', revoked ? 'revoked' : 'active')]);
    });
    render(
      withProviders(
        <ShareDialog
          copyOnCreate
          choices={[{ kind: 'chat-task', entityId: '7', label: 'Share to chat', intro: 'A card' }]}
          onClose={() => {}}
        />,
      ).tree,
    );
    // One choice: no choice shown.
    await screen.findByText('A card');
    expect(screen.queryByTestId('share-choice-chat-task')).toBeNull();
    fireEvent.click(screen.getByTestId('share-create'));
    await screen.findByText('Link made and copied: paste it into the chat');
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/chatTask?share=tt`);

    fireEvent.click(await screen.findByTestId('share-revoke-4'));
    fireEvent.click(await screen.findByTestId('share-revoke-ok'));
    await waitFor(() => expect(revoked).toBe(true));
    const state = await screen.findByTestId('share-state-4');
    await waitFor(() => expect(within(state).getByText('Revoked')).toBeTruthy());
  });
});
