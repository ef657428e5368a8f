import { defineScreens } from '../../shared/screens';

/** H5 pages and activity pages (issue #24): lists, the block editor and its phone preview. */
export const h5PagesScreens = defineScreens(
  [
    { path: '/user-platform/h5Making', load: () => import('./pages/H5MakingPage') },
    { path: '/user-platform/h5ActivityMaking/index', load: () => import('./pages/ActivityIndexPage') },
    { path: '/user-platform/h5ActivityMaking/editIndex', load: () => import('./pages/ActivityEditIndexPage') },
    { path: '/user-platform/h5ActivityMaking/newProductIntro', load: () => import('./pages/NewProductIntroPage') },
    { path: '/user-platform/h5ActivityMaking/editNewProductIntro', load: () => import('./pages/EditNewProductIntroPage') },
  ],
  { texts: [() => import('./h5pages.locale').then((m) => m.h5PagesTexts)] },
);
