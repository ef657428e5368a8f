// @vitest-environment happy-dom
/**
 * The badge screen against a mocked server: the wall counts each badge's awards and keeps the
 * revoked ones apart; Revoke is offered only where the server says the caller may; the picker
 * and "Award a badge" appear only for a caller with people to award, and the award is sent with
 * the employee of the wall being looked at; a refused wall shows the server's refusal.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { domTestSetup, mockFetch, ok, refused, withProviders } from '../../shared/kit/test/dom-harness';
import BadgePage from './BadgePage';
import { badgesTexts } from './badges.locale';

domTestSetup([badgesTexts]);

const badge = {
  id: 7,
  nameZh: '数据达人',
  nameEn: 'Data wizard',
  description: 'A number that changed a decision.',
  icon: 'bulb',
  value: null,
  state: 'active',
};
const award = (over: Record<string, unknown>) => ({
  id: 1,
  badge: { id: 7, nameZh: '数据达人', nameEn: 'Data wizard', icon: 'bulb' },
  employee: { id: 5, name: 'Sales Analyst' },
  dept: 'Sales & Operations',
  reason: 'Found the fee leak',
  day: '2026-11-20',
  awardedBy: { id: 2, name: 'Sales Manager' },
  state: 'awarded',
  revokedBy: null,
  revokedAt: null,
  revokeReason: null,
  canRevoke: false,
  version: 1,
  ...over,
});
const wallOf = () => ({
  employee: { id: 5, name: 'Sales Analyst' },
  dept: 'Sales & Operations',
  badges: [
    {
      badge,
      count: 2,
      lastDay: '2026-11-20',
      awards: [award({ canRevoke: true }), award({ id: 2, reason: 'Forecast error down', day: '2026-10-01' })],
    },
  ],
  revoked: [award({ id: 3, state: 'revoked', revokedBy: 'Sales Manager', revokeReason: 'Given twice' })],
  total: 2,
});

function serve(people: { id: number; name: string; dept: string | null }[], wall: () => Response = () => ok(wallOf())) {
  return mockFetch((url) => {
    const p = url.pathname;
    if (p.endsWith('/badges/access')) return ok({ canManage: false, canSeeRevoked: false, people });
    if (p.endsWith('/badges/wall')) return wall();
    if (p.endsWith('/badges'))
      return ok({
        list: [{ ...badge, awarded: 2, version: 1, updatedBy: null, updatedAt: '2026-11-01T00:00:00Z' }],
        total: 1,
        pageNum: 1,
        pageSize: 500,
      });
    if (p.endsWith('/badges/awards')) return ok(award({ id: 9 }));
    return ok(null);
  });
}

describe('the badge wall', () => {
  it('counts each badge, lists the revoked apart and offers Revoke only where allowed', async () => {
    serve([]);
    render(withProviders(<BadgePage />).tree);
    expect((await screen.findByTestId('badge-wall-count-7')).textContent).toBe('×2');
    expect(screen.getByTestId('badge-wall-total').textContent).toBe('2 badges');
    expect(screen.getByTestId('badge-revoke-1')).toBeTruthy();
    expect(screen.queryByTestId('badge-revoke-2')).toBeNull();
    expect(screen.getByText('Revoked badges (1)')).toBeTruthy();
    // Nobody to award: no picker, no award button.
    expect(screen.queryByTestId('badge-wall-person')).toBeNull();
    expect(screen.queryByTestId('badge-award')).toBeNull();
  });

  it('asks for the wall in the URL and presets that employee when awarding', async () => {
    const calls = serve([{ id: 5, name: 'Sales Analyst', dept: 'Sales & Operations' }]);
    render(withProviders(<BadgePage />, '/?employee=5').tree);
    await screen.findByTestId('badge-wall-count-7');
    const wallCall = calls.mock.calls
      .map(([u]) => new URL(String(u), 'http://test.local'))
      .find((u) => u.pathname.endsWith('/badges/wall'));
    expect(wallCall?.searchParams.get('employeeId')).toBe('5');
    expect(screen.getByTestId('badge-wall-person')).toBeTruthy();
    fireEvent.click(screen.getByTestId('badge-award'));
    expect(await screen.findByTestId('badge-award-form')).toBeTruthy();
    expect(screen.getByTestId('badge-award-employee').textContent).toContain('Sales Analyst');
  });

  it("shows the server's refusal for a wall the caller may not open", async () => {
    serve([], () => refused(403, 40300, 'only the employee, a leader up their chain and HR open it'));
    render(withProviders(<BadgePage />, '/?employee=99').tree);
    await waitFor(() => expect(screen.getByText(/only the employee, a leader up their chain/)).toBeTruthy());
  });
});
