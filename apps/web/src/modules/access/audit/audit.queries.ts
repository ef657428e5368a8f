/** The audit log (/system/audit): a read-only list, its filters read from the query string. */
import { users as ep } from '@bo/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { call } from '../../../shared/http/http-client';

const q = ep.listAudit.query.shape;

/** The list's query string, read leniently: a value the contract refuses falls back to its default. */
export const auditUrlSchema = z.object({
  actor: q.actor.catch(undefined),
  action: q.action.catch(undefined),
  entity: q.entity.catch(undefined),
  from: q.from.catch(undefined),
  to: q.to.catch(undefined),
  godViewOnly: q.godViewOnly.catch('false'),
  pageNum: q.pageNum.catch(1),
  pageSize: q.pageSize.catch(20),
});
export type AuditQuery = z.output<typeof auditUrlSchema>;

export const auditKeys = {
  all: ['audit'] as const,
  list: (query: AuditQuery) => [...auditKeys.all, 'list', query] as const,
};

/**
 * Every change anywhere writes an audit row, so rather than have every mutation of the
 * app invalidate this list, it is never considered fresh: each visit reads it anew.
 */
export const useAuditLog = (query: AuditQuery) =>
  useQuery({
    queryKey: auditKeys.list(query),
    queryFn: ({ signal }) => call(ep.listAudit, { query }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
