// @vitest-environment happy-dom
/**
 * The brand screens against a mocked server: the KOL list offers add, state moves and delete only to
 * holders of their buttons, opens the cooperation drawer with its records and sends a new one to the KOL's path; the exposure board
 * shows the period's figures, links each project to its page and says where the figures come from.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ButtonPermissionsProvider } from '../../shared/Can';
import { domTestSetup, mockFetch, ok, withProviders } from '../../shared/kit/test/dom-harness';
import { brandTexts } from './brand.locale';
import ExposurePage from './ExposurePage';
import KolPage from './KolPage';

domTestSetup([brandTexts]);

const kol = (over: Record<string, unknown> = {}) => ({
  id: 1,
  name: 'Glow Desk Setups',
  handles: [{ platform: 'TT', handle: '@glowdesk', followers: 820000 }],
  followers: 820000,
  country: 'US',
  language: 'en',
  category: 'tech',
  rate: 2500,
  currency: 'USD',
  email: 'hello@glowdesk.example',
  phone: null,
  contactHidden: false,
  owner: { id: 3, name: 'PPC Specialist' },
  state: 'cooperating',
  note: '',
  cooperations: 1,
  spent: 2500,
  lastPublishDay: '2026-11-20',
  version: 2,
  updatedAt: '2026-11-20T00:00:00Z',
  ...over,
});
const cooperation = {
  id: 11,
  kolId: 1,
  project: { id: 40, code: 'BRD-00040', name: 'Q1 KOL campaign' },
  platform: 'TT',
  deliverable: 'Desk makeover video',
  cost: 2500,
  publishDay: '2026-11-20',
  exposure: 610000,
  interactions: 41000,
  link: null,
  version: 1,
  updatedAt: '2026-11-20T00:00:00Z',
};

function serveKols(list: unknown[]) {
  return mockFetch((url, init) => {
    const p = url.pathname;
    if (p.endsWith('/brand/kols/options'))
      return ok({ owners: [{ id: 3, name: 'PPC Specialist' }], projects: [cooperation.project], canEdit: true });
    if (p.endsWith('/kols/1/cooperations') && init.method === 'POST') return ok({ ...cooperation, id: 12 });
    if (p.endsWith('/kols/1/cooperations')) return ok([cooperation]);
    if (p.endsWith('/brand/kols')) return ok({ list, total: list.length, pageNum: 1, pageSize: 20 });
    return ok(null);
  });
}
const page = (held: string[], el = <KolPage />) =>
  withProviders(<ButtonPermissionsProvider value={new Set(held)}>{el}</ButtonPermissionsProvider>).tree;

describe('the KOL list', () => {
  it('offers add, moves and delete to their button holders only', async () => {
    serveKols([kol(), kol({ id: 2, name: 'Casa Luz', email: null, contactHidden: true, cooperations: 0, state: 'prospect' })]);
    render(page(['digitize:brandKol:create', 'digitize:brandKol:edit', 'digitize:brandKol:delete']));
    expect(await screen.findByTestId('kol-open-1')).toBeTruthy();
    expect(screen.getByTestId('kol-create')).toBeTruthy();
    expect(screen.getByTestId('kol-pause-1')).toBeTruthy();
    expect(screen.getByTestId('kol-contact-2')).toBeTruthy();
    expect(screen.queryByTestId('kol-contact-1')).toBeNull();
    // A KOL with cooperations is not deleted; one without is.
    expect(screen.queryByTestId('kol-delete-1')).toBeNull();
    expect(screen.getByTestId('kol-delete-2')).toBeTruthy();
    cleanup();
    serveKols([kol({ email: null, contactHidden: true })]);
    render(page([]));
    expect(await screen.findByTestId('kol-open-1')).toBeTruthy();
    expect(screen.queryByTestId('kol-create')).toBeNull();
    expect(screen.queryByTestId('kol-pause-1')).toBeNull();
    expect(screen.queryByTestId('kol-blacklist-1')).toBeNull();
  });

  it('opens the cooperations and records a new one on the KOL', async () => {
    const calls = serveKols([kol()]);
    render(page(['digitize:brandKol:edit']));
    fireEvent.click(await screen.findByTestId('kol-coop-1'));
    const drawer = await screen.findByTestId('kol-coop-drawer');
    expect(await within(drawer).findByText('Desk makeover video')).toBeTruthy();
    expect(within(drawer).getByText('BRD-00040').closest('a')?.getAttribute('href')).toBe('/viewExposure?id=40');
    fireEvent.click(within(drawer).getByTestId('kol-coop-add'));
    fireEvent.change(await screen.findByTestId('kol-coop-deliverable'), { target: { value: 'Follow-up short' } });
    fireEvent.change(screen.getByTestId('kol-coop-cost'), { target: { value: '800' } });
    fireEvent.click(screen.getByTestId('kol-coop-save'));
    await waitFor(() => {
      const post = calls.mock.calls.find(([u, init]) => String(u).includes('/kols/1/cooperations') && init?.method === 'POST');
      expect(post).toBeTruthy();
      expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ deliverable: 'Follow-up short', cost: 800, platform: 'TT' });
    });
  });
});

describe('the exposure board', () => {
  it('shows the period, links each project and names the sources', async () => {
    const months = ['2026-10', '2026-11'];
    const calls = mockFetch((url) => {
      if (url.pathname.endsWith('/brand/kols/options'))
        return ok({ owners: [], projects: [cooperation.project], canEdit: false });
      if (url.pathname.endsWith('/brand/exposure'))
        return ok({
          from: months[0],
          to: months[1],
          readsProjects: true,
          choices: [cooperation.project],
          totals: { cost: 2500, exposure: 610000, interactions: 41000, cpm: 4.1, cooperations: 1, kols: 1 },
          months: [
            { month: months[0], cost: 0, exposure: 0, interactions: 0, byPlatform: {} },
            {
              month: months[1],
              cost: 2500,
              exposure: 610000,
              interactions: 41000,
              byPlatform: { TT: { exposure: 610000, interactions: 41000 } },
            },
          ],
          platforms: [
            {
              platform: 'TT',
              cost: 2500,
              exposure: 610000,
              interactions: 41000,
              cpm: 4.1,
              reportedExposure: 2500000,
              reportedInteractions: 90000,
            },
          ],
          projects: [
            {
              id: 40,
              code: 'BRD-00040',
              name: 'Q1 KOL campaign',
              runStatus: 'RUNNING',
              budget: 30000,
              kolBudget: 20000,
              cost: 2500,
              exposure: 610000,
              interactions: 41000,
              cpm: 4.1,
              budgetUsed: 0.0833,
              reportedExposure: 4000000,
              roi: null,
              cooperations: 1,
            },
          ],
        });
      return ok(null);
    });
    render(withProviders(<ExposurePage />, '/?from=2026-10&to=2026-11').tree);
    expect((await screen.findByTestId('exposure-cpm')).textContent).toContain('4.1');
    expect(screen.getByTestId('exposure-project-40').getAttribute('href')).toBe('/viewExposure?id=40');
    expect(screen.getByTestId('exposure-sources').textContent).toContain('KOL cooperation records');
    const asked = calls.mock.calls
      .map(([u]) => new URL(String(u), 'http://test.local'))
      .find((u) => u.pathname.endsWith('/brand/exposure'));
    expect(asked?.searchParams.get('from')).toBe('2026-10');
    expect(asked?.searchParams.get('to')).toBe('2026-11');
  });
});
