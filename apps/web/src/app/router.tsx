/**
 * The router, built from the screens registry: public screens render bare, the others
 * inside the lazily loaded layout. The root loader runs the guard on every navigation;
 * "/" and unknown paths never render (the guard redirects them).
 */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ROOT_ROUTE_ID } from '../shared/app-flags';
import { configureHttp } from '../shared/http/http-client';
import { LOGIN_PATH } from '../shared/paths';
import { BootSplash } from './BootSplash';
import { forgetSession } from './bootstrap';
import { loadFrame, loadLayout } from './layout-loader';
import { LazyScreen } from './lazy/lazy-screen';
import { queryClient } from './query-client';
import { RootErrorPage } from './RootErrorPage';
import { guardLoader } from './route-loader';
import { SCREENS } from './screens';

const screenRoutes = (isPublic: boolean): RouteObject[] =>
  [...SCREENS.values()]
    .filter((s) => (s.route.permission === 'public') === isPublic)
    // Bare screens wait on the splash; screens inside the layout on a skeleton.
    .map((s) => ({
      path: s.route.path,
      element: <LazyScreen load={s.load} {...(isPublic ? { fallback: <BootSplash /> } : {})} />,
    }));

const routes: RouteObject[] = [
  {
    id: ROOT_ROUTE_ID,
    path: '/',
    loader: guardLoader,
    shouldRevalidate: () => true,
    HydrateFallback: BootSplash,
    errorElement: <RootErrorPage />,
    children: [
      {
        // antd's providers, lazily: every screen (bare or in the layout) renders inside them.
        element: <LazyScreen load={loadFrame} fallback={<BootSplash />} marksInteractive={false} />,
        children: [
          ...screenRoutes(true),
          {
            element: <LazyScreen load={loadLayout} fallback={<BootSplash />} marksInteractive={false} />,
            children: screenRoutes(false),
          },
        ],
      },
      { index: true, element: null },
      { path: '*', element: null },
    ],
  },
];

export const router = createBrowserRouter(routes);

/** A 401 anywhere: the http client has saved the target and dropped the token; leave for /login. */
configureHttp({
  onUnauthorized: () => {
    void router.navigate(LOGIN_PATH, { replace: true }).then(() => forgetSession(queryClient));
  },
});
