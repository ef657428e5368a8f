/**
 * Reply and FAQ templates: the list (filters from the URL), one template's content and
 * the writes. Every write changes the lists of its kind and that template's content.
 */
import { type EndpointBodyInput, mailTemplates as ep } from '@bo/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { call } from '../../../shared/http/http-client';

export const templateKeys = {
  all: ['mailTemplates'] as const,
  lists: () => [...templateKeys.all, 'list'] as const,
  list: (query: object) => [...templateKeys.lists(), query] as const,
  content: (id: number) => [...templateKeys.all, 'content', id] as const,
};

const q = ep.listTemplates.query.shape;
export const templateListUrlSchema = z.object({
  kind: q.kind.catch('reply'),
  keyword: q.keyword.catch(undefined),
  category: q.category.catch(undefined),
  language: q.language.catch(undefined),
  marketId: q.marketId.catch(undefined),
  scope: q.scope.catch(undefined),
  asin: q.asin.catch(undefined),
  sortField: q.sortField.catch('updatedAt'),
  sortOrder: z.enum(['ascend', 'descend']).catch('descend'),
  pageNum: q.pageNum.catch(1),
  pageSize: q.pageSize.catch(20),
});
export type TemplateListQuery = z.output<typeof templateListUrlSchema>;
export type TemplateSortField = TemplateListQuery['sortField'];

export const useTemplateList = (query: TemplateListQuery) =>
  useQuery({
    queryKey: templateKeys.list(query),
    queryFn: ({ signal }) => call(ep.listTemplates, { query }, { signal }),
    placeholderData: keepPreviousData,
  });

export const useTemplateContent = (id: number | null) =>
  useQuery({
    queryKey: templateKeys.content(id ?? 0),
    queryFn: ({ signal }) => call(ep.templateContent, { params: { templateId: id as number } }, { signal }),
    enabled: id !== null,
  });

export type CreateTemplateBody = EndpointBodyInput<typeof ep.createTemplate>;
export type UpdateTemplateBody = EndpointBodyInput<typeof ep.updateTemplate>;

function useInvalidate() {
  const client = useQueryClient();
  return (id?: number) =>
    Promise.all([
      client.invalidateQueries({ queryKey: templateKeys.lists() }),
      id === undefined ? undefined : client.invalidateQueries({ queryKey: templateKeys.content(id) }),
    ]);
}

export function useCreateTemplate() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: CreateTemplateBody) => call(ep.createTemplate, { body }, { silent: true }),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateTemplate() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: UpdateTemplateBody) => call(ep.updateTemplate, { body }, { silent: true }),
    onSuccess: (r) => invalidate(r.templateId),
  });
}

export function useDeleteTemplate() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => call(ep.deleteTemplate, { params: { templateId: id } }, { silent: true }),
    onSettled: (_d, _e, id) => invalidate(id),
  });
}
