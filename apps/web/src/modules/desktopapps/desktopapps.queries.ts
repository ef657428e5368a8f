/** Desktop app products and releases: list keys (the kit's lists read under them), the writes that invalidate them, the preview. */
import type { EndpointBodyInput } from '@bo/contract';
import { desktopProducts, desktopReleases, type ReleaseAction } from '@bo/contract/desktopapps/desktop-apps';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/http/http-client';

export const desktopKeys = {
  all: ['desktopApps'] as const,
  products: ['desktopApps', 'products'] as const,
  releases: ['desktopApps', 'releases'] as const,
  choices: ['desktopApps', 'choices'] as const,
};

type ProductBody = EndpointBodyInput<typeof desktopProducts.create>;
type ReleaseBody = EndpointBodyInput<typeof desktopReleases.create>;
export type DeviceCheckBody = EndpointBodyInput<typeof desktopReleases.preview>;

/** A product's write changes the releases' product names and counts too: every key of the area. */
function useWrite<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: desktopKeys.all }) });
}

export const useSaveProduct = () =>
  useWrite(({ id, body, version }: { id: number | null; body: ProductBody; version?: number }) =>
    id === null
      ? call(desktopProducts.create, { body }, { silent: true })
      : call(desktopProducts.update, { params: { id }, body: { ...body, version: version ?? 0 } }, { silent: true }),
  );
export const useDeleteProduct = () =>
  useWrite((id: number) => call(desktopProducts.remove, { params: { id } }, { silent: true }));

export const useSaveRelease = () =>
  useWrite(({ id, body, rowVersion }: { id: number | null; body: ReleaseBody; rowVersion?: number }) =>
    id === null
      ? call(desktopReleases.create, { body }, { silent: true })
      : call(desktopReleases.update, { params: { id }, body: { ...body, rowVersion: rowVersion ?? 0 } }, { silent: true }),
  );
export const useReleaseAction = () =>
  useWrite(
    ({ id, action, rowVersion, percentage }: { id: number; action: ReleaseAction; rowVersion: number; percentage?: number }) =>
      call(desktopReleases.act, { params: { id }, body: { action, rowVersion, percentage } }, { silent: true }),
  );
export const useDeleteRelease = () =>
  useWrite((id: number) => call(desktopReleases.remove, { params: { id } }, { silent: true }));

/** Every product, for the updates screen's filter, form and device check. */
export const productChoicesQuery = () =>
  queryOptions({
    queryKey: desktopKeys.choices,
    queryFn: () => call(desktopReleases.products, {}),
    staleTime: 30_000,
  });

/** The preview of the update call: a mutation, since each press asks again with what is typed. */
export const useDeviceCheck = () =>
  useMutation({ mutationFn: (body: DeviceCheckBody) => call(desktopReleases.preview, { body }, { silent: true }) });
