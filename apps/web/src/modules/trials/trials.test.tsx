// @vitest-environment happy-dom
/**
 * The trial screens against a mocked API: the winners page shows the draw's seed and the winners in
 * draw order, replaces one with a reason (the POST it sends) and offers nothing to a user without
 * the edit button; the questionnaires list shows a locked set and keeps Delete off one in use.
 */
import type { Questionnaire, Trial, TrialWinner } from '@bo/contract/trials/trials';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { ButtonPermissionsProvider } from '../../shared/Can';
import { domTestSetup, mockFetch, ok, withProviders } from '../../shared/kit/test/dom-harness';
import QuestionnairesPage from './QuestionnairesPage';
import { trialsTexts } from './trials.locale';
import WinnersEditPage from './WinnersEditPage';

domTestSetup([trialsTexts]);

const PAGE = 'user:platform:h5ActivityMaking:config';
const trial: Trial = {
  id: 5,
  code: 'bulb-homes',
  sku: 'H6008',
  titleZh: '',
  titleEn: 'Bulbs',
  descriptionZh: '',
  descriptionEn: '',
  units: 2,
  countries: ['US'],
  applyStart: '2026-10-01T00:00:00.000Z',
  applyEnd: '2026-10-31T00:00:00.000Z',
  fields: [],
  questionnaireId: null,
  questionnaireName: null,
  state: 'drawn',
  applications: 40,
  winners: 2,
  shipped: 0,
  winnersPublished: false,
  draw: { seed: 'ab12cd', poolSize: 40, selectionId: 3, drawnAt: '2026-11-01T00:00:00.000Z', drawnBy: 'Admin' },
  version: 4,
  updatedAt: '2026-11-01T00:00:00.000Z',
};
const winner = (id: number, rank: number, name: string): TrialWinner => ({
  id,
  trialId: 5,
  applicationId: 100 + id,
  rank,
  name,
  email: `${name.toLowerCase()}@example.com`,
  country: 'US',
  address: '1 Main Street',
  state: 'selected',
  reason: null,
  carrier: null,
  trackingNo: null,
  shippedAt: null,
  version: 1,
});

const withButtons = (held: string[], element: ReactElement, url: string) =>
  withProviders(<ButtonPermissionsProvider value={new Set(held)}>{element}</ButtonPermissionsProvider>, url);

describe('winners page', () => {
  it('shows the seed and the winners in draw order, and replaces one with a reason', async () => {
    const sent: unknown[] = [];
    mockFetch(async (url, init) => {
      if (url.pathname.endsWith('/trials/5')) return ok(trial);
      if (url.pathname.endsWith('/trials/5/winners'))
        return ok({ list: [winner(1, 1, 'Ann'), winner(2, 2, 'Bob')], remaining: 38 });
      if (url.pathname.endsWith('/winners/1/replace')) {
        sent.push(JSON.parse(String(init.body)));
        return ok({ ...winner(3, 3, 'Cid') });
      }
      return ok(null);
    });
    render(withButtons([`${PAGE}:edit`], <WinnersEditPage />, '/?id=5').tree);
    expect((await screen.findByTestId('winners-seed')).textContent).toContain('ab12cd');
    expect(await screen.findByText('ann@example.com')).toBeTruthy();
    fireEvent.click(screen.getByTestId('winner-replace-1'));
    fireEvent.change(await screen.findByTestId('winner-reason'), { target: { value: 'Declined' } });
    fireEvent.click(screen.getByTestId('winner-replace-save'));
    await waitFor(() => expect(sent).toEqual([{ reason: 'Declined', version: 1 }]));
  });

  it('offers no replace or ship without the edit button', async () => {
    mockFetch(async (url) => {
      if (url.pathname.endsWith('/trials/5')) return ok(trial);
      if (url.pathname.endsWith('/trials/5/winners')) return ok({ list: [winner(1, 1, 'Ann')], remaining: 39 });
      return ok(null);
    });
    render(withButtons([], <WinnersEditPage />, '/?id=5').tree);
    expect(await screen.findByText('ann@example.com')).toBeTruthy();
    expect(screen.queryByTestId('winner-replace-1')).toBeNull();
    expect(screen.queryByTestId('winner-ship-1')).toBeNull();
  });
});

describe('questionnaires list', () => {
  it('shows a locked set and no Delete for one in use', async () => {
    const q: Questionnaire = {
      id: 9,
      name: 'Creators',
      descriptionZh: '',
      descriptionEn: '',
      questions: [],
      usedBy: 1,
      locked: true,
      version: 1,
      updatedAt: '2026-11-01T00:00:00.000Z',
    };
    mockFetch(async () => ok({ list: [q], total: 1, pageNum: 1, pageSize: 20 }));
    render(withButtons([`${PAGE}:create`, `${PAGE}:edit`, `${PAGE}:delete`], <QuestionnairesPage />, '/').tree);
    expect(await screen.findByText('Creators')).toBeTruthy();
    expect(screen.getByText('Locked')).toBeTruthy();
    expect(screen.getByTestId('questionnaire-copy-9')).toBeTruthy();
    expect(screen.queryByTestId('questionnaire-delete-9')).toBeNull();
  });
});
