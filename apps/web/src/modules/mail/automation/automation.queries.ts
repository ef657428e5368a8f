/** Auto-reply plans, auto mails (smart mail tasks) and invitation plans: query keys (the lists are the kit's), details, writes. */
import { type EndpointBodyInput, mailAutomation as ep } from '@bo/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/http-client';

export const automationKeys = {
  all: ['mailAutomation'] as const,
  plans: () => [...automationKeys.all, 'plans'] as const,
  plan: (id: number) => [...automationKeys.plans(), 'one', id] as const,
  planBoxes: () => [...automationKeys.all, 'planBoxes'] as const,
  tasks: () => [...automationKeys.all, 'tasks'] as const,
  task: (id: number) => [...automationKeys.tasks(), 'one', id] as const,
  stats: (id: number, q: object) => [...automationKeys.tasks(), 'stats', id, q] as const,
  log: (id: number, q: object) => [...automationKeys.tasks(), 'log', id, q] as const,
  senders: (shopId?: number) => [...automationKeys.all, 'senders', shopId ?? 0] as const,
  testRecipients: (kind: 'plan' | 'task') => [...automationKeys.all, 'testRecipients', kind] as const,
};

/** The addresses a test mail may go to (the caller's own first); each kind asks under its own send permission. */
export const useTestRecipients = (kind: 'plan' | 'task') =>
  useQuery({
    queryKey: automationKeys.testRecipients(kind),
    queryFn: ({ signal }) => call(kind === 'plan' ? ep.replyPlanTestRecipients : ep.autoMailTestRecipients, {}, { signal }),
    staleTime: 60_000,
  });

// ---- auto-reply plans ----
export const usePlan = (id: number | null) =>
  useQuery({
    queryKey: automationKeys.plan(id ?? 0),
    queryFn: ({ signal }) => call(ep.getReplyPlan, { params: { id: id as number } }, { signal }),
    enabled: id !== null,
  });
export const usePlanMailboxes = () =>
  useQuery({ queryKey: automationKeys.planBoxes(), queryFn: ({ signal }) => call(ep.replyPlanMailboxes, {}, { signal }) });

export type PlanBody = EndpointBodyInput<typeof ep.createReplyPlan>;

function useWrite<V, R>(key: readonly unknown[], fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: key }) });
}
export const useCreatePlan = () =>
  useWrite(automationKeys.plans(), (body: PlanBody) => call(ep.createReplyPlan, { body }, { silent: true }));
export const useUpdatePlan = () =>
  useWrite(automationKeys.plans(), (body: PlanBody & { id: number; version: number }) =>
    call(ep.updateReplyPlan, { body }, { silent: true }),
  );
export const useDeletePlan = () =>
  useWrite(automationKeys.plans(), (planId: number) => call(ep.deleteReplyPlan, { query: { planId } }, { silent: true }));
export const useCopyPlan = () =>
  useWrite(automationKeys.plans(), (id: number) => call(ep.duplicateReplyPlan, { params: { id } }, { silent: true }));
export const useSetPlanState = () =>
  useWrite(automationKeys.plans(), (v: { id: number; stateId: number }) =>
    call(ep.setReplyPlanState, { params: { autoMailId: v.id }, query: { stateId: v.stateId } }, { silent: true }),
  );
export const usePlanTestMail = () =>
  useMutation({
    mutationFn: (body: EndpointBodyInput<typeof ep.sendReplyPlanTest>) => call(ep.sendReplyPlanTest, { body }, { silent: true }),
  });

// ---- auto mails ----
export const useTask = (id: number | null) =>
  useQuery({
    queryKey: automationKeys.task(id ?? 0),
    queryFn: ({ signal }) => call(ep.getAutoMail, { params: { autoMailId: id as number } }, { signal }),
    enabled: id !== null,
  });
export const useTaskStats = (id: number, q: { startDate: string; endDate: string }) =>
  useQuery({
    queryKey: automationKeys.stats(id, q),
    queryFn: ({ signal }) => call(ep.autoMailStatistic, { params: { autoMailId: id }, query: q }, { signal }),
    placeholderData: keepPreviousData,
  });
