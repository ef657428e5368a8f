import { defineScreens } from '../../../shared/screens';

export const keywordsScreens = defineScreens([
  { path: '/mail/setKeyWord', load: () => import('./DialogueKeywordPage') },
  { path: '/mail/productKeyWord', load: () => import('./ProductKeywordPage') },
]);
