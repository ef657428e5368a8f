// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useInvalidate } from './use-invalidate';

describe('useInvalidate', () => {
  it('invalidates every given key and settles once all are done', async () => {
    const client = new QueryClient();
    const spy = vi.spyOn(client, 'invalidateQueries');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useInvalidate(['costs', 'materials'], ['costs', 'boms']), { wrapper });
    await result.current();
    expect(spy.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      ['costs', 'materials'],
      ['costs', 'boms'],
    ]);
  });
});
