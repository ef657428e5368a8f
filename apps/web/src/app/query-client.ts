import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../shared/http/api-error';

/**
 * One client for the app. A failed call has already shown its message (http client),
 * so queries retry only when the server could not be reached or timed out.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failures, err) => failures < 2 && isApiError(err) && (err.status === 0 || err.status >= 502),
    },
    mutations: { retry: false },
  },
});
