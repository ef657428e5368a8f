/** Trial activities: query keys (every list and record under `trialKeys.all`), reads, and the writes that invalidate them. */
import type { EndpointBodyInput } from '@bo/contract';
import { questionnaires, selections, type TrialAction, trials, winners } from '@bo/contract/trials/trials';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/http/http-client';

export const trialKeys = {
  all: ['trials'] as const,
  trials: ['trials', 'trials'] as const,
  questionnaires: ['trials', 'questionnaires'] as const,
  selections: ['trials', 'selections'] as const,
  applications: ['trials', 'applications'] as const,
};

export const P = '/user-platform/h5ActivityMaking';

export const trialQuery = (id: number) =>
  queryOptions({ queryKey: [...trialKeys.trials, 'one', id], queryFn: () => call(trials.get, { params: { id } }) });
export const questionnaireQuery = (id: number) =>
  queryOptions({
    queryKey: [...trialKeys.questionnaires, 'one', id],
    queryFn: () => call(questionnaires.get, { params: { id } }),
  });
export const selectionQuery = (id: number) =>
  queryOptions({ queryKey: [...trialKeys.selections, 'one', id], queryFn: () => call(selections.get, { params: { id } }) });
export const winnersQuery = (id: number) =>
  queryOptions({ queryKey: [...trialKeys.trials, 'winners', id], queryFn: () => call(winners.list, { params: { id } }) });
export const questionnaireChoicesQuery = () =>
  queryOptions({ queryKey: [...trialKeys.questionnaires, 'choices'], queryFn: () => call(trials.questionnaireChoices, {}) });
/** Every trial, for the selection's trial picker (the newest 100). */
export const trialChoicesQuery = () =>
  queryOptions({
    queryKey: [...trialKeys.trials, 'choices'],
    queryFn: () => call(trials.list, { query: { pageNum: 1, pageSize: 100, sortField: 'updatedAt', sortOrder: 'desc' } }),
  });
export const selectionsOfQuery = (trialId: number) =>
  queryOptions({
    queryKey: [...trialKeys.selections, 'of', trialId],
    queryFn: () => call(selections.list, { query: { trialId, pageNum: 1, pageSize: 100 } }),
  });

/** Every write of the area may change counts shown elsewhere in it: every key of the area. */
function useWrite<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: trialKeys.all }) });
}

type QuestionnaireBody = EndpointBodyInput<typeof questionnaires.create>;
type TrialBody = EndpointBodyInput<typeof trials.create>;
type SelectionBody = EndpointBodyInput<typeof selections.create>;

export const useSaveQuestionnaire = () =>
  useWrite(({ id, body, version }: { id: number | null; body: QuestionnaireBody; version: number }) =>
    id === null
      ? call(questionnaires.create, { body }, { silent: true })
      : call(questionnaires.update, { params: { id }, body: { ...body, version } }, { silent: true }),
  );
export const useCopyQuestionnaire = () =>
  useWrite((id: number) => call(questionnaires.copy, { params: { id } }, { silent: true }));
export const useDeleteQuestionnaire = () =>
  useWrite((id: number) => call(questionnaires.remove, { params: { id } }, { silent: true }));

export const useSaveTrial = () =>
  useWrite(({ id, body, version }: { id: number | null; body: TrialBody; version: number }) =>
    id === null
      ? call(trials.create, { body }, { silent: true })
      : call(trials.update, { params: { id }, body: { ...body, version } }, { silent: true }),
  );
export const useTrialAction = () =>
  useWrite(({ id, action, version, selectionId }: { id: number; action: TrialAction; version: number; selectionId?: number }) =>
    call(trials.act, { params: { id }, body: { action, version, selectionId } }, { silent: true }),
  );
export const usePublishWinners = () =>
  useWrite(({ id, published, version }: { id: number; published: boolean; version: number }) =>
    call(trials.publish, { params: { id }, body: { published, version } }, { silent: true }),
  );
export const useDeleteTrial = () => useWrite((id: number) => call(trials.remove, { params: { id } }, { silent: true }));

export const useSaveSelection = () =>
  useWrite(({ id, body, version }: { id: number | null; body: SelectionBody; version: number }) =>
    id === null
      ? call(selections.create, { body }, { silent: true })
      : call(selections.update, { params: { id }, body: { ...body, version } }, { silent: true }),
  );
export const useDeleteSelection = () => useWrite((id: number) => call(selections.remove, { params: { id } }, { silent: true }));

export const useReplaceWinner = () =>
  useWrite(({ id, reason, version }: { id: number; reason: string; version: number }) =>
    call(winners.replace, { params: { id }, body: { reason, version } }, { silent: true }),
  );
export const useShipWinner = () =>
  useWrite(({ id, carrier, trackingNo, version }: { id: number; carrier: string; trackingNo: string; version: number }) =>
    call(winners.ship, { params: { id }, body: { carrier, trackingNo, version } }, { silent: true }),
  );
