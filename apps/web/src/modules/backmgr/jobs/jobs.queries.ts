/** The back office's job queue: the list reads under jobKeys.all (the kit's list), one job, retry and cancel. */
import { backMgrJobs as ep } from '@bo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/http-client';

export const jobKeys = {
  all: ['backMgrJobs'] as const,
  kinds: () => [...jobKeys.all, 'kinds'] as const,
  one: (id: number) => [...jobKeys.all, 'one', id] as const,
};

export const useJobKinds = () => useQuery({ queryKey: jobKeys.kinds(), queryFn: ({ signal }) => call(ep.kinds, {}, { signal }) });

export const useJob = (id: number | null) =>
  useQuery({
    queryKey: jobKeys.one(id ?? 0),
    queryFn: ({ signal }) => call(ep.get, { params: { id: id ?? 0 } }, { signal }),
    enabled: id !== null,
  });

export function useJobAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'retry' | 'cancel' }) =>
      call(action === 'retry' ? ep.retry : ep.cancel, { params: { id } }, { silent: true }),
    onSettled: () => client.invalidateQueries({ queryKey: jobKeys.all }),
  });
}
