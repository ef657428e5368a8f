/**
 * One slot of a declared kind: the list reads under contentKeys.all(kind, slot) (the kit's list),
 * writes, moves, preview, models; and the stored images' thumbnails.
 */
import type { EndpointBodyInput } from '@bo/contract';
import { buyingGuideSkus } from '@bo/contract/appcontent/buying-guide';
import type { ContentEndpoints } from '@bo/contract/appcontent/kinds';
import type { ContentAction } from '@bo/contract/appcontent/publishing';
import type { EndpointDef } from '@bo/contract/endpoint';
import { downloadFile } from '@bo/contract/files/files';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call, download } from '../../../shared/http/http-client';

export const contentKeys = {
  all: (kind: string, slot: string) => ['appContent', kind, slot] as const,
  models: () => ['appContent', 'models'] as const,
  skus: (keyword: string) => ['appContent', 'skus', keyword] as const,
  preview: (kind: string, slot: string, input: unknown) => ['appContent', kind, slot, 'preview', input] as const,
};

export type PreviewInput = EndpointBodyInput<ContentEndpoints['preview']>;

/** A kind's slot, as the queries know it. */
export interface SlotRef {
  kind: string;
  slot: string;
  endpoints: ContentEndpoints;
}

function useWrite<V, R>(ref: SlotRef, fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: contentKeys.all(ref.kind, ref.slot) }),
  });
}

export const useSaveContent = (ref: SlotRef) =>
  useWrite(ref, ({ id, version, body }: { id: number | null; version: number; body: Record<string, unknown> }) =>
    id === null
      ? call(ref.endpoints.create, { body }, { silent: true })
      : call(ref.endpoints.update, { params: { id }, body: { ...body, version } }, { silent: true }),
  );
export const useContentAction = (ref: SlotRef) =>
  useWrite(ref, ({ id, action, version }: { id: number; action: ContentAction; version: number }) =>
    call(ref.endpoints.act, { params: { id }, body: { action, version } }, { silent: true }),
  );
export const useDeleteContent = (ref: SlotRef) =>
  useWrite(ref, (id: number) => call(ref.endpoints.remove, { params: { id } }, { silent: true }));

export const useModels = (ref: SlotRef) =>
  useQuery({
    queryKey: contentKeys.models(),
    queryFn: ({ signal }) => call(ref.endpoints.models, {}, { signal }),
    staleTime: 5 * 60_000,
  });

/** A screen's search of the catalogue's SKUs (each under its own screen's permission): the buying guide's by default. */
export type SkuSearch = EndpointDef & Pick<typeof buyingGuideSkus, 'method' | 'query' | 'data'>;

/** The catalogue's SKUs a record may name, by keyword (the server's 50 first). */
export const useSkuChoices = (keyword: string, endpoint: SkuSearch = buyingGuideSkus) =>
  useQuery({
    queryKey: [...contentKeys.skus(keyword), endpoint.path],
    queryFn: ({ signal }) => call(endpoint, { query: { keyword: keyword || undefined } }, { signal }),
    staleTime: 60_000,
  });

export const usePreview = (ref: SlotRef, input: PreviewInput | null) =>
  useQuery({
    queryKey: contentKeys.preview(ref.kind, ref.slot, input),
    queryFn: ({ signal }) => call(ref.endpoints.preview, { body: input ?? {} }, { signal, silent: true }),
    enabled: input !== null,
  });

/** A stored image's thumbnail as an object URL (the store needs the session, so an <img src> cannot fetch it). */
export function useThumbnail(fileId: number | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!fileId) {
      setUrl(null);
      return;
    }
    const abort = new AbortController();
    let made: string | null = null;
    download(downloadFile, { params: { id: fileId }, query: { thumb: '1' } }, { signal: abort.signal, silent: true })
      .then(({ blob }) => {
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => setUrl(null));
    return () => {
      abort.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [fileId]);
  return url;
}
