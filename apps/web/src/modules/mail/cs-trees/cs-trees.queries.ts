/** Problem and demand trees: one query per tree, every write refreshes that tree. */
import { mailCsTrees as ep } from '@bo/contract';
import type { TreeKind } from '@bo/contract/mail/cs-trees';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/http-client';

export const csTreeKeys = {
  all: ['csTrees'] as const,
  tree: (kind: TreeKind) => [...csTreeKeys.all, kind] as const,
};

const treeQuery = (kind: TreeKind) =>
  queryOptions({
    queryKey: csTreeKeys.tree(kind),
    queryFn: ({ signal }) => call(ep.listTreeNodes, { params: { kind } }, { signal }),
  });
export const useTree = (kind: TreeKind) => useQuery(treeQuery(kind));

/** A node as the server has it now (the stale banner's Reload), or null when it is gone. */
export function useFetchNode(kind: TreeKind) {
  const client = useQueryClient();
  return async (id: number) => (await client.fetchQuery({ ...treeQuery(kind), staleTime: 0 })).find((n) => n.id === id) ?? null;
}

function useTreeWrite<V, R>(kind: TreeKind, fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: csTreeKeys.tree(kind) }) });
}

export const useCreateNode = (kind: TreeKind) =>
  useTreeWrite(kind, (body: { parentId: number | null; name: string; nameEn: string }) =>
    call(ep.createTreeNode, { params: { kind }, body }, { silent: true }),
  );
export const useUpdateNode = (kind: TreeKind) =>
  useTreeWrite(kind, (body: { id: number; version: number; name: string; nameEn: string; enabled: boolean }) =>
    call(ep.updateTreeNode, { params: { kind }, body }, { silent: true }),
  );
export const useMoveNode = (kind: TreeKind) =>
  useTreeWrite(kind, (body: { id: number; version: number; parentId: number | null; index: number }) =>
    call(ep.moveTreeNode, { params: { kind }, body }, { silent: true }),
  );
export const useDeleteNode = (kind: TreeKind) =>
  useTreeWrite(kind, (id: number) => call(ep.deleteTreeNode, { params: { kind, id } }, { silent: true }));
