/** System notices: the list reads under noticeKeys.all (the kit's list), the audience choices, writes and moves. */
import { type EndpointBodyInput, backMgrNotices as ep } from '@bo/contract';
import type { NoticeAction } from '@bo/contract/backmgr/notices';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/http-client';

export const noticeKeys = {
  all: ['backMgrNotices'] as const,
  audience: () => [...noticeKeys.all, 'audience'] as const,
};

export type NoticeBodyInput = EndpointBodyInput<typeof ep.create>;

export const useNoticeAudience = () =>
  useQuery({ queryKey: noticeKeys.audience(), queryFn: ({ signal }) => call(ep.audience, {}, { signal }) });

function useWrite<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: noticeKeys.all }) });
}

export const useSaveNotice = () =>
  useWrite(({ id, body }: { id: number | null; body: NoticeBodyInput }) =>
    id === null ? call(ep.create, { body }, { silent: true }) : call(ep.update, { params: { id }, body }, { silent: true }),
  );
export const useNoticeAction = () =>
  useWrite(({ id, action }: { id: number; action: NoticeAction }) =>
    call(action === 'publish' ? ep.publish : ep.withdraw, { params: { id } }, { silent: true }),
  );
export const useDeleteNotice = () => useWrite((id: number) => call(ep.remove, { params: { id } }, { silent: true }));
