import { defineScreens } from '../../shared/screens';

/** Trial activities (issue #24): trials and their applications, questionnaires, selections and winners. */
const P = '/user-platform/h5ActivityMaking';
export const trialsScreens = defineScreens(
  [
    { path: `${P}/trialApply`, load: () => import('./TrialsPage') },
    { path: `${P}/editTrialApply`, load: () => import('./TrialEditPage') },
    { path: `${P}/trialQuestionnaire`, load: () => import('./QuestionnairesPage') },
    { path: `${P}/editTrialQuestionnaire`, load: () => import('./QuestionnaireEditPage') },
    { path: `${P}/selectUser`, load: () => import('./SelectionsPage') },
    { path: `${P}/editSelectUser`, load: () => import('./SelectionEditPage') },
    { path: `${P}/trialWinners`, load: () => import('./WinnersPage') },
    { path: `${P}/editTrialWinners`, load: () => import('./WinnersEditPage') },
  ],
  { texts: [() => import('./trials.locale').then((m) => m.trialsTexts)] },
);
