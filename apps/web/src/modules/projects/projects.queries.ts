/** The project screens' reads and writes; every write refreshes the projects (list, record, items, log together). */
import { type EndpointBodyInput, projects as ep, organization } from '@bo/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { saveBlob } from '../../shared/http/content-disposition';
import { call, download, uploadForm } from '../../shared/http/http-client';

export const projectKeys = {
  all: ['projects'] as const,
  list: () => ['projects', 'list'] as const,
  one: (id: number) => ['projects', 'one', id] as const,
  todos: (id: number) => ['projects', 'todos', id] as const,
  events: (id: number) => ['projects', 'events', id] as const,
  log: (id: number) => ['projects', 'log', id] as const,
  timeline: (id: number) => ['projects', 'timeline', id] as const,
  people: ['projects', 'people'] as const,
  warnings: (id: number) => ['projects', 'warnings', id] as const,
  nodes: (id: number) => ['projects', 'nodes', id] as const,
  result: (id: number) => ['projects', 'result', id] as const,
  files: (id: number) => ['projects', 'files', id] as const,
};

export const projectQuery = (id: number) =>
  queryOptions({ queryKey: projectKeys.one(id), queryFn: ({ signal }) => call(ep.get, { params: { id } }, { signal }) });
export const useProject = (id: number | null) => useQuery({ ...projectQuery(id ?? 0), enabled: id !== null });
export const usePeople = (enabled = true) =>
  useQuery({
    queryKey: projectKeys.people,
    queryFn: ({ signal }) => call(ep.people, {}, { signal }),
    staleTime: 60_000,
    enabled,
  });
export const useTodos = (id: number) =>
  useQuery({ queryKey: projectKeys.todos(id), queryFn: ({ signal }) => call(ep.projectTodos, { params: { id } }, { signal }) });
export const useEvents = (id: number) =>
  useQuery({ queryKey: projectKeys.events(id), queryFn: ({ signal }) => call(ep.listEvents, { params: { id } }, { signal }) });
export const useTimeline = (id: number) =>
  useQuery({
    queryKey: projectKeys.timeline(id),
    queryFn: ({ signal }) => call(ep.approveRemarks, { params: { id } }, { signal }),
  });
export const useProjectLog = (id: number, pageNum: number) =>
  useQuery({
    queryKey: [...projectKeys.log(id), pageNum],
    queryFn: ({ signal }) => call(ep.log, { query: { projectId: id, pageNum, pageSize: 20 } }, { signal }),
  });

function useWrite<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: projectKeys.all }) });
}

export const useSaveProject = () =>
  useWrite((body: EndpointBodyInput<typeof ep.save>) => call(ep.save, { body }, { silent: true }));
const TYPE_UPDATES = {
  gtm: ep.updateGtm,
  platform: ep.updatePlatform,
  brand: ep.updateBrand,
  newproduction: ep.updateNewProduction,
  research: ep.updateResearch,
} as const;
/** PUT {segment}/project/{projectId}: a change of a project of that type. */
export const useTypeUpdate = () =>
  useWrite((v: { segment: keyof typeof TYPE_UPDATES; id: number; body: EndpointBodyInput<typeof ep.updateGtm> }) =>
    call(TYPE_UPDATES[v.segment], { params: { projectId: v.id }, body: v.body }, { silent: true }),
  );
export const useDeleteProject = () => useWrite((id: number) => call(ep.remove, { params: { id } }, { silent: true }));
export const useCommitProject = () =>
  useWrite((body: EndpointBodyInput<typeof ep.commit>) => call(ep.commit, { body }, { silent: true }));
export const useApprovalAct = () =>
  useWrite((body: EndpointBodyInput<typeof ep.approvalAct>) => call(ep.approvalAct, { body }, { silent: true }));
export const useRelease = () =>
  useWrite((body: EndpointBodyInput<typeof ep.released>) => call(ep.released, { body }, { silent: true }));
export const useRunAct = () =>
  useWrite((body: EndpointBodyInput<typeof ep.runAct>) => call(ep.runAct, { body }, { silent: true }));
export const useCreateTodo = () =>
  useWrite((body: EndpointBodyInput<typeof ep.createTodo>) => call(ep.createTodo, { body }, { silent: true }));
export const useCompleteTodo = () =>
  useWrite((v: { id: number; version: number; done: boolean }) =>
    call(ep.completeTodo, { params: { id: v.id }, body: { version: v.version, done: v.done } }, { silent: true }),
  );
