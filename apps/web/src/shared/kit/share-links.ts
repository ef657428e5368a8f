/**
 * Share links (platform/share) from the web: a record's links, making and revoking one, and the
 * public view a token opens. Any area's share kind goes through these (ShareDialog, SharedPageFrame).
 */
import { shareLinks } from '@bo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../http/http-client';

/** One record that can be shared: the kind (its area's name for it) and the record's id. */
export interface ShareTarget {
  kind: string;
  entityId: string;
}

const linksKey = (t: ShareTarget) => ['share-links', t.kind, t.entityId] as const;

export const useShareLinks = (target: ShareTarget) =>
  useQuery({
    queryKey: linksKey(target),
    queryFn: ({ signal }) =>
      call(
        shareLinks.entityShareLinks,
        { params: { kind: target.kind, entityId: target.entityId }, query: { pageNum: 1, pageSize: 50 } },
        { signal },
      ),
  });

export function useShareWrites(target: ShareTarget) {
  const client = useQueryClient();
  const settled = () => client.invalidateQueries({ queryKey: linksKey(target) });
  return {
    create: useMutation({
      mutationFn: (expiresInHours: number) =>
        call(shareLinks.createShareLink, { body: { kind: target.kind, entityId: target.entityId, expiresInHours } }),
      onSettled: settled,
    }),
    revoke: useMutation({
      mutationFn: (linkId: number) => call(shareLinks.revokeShareLink, { params: { id: linkId } }),
      onSettled: settled,
    }),
  };
}

/** The public view a link opens, read without a session (an unknown, expired or revoked token: 404). */
export const useSharedView = (token: string) =>
  useQuery({
    queryKey: ['shared-view', token],
    queryFn: ({ signal }) => call(shareLinks.readSharedView, { params: { token } }, { signal, silent: true }),
    enabled: token !== '',
    retry: false,
  });
