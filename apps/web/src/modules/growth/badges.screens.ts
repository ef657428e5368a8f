import { defineScreens } from '../../shared/screens';

/** /badge (spec §2.3): badge walls, the company's awards and the badges, with their own texts. */
export const badgesScreens = defineScreens([{ path: '/badge', load: () => import('./BadgePage') }], {
  texts: [() => import('./badges.locale').then((m) => m.badgesTexts)],
});
