/**
 * The menu overlay (/backMgr/menuConfig) every user's side menu applies to the catalogue's
 * menu for them (contract `applyMenuOverlay`: it hides, sorts and renames; it never grants).
 * Read once per page load, so a change shows in everyone's menu on their next load.
 */
import { backMgrMenu } from '@bo/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../http/http-client';

export const menuOverlayKey = ['session', 'menuOverlay'] as const;

export const menuOverlayQuery = () =>
  queryOptions({
    queryKey: menuOverlayKey,
    queryFn: ({ signal }) => call(backMgrMenu.overlay, {}, { signal, silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
