/** The GTM goal and KPI screens' reads and writes; a goal save refreshes the goal list, the plan, the KPIs and the project data. */
import { type EndpointQueryInput, projects as ep } from '@bo/contract';
import type { GoalMonth } from '@bo/contract/projects/projects';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/http/http-client';
import { projectKeys } from './projects.queries';

export const gtmKeys = {
  all: [...projectKeys.all, 'gtm'] as const,
  goalList: [...projectKeys.all, 'gtm', 'goals'] as const,
  plan: (id: number) => [...projectKeys.all, 'gtm', 'plan', id] as const,
  kpiList: [...projectKeys.all, 'gtm', 'kpi', 'list'] as const,
  kpiSummary: (q: unknown) => [...projectKeys.all, 'gtm', 'kpi', 'summary', q] as const,
};

export const useGoalPlan = (id: number | null) =>
  useQuery({
    queryKey: gtmKeys.plan(id ?? 0),
    queryFn: ({ signal }) => call(ep.goalPlan, { params: { projectId: id ?? 0 } }, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });

export const useSaveGoals = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { projectId: number; version: number; goals: GoalMonth[] }) =>
      call(ep.goalSave, { params: { projectId: v.projectId }, body: { version: v.version, goals: v.goals } }, { silent: true }),
    onSuccess: (plan) => client.setQueryData(gtmKeys.plan(plan.projectId), plan),
    // Targets of /gtmData and /gtmKpi follow the goals: everything under the projects' key.
    onSettled: () => client.invalidateQueries({ queryKey: projectKeys.all }),
  });
};

export const useKpiSummary = (query: EndpointQueryInput<typeof ep.kpiSummary>) =>
  useQuery({
    queryKey: gtmKeys.kpiSummary(query),
    queryFn: ({ signal }) => call(ep.kpiSummary, { query }, { signal }),
  });
