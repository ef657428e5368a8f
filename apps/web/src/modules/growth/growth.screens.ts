import { defineScreens } from '../../shared/screens';

/** Growth (spec §2.3): the performance reviews (list, self review, leader review, the review) the company values and the study records. */
export const growthScreens = defineScreens(
  [
    { path: '/performance', load: () => import('./PerformanceRedirect') },
    { path: '/performance/index', load: () => import('./ReviewsListPage') },
    { path: '/performance/report-self', load: () => import('./SelfReviewPage') },
    { path: '/performance/report-leader', load: () => import('./LeaderReviewPage') },
    { path: '/performance/view', load: () => import('./ReviewViewPage') },
    { path: '/values', load: () => import('./ValuesPage') },
    { path: '/study', load: () => import('./StudyPage') },
  ],
  { texts: [() => import('./growth.locale').then((m) => m.growthTexts)] },
);
