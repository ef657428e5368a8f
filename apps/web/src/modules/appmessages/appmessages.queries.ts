/** The message centre: its list key (the kit's list reads under it), the writes that invalidate it, the models and the estimate. */
import type { EndpointBodyInput } from '@bo/contract';
import { type AudienceInput, appMessages, type MessageAction } from '@bo/contract/appmessages/messages';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/http/http-client';

export const messageKeys = {
  all: ['appMessages'] as const,
  list: ['appMessages', 'messages'] as const,
  models: ['appMessages', 'models'] as const,
  estimate: (a: AudienceInput) => ['appMessages', 'estimate', a] as const,
};

type Body = EndpointBodyInput<typeof appMessages.create>;

function useWrite<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: messageKeys.list }) });
}

export const useSaveMessage = () =>
  useWrite(({ id, body, version }: { id: number | null; body: Body; version?: number }) =>
    id === null
      ? call(appMessages.create, { body }, { silent: true })
      : call(appMessages.update, { params: { id }, body: { ...body, version: version ?? 0 } }, { silent: true }),
  );
export const useMessageAction = () =>
  useWrite(({ id, action, version }: { id: number; action: MessageAction; version: number }) =>
    call(appMessages.act, { params: { id }, body: { action, version } }, { silent: true }),
  );
export const useDeleteMessage = () => useWrite((id: number) => call(appMessages.remove, { params: { id } }, { silent: true }));

export const modelsQuery = () =>
  queryOptions({ queryKey: messageKeys.models, queryFn: () => call(appMessages.models, {}), staleTime: 300_000 });

/** How many registered devices an audience takes now (asked again as the audience changes). */
export const useEstimate = (a: AudienceInput | null) =>
  useQuery({
    queryKey: messageKeys.estimate(a ?? {}),
    queryFn: () => call(appMessages.estimate, { body: a ?? {} }, { silent: true }),
    enabled: a !== null,
    staleTime: 10_000,
    retry: false,
  });
