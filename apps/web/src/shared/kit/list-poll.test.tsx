// @vitest-environment happy-dom
import { defineEndpoint, pageSchema, pagingQuery } from '@bo/contract';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ListPage } from './ListPage';
import { domTestSetup, mockFetch, ok, withProviders } from './test/dom-harness';
import { useListQuery } from './use-list-query';

const row = z.object({ id: z.number(), name: z.string(), done: z.number() });
const listJobs = defineEndpoint({
  method: 'GET',
  path: 'kit/rest/v1/jobs',
  access: 'login',
  summary: 'test',
  tags: ['test'],
  query: z.object({ ...pagingQuery }),
  data: pageSchema(row),
});

function JobList() {
  const state = useListQuery(listJobs.query);
  return (
    <ListPage
      testId="jobs"
      title="Jobs"
      endpoint={listJobs}
      state={state}
      keyPrefix={['jobs']}
      columns={[{ key: 'name', title: 'Name', width: 200, render: (_, r) => `${r.name} ${r.done} %` }]}
      tableId="kit.poll"
      rowKey="id"
      poll={(rows) => (rows.some((r) => r.done < 100) ? 50 : false)}
    />
  );
}

domTestSetup([], { keepGlobals: true });

describe('ListPage poll', () => {
  it('asks again while a row is unfinished, and stops once none is', async () => {
    let done = 0;
    const fetch = mockFetch(() => {
      done = Math.min(100, done + 50);
      return ok({ list: [{ id: 1, name: 'Send', done }], total: 1, pageNum: 1, pageSize: 20 });
    });
    render(withProviders(<JobList />).tree);
    await screen.findByText('Send 50 %');
    await screen.findByText('Send 100 %', undefined, { timeout: 3000 });
    const calls = fetch.mock.calls.length;
    expect(calls).toBe(2);
    await new Promise((r) => setTimeout(r, 200));
    await waitFor(() => expect(fetch.mock.calls.length).toBe(calls));
  });
});
