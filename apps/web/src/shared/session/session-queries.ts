/**
 * The signed-in session's query keys and the reads the app loads at start (spec §2.1, in
 * this order: permissions, profile, subsystems, product lines, product positions, menus).
 * Shared code (pickers, the kit's filters) reads them; the session module adds the
 * sign-in / sign-out / password-reset mutations.
 */
import { session as ep, MENU_VERSION, shops } from '@bo/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../http/http-client';

export const sessionKeys = {
  all: ['session'] as const,
  permissions: () => [...sessionKeys.all, 'permissions'] as const,
  currentUser: () => [...sessionKeys.all, 'currentUser'] as const,
  subsystems: () => [...sessionKeys.all, 'subsystems'] as const,
  productLines: () => [...sessionKeys.all, 'productLines'] as const,
  productPositions: () => [...sessionKeys.all, 'productPositions'] as const,
  menu: () => [...sessionKeys.all, 'menu', MENU_VERSION] as const,
};

/** Session data changes only through the app's own actions, which refetch it. */
const sessionCache = { staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY } as const;

export const permissionsQuery = () =>
  queryOptions({
    queryKey: sessionKeys.permissions(),
    queryFn: ({ signal }) => call(ep.permissions, {}, { signal }),
    ...sessionCache,
  });
export const currentUserQuery = () =>
  queryOptions({
    queryKey: sessionKeys.currentUser(),
    queryFn: ({ signal }) => call(ep.currentUser, {}, { signal }),
    ...sessionCache,
  });
export const subsystemsQuery = () =>
  queryOptions({
    queryKey: sessionKeys.subsystems(),
    queryFn: ({ signal }) => call(ep.subsystems, {}, { signal }),
    ...sessionCache,
  });
export const productLinesQuery = () =>
  queryOptions({
    queryKey: sessionKeys.productLines(),
    queryFn: ({ signal }) => call(ep.productLines, {}, { signal }),
    ...sessionCache,
  });
export const productPositionsQuery = () =>
  queryOptions({
    queryKey: sessionKeys.productPositions(),
    queryFn: ({ signal }) => call(ep.productPositions, {}, { signal }),
    ...sessionCache,
  });
/** The server's menu (the PPC area reads its `ppc` node); the side menu is built locally from the same catalogue. */
export const userMenuQuery = () =>
  queryOptions({
    queryKey: sessionKeys.menu(),
    queryFn: ({ signal }) => call(ep.userMenu, { query: { version: MENU_VERSION } }, { signal }),
    ...sessionCache,
  });

/**
 * GET shops/user: the shops the signed-in user may see (pickers everywhere). Its key starts
 * with 'shops', so the shop screens' mutations refresh it by invalidating that prefix.
 */
export const userShopsKey = ['shops', 'user'] as const;
export const userShopsQuery = () =>
  queryOptions({ queryKey: userShopsKey, queryFn: ({ signal }) => call(shops.listUserShops, {}, { signal }) });
