// @vitest-environment happy-dom
/**
 * The covers' screen: the slot the URL names is the one listed, the toolbar's switch lists the
 * other slot (and says so in the URL), and the new cover's image input shows the rule of the slot
 * shown (the splash's tall shape, the home cover's wide one).
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ButtonPermissionsProvider } from '../../../shared/Can';
import { domTestSetup, mockFetch, ok, withProviders } from '../../../shared/kit/test/dom-harness';
import { appContentTexts } from '../appcontent.locale';
import CoversPage, { coverSlotOf } from './CoversPage';

domTestSetup([appContentTexts]);

const row = (id: number, slot: string) => ({
  id,
  slot,
  name: `${slot} cover ${id}`,
  state: 'published',
  windowStatus: 'live',
  windowStart: null,
  windowEnd: null,
  priority: 0,
  position: 0,
  targeting: { countries: [], languages: [], versionRange: '', platforms: [], models: [] },
  version: 1,
  updatedBy: 'admin',
  updatedAt: '2026-11-30T00:00:00Z',
  publishedAt: '2026-11-30T00:00:00Z',
  imageFileId: id,
  width: 1080,
  height: 2340,
  altZh: '图',
  altEn: `alt ${id}`,
  link: '',
});

describe('CoversPage', () => {
  it('takes the slot from the URL, home otherwise', () => {
    expect(coverSlotOf('splash')).toBe('splash');
    expect(coverSlotOf('banner')).toBe('home');
    expect(coverSlotOf(null)).toBe('home');
  });

  it('lists the slot the URL names, switches slots in the toolbar and shows the slot’s image rule', async () => {
    const lists: string[] = [];
    mockFetch((url) => {
      const m = url.pathname.match(/\/covers\/(home|splash)$/);
      if (m) {
        lists.push(m[1] as string);
        return ok({ list: [row(m[1] === 'splash' ? 7 : 8, m[1] as string)], total: 1, pageNum: 1, pageSize: 20 });
      }
      if (url.pathname.endsWith('/models')) return ok([]);
      return ok(null);
    });
    const { tree, router } = withProviders(
      <ButtonPermissionsProvider value={new Set(['user:platform:coverMgr:config:create'])}>
        <CoversPage />
      </ButtonPermissionsProvider>,
      '/?slot=splash',
    );
    render(tree);
    expect(await screen.findByText('splash cover 7')).toBeTruthy();
    expect(lists).toEqual(['splash']);

    fireEvent.click(await screen.findByTestId('cover-create'));
    expect(await screen.findByText('9:19.5, 720–1440 px wide, up to 2 MB; PNG, JPEG, GIF or WebP')).toBeTruthy();

    fireEvent.click(screen.getByText('Home cover'));
    expect(await screen.findByText('home cover 8')).toBeTruthy();
    expect(router.state.location.search).toBe('?slot=home');
    await waitFor(() => expect(lists).toContain('home'));
    fireEvent.click(await screen.findByTestId('cover-create'));
    expect(await screen.findByText('3:2, 750–2160 px wide, up to 2 MB; PNG, JPEG, GIF or WebP')).toBeTruthy();
  });
});
