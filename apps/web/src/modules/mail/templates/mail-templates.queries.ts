/**
 * Reply and FAQ templates: their query keys (the kit's list reads under `templateKeys.all`),
 * one template's content and the writes. Every write changes the lists of its kind and that
 * template's content.
 */
import { type EndpointBodyInput, mailTemplates as ep } from '@bo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/http-client';

export const templateKeys = {
  all: ['mailTemplates'] as const,
  lists: () => [...templateKeys.all, 'list'] as const,
  content: (id: number) => [...templateKeys.all, 'content', id] as const,
};

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
