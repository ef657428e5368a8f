/**
 * Reply and FAQ templates: their query keys (the kit's list reads under `templateKeys.all`),
 * one template's content and the writes. Every write changes the lists.
 */
import { type EndpointBodyInput, mailTemplates as ep, STATUS } from '@bo/contract';
import { useMutation } from '@tanstack/react-query';
import { isApiError } from '../../../shared/http/api-error';
import { call } from '../../../shared/http/http-client';
import { useInvalidate } from '../../../shared/http/use-invalidate';

export const templateKeys = {
  all: ['mailTemplates'] as const,
  lists: () => [...templateKeys.all, 'list'] as const,
};

/** One template with its body (an edit starts from it; the stale banner's Reload too); null when it is gone. */
export async function fetchTemplateContent(id: number) {
  try {
    return await call(ep.templateContent, { params: { templateId: id } }, { silent: true });
  } catch (err) {
    if (isApiError(err) && err.status === STATUS.NOT_FOUND) return null;
    throw err;
  }
}

export type CreateTemplateBody = EndpointBodyInput<typeof ep.createTemplate>;
export type UpdateTemplateBody = EndpointBodyInput<typeof ep.updateTemplate>;

export function useCreateTemplate() {
  const invalidate = useInvalidate(templateKeys.lists());
  return useMutation({
    mutationFn: (body: CreateTemplateBody) => call(ep.createTemplate, { body }, { silent: true }),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateTemplate() {
  const invalidate = useInvalidate(templateKeys.lists());
  return useMutation({
    mutationFn: (body: UpdateTemplateBody) => call(ep.updateTemplate, { body }, { silent: true }),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteTemplate() {
  const invalidate = useInvalidate(templateKeys.lists());
  return useMutation({
    mutationFn: (id: number) => call(ep.deleteTemplate, { params: { templateId: id } }, { silent: true }),
    onSettled: () => invalidate(),
  });
}
