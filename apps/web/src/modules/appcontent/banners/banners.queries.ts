/** Banners of one slot: the list reads under bannerKeys.all(slot) (the kit's list), writes, moves, preview, models, images. */
import type { EndpointBodyInput } from '@bo/contract';
import { BANNER_ENDPOINTS_OF, type BannerEndpoints, type BannerSlot } from '@bo/contract/appcontent/banners';
import type { ContentAction } from '@bo/contract/appcontent/publishing';
import { downloadFile } from '@bo/contract/files/files';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call, download, uploadForm } from '../../../shared/http/http-client';

/** The slot's endpoints (each slot's are the same shapes under its own permission). */
export const endpointsOf = (slot: BannerSlot) => BANNER_ENDPOINTS_OF[slot] as unknown as BannerEndpoints;

export const bannerKeys = {
  all: (slot: BannerSlot) => ['appContentBanners', slot] as const,
  models: () => ['appContentBanners', 'models'] as const,
  preview: (slot: BannerSlot, input: unknown) => ['appContentBanners', slot, 'preview', input] as const,
};

export type BannerBodyInput = EndpointBodyInput<BannerEndpoints['create']>;
export type PreviewInput = EndpointBodyInput<BannerEndpoints['preview']>;

function useWrite<V, R>(slot: BannerSlot, fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: bannerKeys.all(slot) }) });
}

export const useSaveBanner = (slot: BannerSlot) =>
  useWrite(slot, ({ id, version, body }: { id: number | null; version: number; body: BannerBodyInput }) => {
    const ep = endpointsOf(slot);
    return id === null
      ? call(ep.create, { body }, { silent: true })
      : call(ep.update, { params: { id }, body: { ...body, version } }, { silent: true });
  });
export const useBannerAction = (slot: BannerSlot) =>
  useWrite(slot, ({ id, action, version }: { id: number; action: ContentAction; version: number }) =>
    call(endpointsOf(slot).act, { params: { id }, body: { action, version } }, { silent: true }),
  );
export const useDeleteBanner = (slot: BannerSlot) =>
  useWrite(slot, (id: number) => call(endpointsOf(slot).remove, { params: { id } }, { silent: true }));

export const useModels = (slot: BannerSlot) =>
  useQuery({
    queryKey: bannerKeys.models(),
    queryFn: ({ signal }) => call(endpointsOf(slot).models, {}, { signal }),
    staleTime: 5 * 60_000,
  });

export const usePreview = (slot: BannerSlot, input: PreviewInput | null) =>
  useQuery({
    queryKey: bannerKeys.preview(slot, input),
    queryFn: ({ signal }) => call(endpointsOf(slot).preview, { body: input ?? {} }, { signal, silent: true }),
    enabled: input !== null,
  });

export const uploadBannerImage = (slot: BannerSlot, file: File) => {
  const form = new FormData();
  form.append('file', file);
  return uploadForm(endpointsOf(slot).upload, form, { silent: true });
};

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
