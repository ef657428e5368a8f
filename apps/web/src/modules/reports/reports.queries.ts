/** The report centre: its query keys, the exportables and recipients it offers, and its writes. */
import type { EndpointBodyInput } from '@bo/contract';
import * as jobsEp from '@bo/contract/files/export-jobs';
import * as ep from '@bo/contract/reports/reports';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/http/http-client';

export const reportsKeys = {
  all: ['reports'] as const,
  runs: (id: number) => ['reports', 'runs', id] as const,
  recipients: (endpoint: string) => ['reports', 'recipients', endpoint] as const,
  exportables: ['exportables'] as const,
};

export const exportablesQuery = () =>
  queryOptions({ queryKey: reportsKeys.exportables, queryFn: ({ signal }) => call(jobsEp.listExportables, {}, { signal }) });
export const useExportables = () => useQuery(exportablesQuery());

export const useRecipients = (endpoint: string | undefined) =>
  useQuery({
    queryKey: reportsKeys.recipients(endpoint ?? ''),
    queryFn: ({ signal }) => call(ep.reportRecipients, { query: { endpoint: endpoint ?? '' } }, { signal }),
    enabled: Boolean(endpoint),
  });

export const useReportRuns = (id: number | null) =>
  useQuery({
    queryKey: reportsKeys.runs(id ?? 0),
    queryFn: ({ signal }) =>
      call(ep.listReportRuns, { params: { id: id ?? 0 }, query: { pageNum: 1, pageSize: 50 } }, { signal }),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data?.list.some((r) => r.state === 'queued' || r.state === 'running') ? 1000 : false),
  });

export type ReportBodyInput = EndpointBodyInput<typeof ep.createReport>;

function useWrite<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: reportsKeys.all }) });
}
export const useCreateReport = () => useWrite((body: ReportBodyInput) => call(ep.createReport, { body }, { silent: true }));
export const useUpdateReport = () =>
  useWrite(({ id, body }: { id: number; body: ReportBodyInput & { version: number } }) =>
    call(ep.updateReport, { params: { id }, body }, { silent: true }),
  );
export const useDeleteReport = () => useWrite((id: number) => call(ep.deleteReport, { params: { id } }, { silent: true }));
export const useRunReport = () => useWrite((id: number) => call(ep.runReportNow, { params: { id } }, { silent: true }));
