/**
 * Keyword rules of one kind: query keys (the kit's list reads under `[...keywordKeys.all, kind]`),
 * writes and the sample test.
 */
import { type EndpointBodyInput, mailKeywords } from '@bo/contract';
import type { KeywordKind, KeywordRule } from '@bo/contract/mail/keywords';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/http-client';

export const KEYWORD_ENDPOINTS = { dialogue: mailKeywords.dialogueKeywords, product: mailKeywords.productKeywords } as const;
const EP = KEYWORD_ENDPOINTS;
export const PAGE_PERMISSION = { dialogue: 'email:keyword', product: 'email:productKeyword' } as const;

export const keywordKeys = {
  all: ['mailKeywords'] as const,
  lists: (kind: KeywordKind) => [...keywordKeys.all, kind, 'list'] as const,
};

export type KeywordBody = EndpointBodyInput<typeof mailKeywords.dialogueKeywords.create>;

/** A rule as the server has it now (for the stale banner's Reload), found by its keyword; null when it is gone. */
export async function fetchKeywordRule(kind: KeywordKind, rule: Pick<KeywordRule, 'id' | 'keyword'>) {
  const page = await call(EP[kind].list, { query: { keyword: rule.keyword, pageSize: 500 } });
  return page.list.find((r) => r.id === rule.id) ?? null;
}

function useWrite<V, R>(kind: KeywordKind, fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: keywordKeys.lists(kind) }) });
}
export const useCreateKeyword = (kind: KeywordKind) =>
  useWrite(kind, (body: KeywordBody) => call(EP[kind].create, { body }, { silent: true }));
export const useUpdateKeyword = (kind: KeywordKind) =>
  useWrite(kind, (body: KeywordBody & { id: number; version: number }) => call(EP[kind].update, { body }, { silent: true }));
export const useDeleteKeyword = (kind: KeywordKind) =>
  useWrite(kind, (id: number) => call(EP[kind].remove, { params: { id } }, { silent: true }));
export const useTestKeywords = (kind: KeywordKind) =>
  useMutation({ mutationFn: (body: { subject: string; body: string }) => call(EP[kind].test, { body }, { silent: true }) });
