// @vitest-environment happy-dom
/**
 * The message centre against a mocked server: each row shows its audience, state, quiet hours and
 * delivery counts (a bar while sending); the moves a state allows are offered to a holder of the
 * send button and sent with the row's version; a draft opens editable with the audience estimate,
 * a sent message read-only; without the buttons nothing but History is offered.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ButtonPermissionsProvider } from '../../shared/Can';
import { domTestSetup, mockFetch, ok, withProviders } from '../../shared/kit/test/dom-harness';
import { appMessagesTexts } from './appmessages.locale';
import MessageCenterPage from './messages/MessageCenterPage';

domTestSetup([appMessagesTexts]);

const PAGE = 'user:platform:messageCenter:config';
const message = (over: Record<string, unknown>) => ({
  id: 1,
  name: 'Winter scenes launch',
  titleZh: '冬季灯效上线',
  titleEn: 'Winter scenes are here',
  bodyZh: '正文',
  bodyEn: 'Body',
  link: 'lumio://scenes',
  targeting: { countries: ['US', 'CA'], languages: [], versionRange: '>=3.1', platforms: ['ios'], models: [] },
  sendAt: '2026-11-28T08:00:00.000Z',
  throttlePerMinute: 120,
  quietStart: '22:00',
  quietEnd: '08:00',
  expiresAt: null,
  state: 'sent',
  counts: { targeted: 3000, delivered: 2990, deferred: 900, waiting: 10, read: 1200 },
  startedAt: '2026-11-28T08:00:00.000Z',
  finishedAt: null,
  version: 4,
  updatedBy: 'Admin',
  updatedAt: '2026-11-28T08:00:00.000Z',
  ...over,
});
const ROWS = [
  message({}),
  message({
    id: 2,
    name: 'Firmware',
    state: 'sending',
    counts: { targeted: 1000, delivered: 400, deferred: 0, waiting: 100, read: 0 },
  }),
  message({
    id: 3,
    name: 'Survey',
    state: 'draft',
    sendAt: null,
    counts: { targeted: 0, delivered: 0, deferred: 0, waiting: 0, read: 0 },
  }),
];

function serve() {
  const sent: { path: string; body: unknown }[] = [];
  const fetch = mockFetch(async (url, init) => {
    const p = url.pathname;
    if (init.method === 'POST' || init.method === 'PUT' || init.method === 'DELETE')
      sent.push({ path: p, body: init.body ? JSON.parse(String(init.body)) : null });
    if (p.endsWith('/messages/models')) return ok([{ model: 'H6199', name: '灯带', nameEn: 'Strip' }]);
    if (p.endsWith('/messages/estimate')) return ok({ devices: 1234, registered: 3000 });
    if (p.endsWith('/actions')) return ok({ ...ROWS[2], state: 'scheduled', version: 5 });
    if (p.endsWith('/messages')) return ok({ list: ROWS, total: ROWS.length, pageNum: 1, pageSize: 20 });
    return ok(null);
  });
  return { fetch, sent };
}

const page = (held: string[]) => (
  <ButtonPermissionsProvider value={new Set(held)}>
    <MessageCenterPage />
  </ButtonPermissionsProvider>
);

describe('the message centre', () => {
  it('shows audience, state, quiet hours and counts; a bar while sending', async () => {
    serve();
    render(withProviders(page([])).tree);
    expect((await screen.findByTestId('app-message-audience-1')).textContent).toBe('US CA · v>=3.1 · iOS');
    expect(screen.getByTestId('app-message-counts-1').textContent).toContain('2990 / 3000 delivered · 1200 read');
    expect(screen.getByTestId('app-message-counts-1').textContent).toContain('900 deferred by quiet hours (10 still waiting)');
    expect(screen.getAllByText(/Quiet 22:00-08:00 \(local\)/, { selector: 'span' })).toHaveLength(3);
    expect(screen.getByTestId('app-message-progress-2')).toBeTruthy();
    expect(screen.queryByTestId('app-message-progress-1')).toBeNull();
    expect(screen.getByTestId('app-message-counts-3').textContent).toBe('—');
    // Without the buttons: no moves, no create, no delete.
    expect(screen.queryByTestId('app-message-3-send')).toBeNull();
    expect(screen.queryByTestId('app-message-create')).toBeNull();
  });

  it('offers the moves a state allows and sends them with the row version', async () => {
    const { sent } = serve();
    render(withProviders(page([`${PAGE}:send`, `${PAGE}:create`, `${PAGE}:edit`, `${PAGE}:delete`])).tree);
    await screen.findByTestId('app-message-3-send');
    expect(screen.queryByTestId('app-message-1-send')).toBeNull();
    expect(screen.getByTestId('app-message-2-cancel')).toBeTruthy();
    expect(screen.queryByTestId('app-message-2-unschedule')).toBeNull();
    fireEvent.click(screen.getByTestId('app-message-3-send'));
    fireEvent.click(await screen.findByTestId('app-message-3-send-confirm'));
    await waitFor(() => expect(sent.some((s) => s.path.endsWith('/messages/3/actions'))).toBe(true));
    expect(sent.find((s) => s.path.endsWith('/messages/3/actions'))?.body).toEqual({ action: 'send', version: 4 });
  });

  it('opens a draft with the audience estimate, a sent message read-only', async () => {
    serve();
    render(withProviders(page([`${PAGE}:edit`])).tree);
    fireEvent.click(await screen.findByTestId('app-message-open-3'));
    const estimate = await screen.findByTestId('app-message-estimate');
    await waitFor(() => expect(estimate.textContent).toContain('1234 registered devices match now (of 3000)'));
    expect(screen.getByTestId('app-message-save')).toBeTruthy();
    fireEvent.click(screen.getByTestId('app-message-open-1'));
    await screen.findByText('Only a draft is edited; this message is Sent.');
    expect(within(document.body).queryByTestId('app-message-save')).toBeNull();
  });
});
