// @vitest-environment happy-dom
/**
 * The activity themes' screen beyond the shared kind screen: a row's colours as a swatch, and the
 * drawer's look of the theme redrawn as a colour and the name are typed (an unfinished colour
 * shows as unset rather than as a wrong one).
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ButtonPermissionsProvider } from '../../../shared/Can';
import { domTestSetup, mockFetch, ok, withProviders } from '../../../shared/kit/test/dom-harness';
import { appContentTexts } from '../appcontent.locale';
import ActivityThemesPage from './ActivityThemesPage';
import { ThemeMock } from './ThemeMock';

domTestSetup([appContentTexts]);

const theme = {
  id: 5,
  slot: 'main',
  name: 'Black Friday 2026',
  state: 'published',
  windowStatus: 'live',
  windowStart: '2026-11-27T00:00:00Z',
  windowEnd: '2026-12-04T00:00:00Z',
  priority: 0,
  position: 0,
  targeting: { countries: [], languages: [], versionRange: '', platforms: [], models: [] },
  version: 1,
  updatedBy: 'admin',
  updatedAt: '2026-11-30T00:00:00Z',
  publishedAt: '2026-11-27T00:00:00Z',
  nameZh: '黑色星期五',
  nameEn: 'Black Friday',
  primaryColor: '#F5A623',
  secondaryColor: '#D0021B',
  backgroundColor: '#111111',
  textColor: '#FFFFFF',
  imageFileId: 9,
  width: 1200,
  height: 600,
};

const bg = (testId: string) => (screen.getByTestId(testId) as HTMLElement).style.background;

describe('ThemeMock', () => {
  it('wears the theme: background, text, button and tag in their colours; unset for an unfinished colour', () => {
    render(
      <ThemeMock
        name="Sale"
        colors={{ primary: '#FF0000', secondary: '#00FF00', background: '#000000', text: '#FFFF' }}
        action="Go"
        badge="New"
      />,
    );
    expect(screen.getByTestId('theme-mock-name').textContent).toBe('Sale');
    expect(bg('theme-mock-action')).toMatch(/#FF0000|rgb\(255, 0, 0\)/i);
    expect(bg('theme-mock')).toMatch(/#000000|rgb\(0, 0, 0\)/i);
    expect((screen.getByTestId('theme-mock') as HTMLElement).style.color).not.toMatch(/#FFFF$/i);
  });
});

describe('ActivityThemesPage', () => {
  it('lists a theme with its colours and redraws the look in the drawer as colours are typed', async () => {
    mockFetch((url) => {
      if (url.pathname.endsWith('/activity-themes/main')) return ok({ list: [theme], total: 1, pageNum: 1, pageSize: 20 });
      if (url.pathname.endsWith('/models')) return ok([]);
      return ok(null);
    });
    render(
      withProviders(
        <ButtonPermissionsProvider value={new Set(['user:platform:activityThemes:config:create'])}>
          <ActivityThemesPage />
        </ButtonPermissionsProvider>,
      ).tree,
    );
    expect(await screen.findByText('Black Friday')).toBeTruthy();
    expect(screen.getByTestId('activity-theme-swatch-5').getAttribute('aria-label')).toBe('#F5A623 #D0021B #111111 #FFFFFF');

    fireEvent.click(screen.getByTestId('activity-theme-create'));
    await screen.findByTestId('activity-theme-look');
    expect(screen.getByTestId('activity-theme-look-name').textContent).toBe('(untitled)');
    fireEvent.change(screen.getByTestId('activity-theme-primaryColor'), { target: { value: '#0000ff' } });
    await waitFor(() => expect(bg('activity-theme-look-action')).toMatch(/#0000FF|rgb\(0, 0, 255\)/i));
    const nameEn = screen.getByTestId('activity-theme-name-en');
    fireEvent.change(nameEn.tagName === 'INPUT' ? nameEn : (nameEn.querySelector('input') as HTMLElement), {
      target: { value: 'Winter' },
    });
    await waitFor(() => expect(screen.getByTestId('activity-theme-look-name').textContent).toBe('Winter'));
  });
});
