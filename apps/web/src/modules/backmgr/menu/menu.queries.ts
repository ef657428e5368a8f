/** The menu overlay's configuration: the list (the kit's, under menuConfigKeys.all), save and reset. */
import { type EndpointBodyInput, backMgrMenu as ep } from '@bo/contract';
import type { MenuItemKind } from '@bo/contract/backmgr/menu-config';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/http-client';
import { menuOverlayKey } from '../../../shared/session/menu-overlay';

export const menuConfigKeys = { all: ['backMgrMenu'] as const };

function useWrite<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // The back-office user's own menu follows at once; everyone else's on their next load.
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: menuConfigKeys.all }),
        client.invalidateQueries({ queryKey: menuOverlayKey }),
      ]),
  });
}

export const useSaveMenuItem = () =>
  useWrite((body: EndpointBodyInput<typeof ep.save>) => call(ep.save, { body }, { silent: true }));
export const useResetMenuItem = () =>
  useWrite((q: { kind: MenuItemKind; key: string }) => call(ep.reset, { query: q }, { silent: true }));
