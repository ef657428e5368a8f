import type { RoutePath } from '@bo/contract';
import { defineScreens, type ScreenDef } from '../../shared/screens';

const rules = () => import('./rules/screens');
const list = () => import('./manager/ManagerListPage');
const create = () => import('./manager/CreateCampaignPage');

/** /ppcMgr: every list of every campaign type and its drill-down (SD placements say they do not apply), and the create pages. */
const managerScreens: ScreenDef[] = (['sp', 'sb', 'sd'] as const).flatMap((type) => [
  ...(['campaigns', 'adGroups', 'ads', 'keywords', 'targets'] as const).flatMap((l) => [
    { path: `/ppcMgr/${type}/${l}` as RoutePath, load: list },
    { path: `/ppcMgr/${type}/${l}/:id` as RoutePath, load: list },
  ]),
  { path: `/ppcMgr/${type}/placements` as RoutePath, load: list },
  { path: `/ppcMgr/${type}/create` as RoutePath, load: create },
]);

export const ppcScreens = defineScreens(
  [
    { path: '/ppc/index', load: () => import('./board/PpcBoardPage') },
    { path: '/ppcDiag', load: () => import('./diagnosis/PpcDiagPage') },
    { path: '/searchTerm', load: () => import('./diagnosis/SearchTermPage') },
    { path: '/ppcMgr', load: () => import('./manager/ManagerRedirect') },
    ...managerScreens,
    { path: '/spBudgets', load: list },
    { path: '/ppc/dashboard', load: () => import('./boards/PpcDashboardPage') },
    { path: '/skuAdvAnalysis', load: () => import('./boards/SkuAdvAnalysisPage') },
    { path: '/reportAnalysis', load: () => import('./boards/ReportAnalysisPage') },
    { path: '/outBudget', load: () => import('./boards/OutBudgetPage') },
    { path: '/reportExport', load: () => import('./boards/ReportExportPage') },
    { path: '/PPCSuggest', load: () => import('./boards/PpcSuggestPage') },
    { path: '/cpc-scheduling', load: () => import('./schedules/SchedulesPage') },
    { path: '/ppcRules', load: () => rules().then((m) => ({ default: m.RulesRedirect })) },
    { path: '/ppcAuto', load: () => rules().then((m) => ({ default: m.AutoRedirect })) },
    { path: '/ppcSmart', load: () => rules().then((m) => ({ default: m.SmartRedirect })) },
    { path: '/ppcRules/campaignRules', load: () => rules().then((m) => ({ default: m.CampaignRules })) },
    { path: '/ppcRules/groupRules', load: () => rules().then((m) => ({ default: m.GroupRules })) },
    { path: '/ppcRules/keywordRules', load: () => rules().then((m) => ({ default: m.KeywordRules })) },
    { path: '/robotPpc', load: () => rules().then((m) => ({ default: m.Robot })) },
    { path: '/robotPpc/ruler/detail', load: () => rules().then((m) => ({ default: m.RulerDetail })) },
    { path: '/robotPpc/high/detail', load: () => rules().then((m) => ({ default: m.HighDetail })) },
    { path: '/robotPpc/high/list', load: () => rules().then((m) => ({ default: m.AdvancedRules })) },
    { path: '/ppcAuto/campaignList', load: () => rules().then((m) => ({ default: m.AutoCampaigns })) },
    { path: '/ppcAuto/groupList', load: () => rules().then((m) => ({ default: m.AutoGroups })) },
    { path: '/ppcAuto/keywordList', load: () => rules().then((m) => ({ default: m.AutoKeywords })) },
    { path: '/ppcAuto/history', load: () => rules().then((m) => ({ default: m.AutoHistory })) },
    { path: '/ppcSmart/list', load: () => rules().then((m) => ({ default: m.SmartRules })) },
    { path: '/ppcSmart/history', load: () => rules().then((m) => ({ default: m.SmartHistory })) },
  ],
  {
    texts: [
      () => import('./ppc.locale').then((m) => m.ppcTexts),
      // The ad import (dashboard, /ppcMgr) names the import kinds and shows the import wizard.
      () => import('../imports/imports.locale').then((m) => m.importsTexts),
      () => import('../../shared/kit/import-wizard.locale').then((m) => m.importWizardTexts),
    ],
  },
);
