/** Brand: query keys (the KOL list reads under brandKeys.kols), the form choices, cooperations, the board, writes. */
import type { EndpointBodyInput } from '@bo/contract';
import * as exp from '@bo/contract/brand/exposure';
import * as ep from '@bo/contract/brand/kols';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call, type DownloadOptions, download } from '../../shared/http/http-client';

export const brandKeys = {
  all: ['brand'] as const,
  kols: ['brand', 'kols'] as const,
  options: ['brand', 'options'] as const,
  cooperations: (kolId: number) => ['brand', 'kols', 'cooperations', kolId] as const,
  board: (q: object) => ['brand', 'exposure', q] as const,
};

export const useKolOptions = () =>
  useQuery({ queryKey: brandKeys.options, queryFn: ({ signal }) => call(ep.kolOptions, {}, { signal }), staleTime: 60_000 });

export const useCooperations = (kolId: number | null) =>
  useQuery({
    queryKey: brandKeys.cooperations(kolId ?? 0),
    queryFn: ({ signal }) => call(ep.listCooperations, { params: { id: kolId ?? 0 } }, { signal }),
    enabled: kolId !== null,
  });

export type BoardQuery = z.input<typeof exp.exposureQuery>;
export const useExposureBoard = (q: BoardQuery) =>
  useQuery({ queryKey: brandKeys.board(q), queryFn: ({ signal }) => call(exp.exposureBoard, { query: q }, { signal }) });
export const exportExposure = (q: BoardQuery, options: DownloadOptions) => download(exp.exportExposure, { query: q }, options);
export const exportKols = (q: ep.KolFilter, options: DownloadOptions) => download(ep.exportKols, { query: q }, options);

function useWrite<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: brandKeys.all }) });
}

export const useSaveKol = () =>
  useWrite(({ id, body }: { id: number | null; body: EndpointBodyInput<typeof ep.updateKol> }) => {
    if (id !== null) return call(ep.updateKol, { params: { id }, body }, { silent: true });
    const { version: _v, ...rest } = body;
    return call(ep.createKol, { body: rest }, { silent: true });
  });
export const useKolAction = () =>
  useWrite(({ id, body }: { id: number; body: EndpointBodyInput<typeof ep.actOnKol> }) =>
    call(ep.actOnKol, { params: { id }, body }, { silent: true }),
  );
export const useDeleteKol = () => useWrite((id: number) => call(ep.deleteKol, { params: { id } }, { silent: true }));
export const useSaveCooperation = () =>
  useWrite(({ kolId, id, body }: { kolId: number; id: number | null; body: EndpointBodyInput<typeof ep.updateCooperation> }) => {
    if (id !== null) return call(ep.updateCooperation, { params: { id }, body }, { silent: true });
    const { version: _v, ...rest } = body;
    return call(ep.createCooperation, { params: { id: kolId }, body: rest }, { silent: true });
  });
export const useDeleteCooperation = () =>
  useWrite((id: number) => call(ep.deleteCooperation, { params: { id } }, { silent: true }));
