/** What the app reports: list keys (the kit's lists read under them), the writes that invalidate them, the board, the scans. */
import type { EndpointBodyInput } from '@bo/contract';
import { appActions } from '@bo/contract/appdata/actions';
import { qrCodes } from '@bo/contract/appdata/qr-codes';
import { dataSquare, type SquareQuery } from '@bo/contract/appdata/square';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, type DownloadOptions, download } from '../../shared/http/http-client';

export const appDataKeys = {
  all: ['appData'] as const,
  actions: ['appData', 'actions'] as const,
  square: (q: SquareQuery) => ['appData', 'square', q] as const,
  qr: ['appData', 'qr'] as const,
  scans: (id: number) => ['appData', 'qr', 'scans', id] as const,
};

type ActionBody = EndpointBodyInput<typeof appActions.create>;
type QrBody = EndpointBodyInput<typeof qrCodes.create>;

function useWrite<V, R>(fn: (v: V) => Promise<R>, key: readonly string[]) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: key }) });
}

export const useSaveAction = () =>
  useWrite(
    ({ id, body, version }: { id: number | null; body: ActionBody; version?: number }) =>
      id === null
        ? call(appActions.create, { body }, { silent: true })
        : call(appActions.update, { params: { id }, body: { ...body, version: version ?? 0 } }, { silent: true }),
    appDataKeys.all,
  );
export const useDeleteAction = () =>
  useWrite((id: number) => call(appActions.remove, { params: { id } }, { silent: true }), appDataKeys.all);

export const useSquare = (q: SquareQuery) =>
  useQuery({
    queryKey: appDataKeys.square(q),
    queryFn: ({ signal }) => call(dataSquare.board, { query: q }, { signal }),
    placeholderData: keepPreviousData,
  });
export const exportSquare = (q: SquareQuery, options: DownloadOptions) => download(dataSquare.export, { query: q }, options);

export const useSaveQr = () =>
  useWrite(
    ({ id, body, version }: { id: number | null; body: QrBody; version?: number }) =>
      id === null
        ? call(qrCodes.create, { body }, { silent: true })
        : call(qrCodes.update, { params: { id }, body: { ...body, version: version ?? 0 } }, { silent: true }),
    appDataKeys.qr,
  );
export const useDeleteQr = () =>
  useWrite((id: number) => call(qrCodes.remove, { params: { id } }, { silent: true }), appDataKeys.qr);
export const useQrScans = (id: number | null) =>
  useQuery({
    queryKey: appDataKeys.scans(id ?? 0),
    queryFn: ({ signal }) => call(qrCodes.scans, { params: { id: id ?? 0 } }, { signal }),
    enabled: id !== null,
  });
