/**
 * What a mutation refreshes once it has succeeded: every query under each of the given keys,
 * all at once. The keys are the area's query-key factory's, so a mutation names exactly what
 * it changed.
 */
import { type QueryKey, useQueryClient } from '@tanstack/react-query';

export function useInvalidate(...keys: readonly QueryKey[]): () => Promise<unknown> {
  const client = useQueryClient();
  return () => Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
}
