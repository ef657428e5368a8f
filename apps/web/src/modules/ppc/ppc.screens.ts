import { defineScreens } from '../../shared/screens';

const rules = () => import('./rules/screens');

export const ppcScreens = defineScreens([
  { path: '/ppc/index', load: () => import('./board/PpcBoardPage') },
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
]);
