// @vitest-environment happy-dom
/** The filter bar's `productLine` field: the user's lines as a tree, the chosen id in the URL. */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FilterBar } from './FilterBar';
import { domTestSetup, mockFetch, ok, withProviders } from './test/dom-harness';
import { useListQuery } from './use-list-query';

const query = z.object({ productLineId: z.coerce.number().int().optional() });

function Bar() {
  const state = useListQuery(query);
  return (
    <FilterBar state={state} fields={[{ kind: 'productLine', key: 'productLineId', placeholder: 'All lines', testId: 'line' }]} />
  );
}

const LINES = [
  { id: 1, name: '灯带', nameEn: 'Strip lights', code: 'SL', parentId: null, parentName: null },
  { id: 2, name: '户外灯带', nameEn: 'Outdoor strips', code: 'OS', parentId: 1, parentName: '灯带' },
];

domTestSetup([], { keepGlobals: true });

describe('FilterBar productLine field', () => {
  it('offers the user’s lines as a tree and puts the chosen line’s id in the URL', async () => {
    mockFetch((url) => (url.pathname.endsWith('/users/productLines') ? ok(LINES) : ok(null)));
    const { tree, router } = withProviders(<Bar />);
    render(tree);
    const select = await screen.findByTestId('line');
    fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
    fireEvent.click(await screen.findByTitle('Outdoor strips'));
    await waitFor(() => expect(router.state.location.search).toBe('?productLineId=2'));
  });

  it('shows the line a link names', async () => {
    mockFetch((url) => (url.pathname.endsWith('/users/productLines') ? ok(LINES) : ok(null)));
    const { tree } = withProviders(<Bar />, '/?productLineId=1');
    render(tree);
    expect(await screen.findByText('Strip lights')).toBeTruthy();
  });
});