export const useTaskLog = (id: number, q: { state?: (typeof ep.SEND_STATES)[number]; pageNum: number; pageSize: number }) =>
  useQuery({
    queryKey: automationKeys.log(id, q),
    queryFn: ({ signal }) => call(ep.autoMailSendLog, { params: { autoMailId: id }, query: q }, { signal }),
    placeholderData: keepPreviousData,
  });
export const useSenders = (shopId?: number) =>
  useQuery({
    queryKey: automationKeys.senders(shopId),
    queryFn: ({ signal }) => call(ep.invitePlanEmails, { query: shopId ? { shopId } : {} }, { signal }),
  });

export type TaskBody = EndpointBodyInput<typeof ep.createAutoMail>;
export const useCreateTask = () =>
  useWrite(automationKeys.tasks(), (body: TaskBody) => call(ep.createAutoMail, { body }, { silent: true }));
export const useUpdateTask = () =>
  useWrite(automationKeys.tasks(), (body: TaskBody & { autoMailId: number; version: number }) =>
    call(ep.updateAutoMail, { body }, { silent: true }),
  );
export const useDeleteTask = () =>
  useWrite(automationKeys.tasks(), (autoMailId: number) => call(ep.deleteAutoMail, { params: { autoMailId } }, { silent: true }));
export const useCopyTask = () =>
  useWrite(automationKeys.tasks(), (autoMailId: number) => call(ep.copyAutoMail, { query: { autoMailId } }, { silent: true }));
export const useResetTask = () =>
  useWrite(automationKeys.tasks(), (v: { autoMailId: number; state: number }) =>
    call(ep.resetAutoMail, { query: v }, { silent: true }),
  );
export const useTaskTestMail = () =>
  useMutation({
    mutationFn: (body: EndpointBodyInput<typeof ep.sendAutoMailTest>) => call(ep.sendAutoMailTest, { body }, { silent: true }),
  });

// ---- invitation plans ----
export const inviteKeys = {
  all: [...automationKeys.all, 'invites'] as const,
  one: (id: number) => [...inviteKeys.all, 'one', id] as const,
  skus: (id: number) => [...inviteKeys.all, 'skus', id] as const,
  shopSkus: (shopId: number) => [...automationKeys.all, 'shopSkus', shopId] as const,
};
export const useInvite = (id: number | null) =>
  useQuery({
    queryKey: inviteKeys.one(id ?? 0),
    queryFn: ({ signal }) => call(ep.getInvitePlan, { params: { id: id as number } }, { signal }),
    enabled: id !== null,
  });
export const useInviteSkus = (id: number) =>
  useQuery({ queryKey: inviteKeys.skus(id), queryFn: ({ signal }) => call(ep.inviteSkus, { params: { id } }, { signal }) });
export const useShopSkus = (shopId?: number) =>
  useQuery({
    queryKey: inviteKeys.shopSkus(shopId ?? 0),
    queryFn: ({ signal }) => call(ep.inviteSkuPage, { body: { shopId: shopId as number, pageSize: 500 } }, { signal }),
    enabled: Boolean(shopId),
  });

export type InviteBody = EndpointBodyInput<typeof ep.createInvitePlan>;
export const useCreateInvite = () =>
  useWrite(inviteKeys.all, (body: InviteBody) => call(ep.createInvitePlan, { body }, { silent: true }));
export const useUpdateInvite = () =>
  useWrite(inviteKeys.all, (body: InviteBody & { id: number; version: number }) =>
    call(ep.updateInvitePlan, { body }, { silent: true }),
  );
export const useDeleteInvite = () =>
  useWrite(inviteKeys.all, (id: number) => call(ep.deleteInvitePlan, { params: { id } }, { silent: true }));
export const useCopyInvite = () =>
  useWrite(inviteKeys.all, (id: number) => call(ep.copyInvitePlan, { body: { id } }, { silent: true }));
export const useOperateInvite = () =>
  useWrite(inviteKeys.all, (v: { id: number; enabled: boolean }) => call(ep.operateInvitePlan, { body: v }, { silent: true }));
