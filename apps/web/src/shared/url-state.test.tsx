// @vitest-environment happy-dom
/** Two URL updates before React renders again both land: the second builds on the first. */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installBrowserStubs, withProviders } from './kit/test/dom-harness';
import { useListQuery } from './kit/use-list-query';
import { useUrlFilters } from './url-filters';

function Filters() {
  const [, set] = useUrlFilters({ granularity: 'day', rows: 'listing' });
  const { search } = useLocation();
  return (
    <button
      type="button"
      data-testid="both"
      data-search={search}
      onClick={() => {
        // What a fast second click does: its handler still holds the render before the first.
        set({ granularity: 'week' });
        set({ rows: 'shop' });
      }}
    >
      both
    </button>
  );
}

const listQuery = z.object({
  status: z.enum(['on', 'off']).optional(),
  keyword: z.string().optional(),
  pageNum: z.coerce.number().int().default(1),
  pageSize: z.coerce.number().int().default(20),
});
function List() {
  const { set } = useListQuery(listQuery);
  return (
    <button
      type="button"
      data-testid="both"
      onClick={() => {
        set({ status: 'on' });
        set({ keyword: 'lamp' });
      }}
    >
      both
    </button>
  );
}

beforeAll(installBrowserStubs);
afterEach(cleanup);

describe('URL state updated twice before a render', () => {
  it('keeps both filters of useUrlFilters', async () => {
    const { tree, router } = withProviders(<Filters />, '/?x=1');
    render(tree);
    fireEvent.click(await screen.findByTestId('both'));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('rows')).toBe('shop'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      x: '1',
      granularity: 'week',
      rows: 'shop',
    });
  });

  it('keeps both patches of a kit list', async () => {
    const { tree, router } = withProviders(<List />);
    render(tree);
    fireEvent.click(await screen.findByTestId('both'));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('keyword')).toBe('lamp'));
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('on');
  });

  it('starts from the rendered URL again once it is rendered (Back, a link)', async () => {
    const { tree, router } = withProviders(<Filters />, '/?x=1');
    render(tree);
    fireEvent.click(await screen.findByTestId('both'));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('rows')).toBe('shop'));
    await router.navigate('/?x=2');
    // A person clicks what is on the screen: once the new location is rendered.
    await waitFor(() => expect(screen.getByTestId('both').getAttribute('data-search')).toBe('?x=2'));
    fireEvent.click(screen.getByTestId('both'));
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        x: '2',
        granularity: 'week',
        rows: 'shop',
      }),
    );
  });
});