export const useDeleteTodo = () => useWrite((id: number) => call(ep.deleteTodo, { params: { id } }, { silent: true }));
export const useCreateEvent = () =>
  useWrite((v: { projectId: number; body: EndpointBodyInput<typeof ep.createEvent> }) =>
    call(ep.createEvent, { params: { id: v.projectId }, body: v.body }, { silent: true }),
  );
export const useDeleteEvent = () => useWrite((id: number) => call(ep.deleteEvent, { params: { id } }, { silent: true }));

// ---- warnings, nodes and bonuses, gate review, documents ----------------------------------------
export const useWarnings = (id: number) =>
  useQuery({
    queryKey: projectKeys.warnings(id),
    queryFn: ({ signal }) => call(ep.warningInfos, { query: { projectId: id, pageNum: 1, pageSize: 100 } }, { signal }),
  });
export const useSaveWarning = () =>
  useWrite((body: EndpointBodyInput<typeof ep.saveWarning>) => call(ep.saveWarning, { body }, { silent: true }));
export const useWarningStatus = () =>
  useWrite((body: EndpointBodyInput<typeof ep.warningStatus>) => call(ep.warningStatus, { body }, { silent: true }));
export const useDeleteWarning = () => useWrite((id: number) => call(ep.deleteWarning, { query: { id } }, { silent: true }));

export const useNodeBonus = (id: number) =>
  useQuery({ queryKey: projectKeys.nodes(id), queryFn: ({ signal }) => call(ep.nodeBonus, { params: { id } }, { signal }) });
export const useResultBonus = (id: number) =>
  useQuery({ queryKey: projectKeys.result(id), queryFn: ({ signal }) => call(ep.resultBonus, { params: { id } }, { signal }) });
export const useNodeReport = () =>
  useWrite((body: EndpointBodyInput<typeof ep.nodeReport>) => call(ep.nodeReport, { body }, { silent: true }));
export const useGateReview = () =>
  useWrite((body: EndpointBodyInput<typeof ep.gateReview>) => call(ep.gateReview, { body }, { silent: true }));

export const useProjectFiles = (id: number) =>
  useQuery({ queryKey: projectKeys.files(id), queryFn: ({ signal }) => call(ep.files, { params: { id } }, { signal }) });
export const useUploadProjectFile = () =>
  useWrite(({ projectId, file }: { projectId: number; file: File }) => {
    const form = new FormData();
    form.append('projectId', String(projectId));
    form.append('file', file);
    return uploadForm(ep.upload, form, { silent: true });
  });
/** Downloads a project's document (the server checks it belongs to the project) and hands it to the browser. */
export async function saveProjectFile(projectId: number, fileId: number) {
  const { blob, filename } = await download(ep.download, { query: { projectId, fileId } });
  saveBlob(blob, filename);
}

export const useDepartments = () =>
  useQuery({
    queryKey: [...projectKeys.all, 'departments'],
    queryFn: ({ signal }) => call(organization.listDepartments, { query: { status: '1' } }, { signal }),
    staleTime: 60_000,
  });

/** A project's weeks from its start day against its target (one SKU's share when given). */
export const useProjectData = (projectId: number | null, sku: string | null) =>
  useQuery({
    queryKey: [...projectKeys.all, 'data', projectId, sku],
    queryFn: ({ signal }) => call(ep.projectData, { query: { projectId: projectId ?? 0, sku: sku ?? undefined } }, { signal }),
    enabled: projectId !== null,
  });
/** POST teambition/relevance-project: link (or, with a null id, unlink) the external tool's project. */
export const useRelateProject = () =>
  useWrite((body: EndpointBodyInput<typeof ep.relevanceProject>) => call(ep.relevanceProject, { body }, { silent: true }));

/** The advertising of a project's SKUs (ppc/rest/v4/project/skuPerform): from its start day, or `range`. */
export const useProjectAds = (projectId: number, range: { from: string; to: string } | null) =>
  useQuery({
    queryKey: ['projects', 'ads', projectId, range?.from ?? null, range?.to ?? null],
    queryFn: ({ signal }) =>
      call(
        ep.projectSkuPerform,
        { query: { projectId, ...(range ? { startDate: range.from, endDate: range.to } : {}) } },
        { signal },
      ),
    placeholderData: (prev) => prev,
  });

/** SKU names of the caller's shops matching `keyword` (sales/rest/v1/skuBoard/skuNameList), for the SKU picker. */
export const useSkuNames = (keyword: string) =>
  useQuery({
    queryKey: ['projects', 'sku-names', keyword],
    queryFn: ({ signal }) => call(ep.skuNameList, { query: { keyword: keyword || undefined, limit: 20 } }, { signal }),
    staleTime: 60_000,
    placeholderData: (prev) => prev,
  });
