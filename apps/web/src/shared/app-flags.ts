import { useRouteLoaderData } from 'react-router';

/** Id of the root route, whose loader (the navigation guard) answers these flags. */
export const ROOT_ROUTE_ID = 'root';

/** Flags of spec §2.1 that the guard reports on every navigation. */
export interface AppFlags {
  /** Has shops and an account other than the internal one. */
  externalUser: boolean;
  /** Set once for the tab when a sign-in link carried `twoCodeLogin`. */
  twoCodeLogin: boolean;
}

const NO_FLAGS: AppFlags = { externalUser: false, twoCodeLogin: false };

export function useAppFlags(): AppFlags {
  return (useRouteLoaderData(ROOT_ROUTE_ID) as AppFlags | undefined) ?? NO_FLAGS;
}
