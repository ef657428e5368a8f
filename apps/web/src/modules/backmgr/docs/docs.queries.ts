/** Back-office documents: the list (the kit's, under docKeys.all), one document, a version, and the writes. */
import { type EndpointBodyInput, backMgrDocs as ep } from '@bo/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { saveBlob } from '../../../shared/http/content-disposition';
import { call, download, uploadForm } from '../../../shared/http/http-client';

export const docKeys = {
  all: ['backMgrDocs'] as const,
  one: (id: number) => [...docKeys.all, 'one', id] as const,
  version: (id: number, no: number) => [...docKeys.all, 'version', id, no] as const,
};

export const docQuery = (id: number) =>
  queryOptions({ queryKey: docKeys.one(id), queryFn: ({ signal }) => call(ep.get, { params: { id } }, { signal }) });
export const docVersionQuery = (id: number, no: number) =>
  queryOptions({
    queryKey: docKeys.version(id, no),
    queryFn: ({ signal }) => call(ep.getVersion, { params: { id, no } }, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export type DocBodyInput = EndpointBodyInput<typeof ep.create>;

function useWrite<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: docKeys.all }) });
}

export const useSaveDoc = () =>
  useWrite(({ id, version, body }: { id: number | null; version: number; body: DocBodyInput }) =>
    id === null
      ? call(ep.create, { body }, { silent: true })
      : call(ep.update, { params: { id }, body: { ...body, version } }, { silent: true }),
  );
export const useDeleteDoc = () => useWrite((id: number) => call(ep.remove, { params: { id } }, { silent: true }));
export const useRestoreVersion = () =>
  useWrite(({ id, no, version }: { id: number; no: number; version: number }) =>
    call(ep.restoreVersion, { params: { id, no }, body: { version } }, { silent: true }),
  );
export const useUploadAttachment = () =>
  useWrite(({ docId, file }: { docId: number; file: File }) => {
    const form = new FormData();
    form.append('docId', String(docId));
    form.append('file', file);
    return uploadForm(ep.uploadAttachment, form, { silent: true });
  });
export const useRemoveAttachment = () =>
  useWrite(({ id, fileId }: { id: number; fileId: number }) =>
    call(ep.removeAttachment, { params: { id, fileId } }, { silent: true }),
  );

/** Downloads an attachment (the server checks the caller again) and hands it to the browser. */
export async function saveAttachment(id: number, fileId: number) {
  const { blob, filename } = await download(ep.downloadAttachment, { params: { id, fileId } });
  saveBlob(blob, filename);
}
