// @vitest-environment happy-dom
import { defineEndpoint } from '@bo/contract';
import { useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { call } from '../http/http-client';
import { DetailDrawer } from './DetailDrawer';
import { domTestSetup, mockFetch, ok, refused, withProviders } from './test/dom-harness';

const thing = z.object({
  id: z.number(),
  name: z.string(),
  price: z.number().nullable(),
  lines: z.array(z.object({ code: z.string() })),
});
type Thing = z.infer<typeof thing>;
const getThing = defineEndpoint({
  method: 'GET',
  path: 'kit/rest/v1/things/{id}',
  access: 'login',
  summary: 'test',
  tags: ['test'],
  params: z.object({ id: z.coerce.number() }),
  data: thing,
});

function ThingDetail({ id }: { id: number }) {
  const q = useQuery({
    queryKey: ['thing', id],
    queryFn: ({ signal }) => call(getThing, { params: { id } }, { signal, silent: true }),
  });
  return (
    <DetailDrawer<Thing>
      open
      onClose={() => {}}
      title="Thing"
      query={q}
      testId="thing-drawer"
      fields={[
        { key: 'name', label: 'Name', render: (t) => t.name, testId: 'thing-name' },
        { key: 'price', label: 'Price', render: (t) => String(t.price), hidden: (t) => t.price === null },
      ]}
    >
      {(t) => (
        <ul data-testid="thing-lines">
          {t.lines.map((l) => (
            <li key={l.code}>{l.code}</li>
          ))}
        </ul>
      )}
    </DetailDrawer>
  );
}

// antd in a DOM test is slow: a test may take a few seconds.

domTestSetup([], { keepGlobals: true });

describe('DetailDrawer', () => {
  it("shows the record's fields as descriptions, leaves out a hidden one, and what comes after them", async () => {
    const fetch = mockFetch(() => ok({ id: 7, name: 'Desk lamp', price: null, lines: [{ code: 'M-1' }, { code: 'M-2' }] }));
    render(withProviders(<ThingDetail id={7} />).tree);
    expect((await screen.findByTestId('thing-name')).textContent).toBe('Desk lamp');
    expect(new URL(String(fetch.mock.calls[0]?.[0]), 'http://x').pathname).toBe('/api/kit/rest/v1/things/7');
    expect(screen.getByText('Name')).toBeTruthy();
    expect(screen.queryByText('Price')).toBeNull();
    expect(
      within(screen.getByTestId('thing-lines'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['M-1', 'M-2']);
  });

  it('offers Retry after a failed load and shows the record once it loads', async () => {
    let calls = 0;
    mockFetch(() => {
      calls += 1;
      return calls === 1
        ? refused(500, 50000, 'the database is restarting')
        : ok({ id: 7, name: 'Desk lamp', price: 20, lines: [] });
    });
    render(withProviders(<ThingDetail id={7} />).tree);
    await screen.findByText('The record could not be loaded');
    fireEvent.click(screen.getByTestId('detail-retry'));
    expect((await screen.findByTestId('thing-name')).textContent).toBe('Desk lamp');
    expect(screen.getByText('20')).toBeTruthy();
  });

  it('shows a refused record as refused and a deleted one as gone, neither with a retry', async () => {
    mockFetch(() => refused(403, 40300, 'permission kit:things required'));
    render(withProviders(<ThingDetail id={7} />).tree);
    await screen.findByText('You may not see this record');
    expect(screen.queryByTestId('detail-retry')).toBeNull();
    cleanup();

    mockFetch(() => refused(404, 40400, 'no such thing'));
    render(withProviders(<ThingDetail id={8} />).tree);
    await screen.findByText('This record no longer exists (someone may have deleted it)');
    expect(screen.queryByTestId('detail-retry')).toBeNull();
    await waitFor(() => expect(screen.queryByTestId('thing-name')).toBeNull());
  });
});
