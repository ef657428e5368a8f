/** The read API's app keys: the list reads under appKeyKeys.all (the kit's list); create, edit, enable/disable, delete. */
import type { EndpointBodyInput } from '@bo/contract';
import { type AppKey, type AppKeyAction, appKeys } from '@bo/contract/appcontent/app-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/http-client';

export const appKeyKeys = {
  all: ['appContentKeys'] as const,
};

export type AppKeyBodyInput = EndpointBodyInput<typeof appKeys.create>;

function useWrite<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: appKeyKeys.all }) });
}

export const useSaveAppKey = () =>
  useWrite(
    ({
      id,
      version,
      body,
    }: {
      id: number | null;
      version: number;
      body: AppKeyBodyInput;
    }): Promise<{
      key: string | null;
      record: AppKey;
    }> =>
      id === null
        ? call(appKeys.create, { body }, { silent: true })
        : call(appKeys.update, { params: { id }, body: { ...body, version } }, { silent: true }).then((record) => ({
            key: null,
            record,
          })),
  );
export const useAppKeyAction = () =>
  useWrite(({ id, action, version }: { id: number; action: AppKeyAction; version: number }) =>
    call(appKeys.act, { params: { id }, body: { action, version } }, { silent: true }),
  );
export const useDeleteAppKey = () => useWrite((id: number) => call(appKeys.remove, { params: { id } }, { silent: true }));
