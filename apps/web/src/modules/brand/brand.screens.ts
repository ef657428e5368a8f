import { defineScreens } from '../../shared/screens';

/** Brand (issue #23): the KOLs and the exposure board. */
export const brandScreens = defineScreens(
  [
    { path: '/digitize/brandKOLMgr', load: () => import('./KolPage') },
    { path: '/digitize/brandExposure', load: () => import('./ExposurePage') },
  ],
  { texts: [() => import('./brand.locale').then((m) => m.brandTexts)] },
);
