/** GTM: query keys (the kit's lists read under gtmKeys.*), a project's steps, the options, the writes. */
import type { EndpointBodyInput } from '@bo/contract';
import * as pb from '@bo/contract/gtm/playbook';
import * as st from '@bo/contract/gtm/steps';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/http/http-client';
import { useLang } from '../../shared/i18n/lang';

export const gtmKeys = {
  all: ['gtm'] as const,
  playbook: ['gtm', 'playbook'] as const,
  board: ['gtm', 'board'] as const,
  steps: (projectId: number) => ['gtm', 'board', 'steps', projectId] as const,
  options: ['gtm', 'options'] as const,
};

type StepBody = EndpointBodyInput<typeof pb.createPlaybookStep>;

function useWrite<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: gtmKeys.all }) });
}

export const useSavePlaybookStep = () =>
  useWrite(({ id, body, version }: { id: number | null; body: StepBody; version?: number }) =>
    id === null
      ? call(pb.createPlaybookStep, { body }, { silent: true })
      : call(pb.updatePlaybookStep, { params: { id }, body: { ...body, version: version ?? 0 } }, { silent: true }),
  );
export const useMovePlaybookStep = () =>
  useWrite(({ id, direction, version }: { id: number; direction: 'up' | 'down'; version: number }) =>
    call(pb.movePlaybookStep, { params: { id }, body: { direction, version } }, { silent: true }),
  );
export const useDeletePlaybookStep = () =>
  useWrite((id: number) => call(pb.deletePlaybookStep, { params: { id } }, { silent: true }));

export const projectStepsQuery = (projectId: number | null) =>
  queryOptions({
    queryKey: gtmKeys.steps(projectId ?? 0),
    queryFn: ({ signal }) => call(st.projectSteps, { params: { projectId: projectId ?? 0 } }, { signal }),
    enabled: projectId !== null,
  });

export const useApplyPlaybook = () =>
  useWrite((projectId: number) => call(st.applyPlaybook, { params: { projectId }, body: {} }, { silent: true }));
export const useActOnStep = () =>
  useWrite(({ id, action, version, reason }: { id: number; action: pb.GtmStepAction; version: number; reason?: string }) =>
    call(st.actOnProjectStep, { params: { id }, body: { action, version, ...(reason ? { reason } : {}) } }, { silent: true }),
  );
export const useUpdateStep = () =>
  useWrite(({ id, body }: { id: number; body: EndpointBodyInput<typeof st.updateProjectStep> }) =>
    call(st.updateProjectStep, { params: { id }, body }, { silent: true }),
  );

export const useGtmOptions = () =>
  useQuery({
    queryKey: gtmKeys.options,
    queryFn: ({ signal }) => call(st.gtmOptions, {}, { signal }),
    staleTime: 60_000,
  });

/** The filters' and pickers' choices. */
export const usePeopleOptions = () => {
  const q = useGtmOptions();
  return { options: (q.data?.people ?? []).map((p) => ({ value: p.id, label: p.name })), loading: q.isPending };
};
export const useDeptOptions = () => {
  const lang = useLang();
  const q = useGtmOptions();
  return {
    options: (q.data?.departments ?? []).map((d) => ({ value: d.id, label: (lang === 'en-US' && d.nameEn) || d.name })),
    loading: q.isPending,
  };
};

/** "T-60", "T0", "T+14". */
export const dayLabel = (offset: number) => (offset === 0 ? 'T0' : offset > 0 ? `T+${offset}` : `T${offset}`);
