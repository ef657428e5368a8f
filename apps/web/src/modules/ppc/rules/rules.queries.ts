/**
 * Calls of the rule engine's screens. Rules (ppc:rules) and smart bidding rules
 * (ppc:smart) are the same objects behind two sets of calls; `family` picks the set.
 * Every write invalidates the rules, their runs and the history (a run changes entities).
 */
import { type EndpointBodyInput, ppcRules as ep } from '@bo/contract';
import type { ENTITY_RULE_LEVELS, Rule, RuleLevel } from '@bo/contract/ppc/rules';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/http-client';
import { ppcKeys } from '../ppc.keys';

export type Family = 'rules' | 'smart';
export type RuleBody = EndpointBodyInput<typeof ep.createRule>;

export const ruleKeys = {
  all: () => [...ppcKeys.all, 'rules'] as const,
  list: (family: Family, query: object) => [...ruleKeys.all(), family, 'list', query] as const,
  runs: (query: object) => [...ruleKeys.all(), 'runs', query] as const,
  history: (family: Family, query: object) => [...ruleKeys.all(), family, 'history', query] as const,
  entities: (query: object) => [...ruleKeys.all(), 'entities', query] as const,
  one: (id: number) => [...ruleKeys.all(), 'one', id] as const,
};

export interface RuleListQuery {
  level?: RuleLevel;
  kind?: 'rule' | 'advanced';
  name?: string;
  pageNum: number;
  pageSize: number;
}

export const useRules = (family: Family, query: RuleListQuery) =>
  useQuery({
    queryKey: ruleKeys.list(family, query),
    queryFn: ({ signal }) =>
      family === 'smart'
        ? call(ep.listSmartRules, { query: { ...query, kind: undefined } as Omit<RuleListQuery, 'kind'> }, { signal })
        : call(ep.listRules, { query }, { signal }),
    placeholderData: keepPreviousData,
  });

export const useRule = (id: number | null) =>
  useQuery({
    queryKey: ruleKeys.one(id ?? 0),
    queryFn: ({ signal }) => call(ep.getRule, { params: { id: id ?? 0 } }, { signal }),
    enabled: id !== null,
  });

const useInvalidate = () => {
  const client = useQueryClient();
  // A run or an undo changes bids and budgets: the figures and lists of ad entities too.
  return () => client.invalidateQueries({ queryKey: ppcKeys.all });
};

export function useSaveRule(family: Family) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { id?: number; version?: number; body: RuleBody }): Promise<Rule> => {
      if (v.id !== undefined && v.version !== undefined) {
        const body = { ...v.body, version: v.version };
        return family === 'smart'
          ? call(ep.updateSmartRule, { params: { id: v.id }, body })
          : call(ep.updateRule, { params: { id: v.id }, body });
      }
      return family === 'smart' ? call(ep.createSmartRule, { body: v.body }) : call(ep.createRule, { body: v.body });
    },
    onSuccess: invalidate,
  });
}

export function useSetRuleEnabled() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { id: number; version: number; enabled: boolean }) =>
      call(ep.setRuleEnabled, { params: { id: v.id }, body: { enabled: v.enabled, version: v.version } }),
    onSuccess: invalidate,
  });
}

export function useDeleteRule(family: Family) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) =>
      family === 'smart' ? call(ep.deleteSmartRule, { params: { id } }) : call(ep.deleteRule, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function usePreviewDraft(family: Family) {
  return useMutation({
    mutationFn: (body: RuleBody) => (family === 'smart' ? call(ep.previewSmartDraft, { body }) : call(ep.previewDraft, { body })),
  });
}

export function useRunRule(family: Family) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) =>
      family === 'smart' ? call(ep.runSmartRule, { params: { id } }) : call(ep.runRule, { params: { id } }),
    onSuccess: invalidate,
  });
}

export const useRuleRuns = (query: { ruleId?: number; pageNum: number; pageSize: number }, enabled = true) =>
  useQuery({
    queryKey: ruleKeys.runs(query),
    queryFn: ({ signal }) => call(ep.listRuleRuns, { query }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });

export interface HistoryQuery {
  ruleId?: number;
  runId?: number;
  level?: RuleLevel;
  startDate?: string;
  endDate?: string;
  pageNum: number;
  pageSize: number;
}

export const useRuleHistory = (family: Family, query: HistoryQuery) =>
  useQuery({
    queryKey: ruleKeys.history(family, query),
    queryFn: ({ signal }) =>
      family === 'smart' ? call(ep.listSmartChanges, { query }, { signal }) : call(ep.listRuleChanges, { query }, { signal }),
    placeholderData: keepPreviousData,
  });

export function useUndoRuleChanges(family: Family) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { changeIds?: number[]; runId?: number }) =>
      family === 'smart' ? call(ep.undoSmartChanges, { body }) : call(ep.undoRuleChanges, { body }),
    onSuccess: invalidate,
  });
}

export const useAutoEntities = (query: {
  level: (typeof ENTITY_RULE_LEVELS)[number];
  shopId?: number;
  name?: string;
  pageNum: number;
  pageSize: number;
}) =>
  useQuery({
    queryKey: ruleKeys.entities(query),
    queryFn: ({ signal }) => call(ep.listAutoEntities, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
