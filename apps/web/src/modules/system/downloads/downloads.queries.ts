/** The download centre: its query key (the kit's list reads under it), download again and delete. */
import * as ep from '@bo/contract/files/exports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FileFetchOptions } from '../../../shared/components/ExportButton';
import { call, download } from '../../../shared/http/http-client';

export const downloadsKeys = {
  all: ['storedExports'] as const,
};

/** One stored export's bytes again (the server re-checks the export's permission and shops). */
export const fetchStoredExport = (id: number, options: FileFetchOptions) =>
  download(ep.downloadStoredExport, { params: { id } }, options);

export const useDeleteStoredExport = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(ep.deleteStoredExport, { params: { id } }, { silent: true }),
    onSettled: () => client.invalidateQueries({ queryKey: downloadsKeys.all }),
  });
};
