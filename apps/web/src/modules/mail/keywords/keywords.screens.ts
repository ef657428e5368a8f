import { defineScreens } from '../../../shared/screens';

export const keywordsScreens = defineScreens(
  [
    { path: '/mail/setKeyWord', load: () => import('./DialogueKeywordPage') },
    { path: '/mail/productKeyWord', load: () => import('./ProductKeywordPage') },
  ],
  {
    texts: [
      () => import('./keywords.locale').then((m) => m.mailKeywordsTexts),
      () => import('../../catalog/catalog.locale').then((m) => m.catalogTexts),
    ],
  },
);
