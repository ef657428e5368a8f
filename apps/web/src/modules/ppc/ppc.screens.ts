import { defineScreens } from '../../shared/screens';

const rules = () => import('./rules/screens');

export const ppcScreens = defineScreens([
  { path: '/ppc/index', load: () => import('./board/PpcBoardPage') },
  { path: '/ppcRules/campaignRules', load: () => rules().then((m) => ({ default: m.CampaignRules })) },
  { path: '/ppcRules/groupRules', load: () => rules().then((m) => ({ default: m.GroupRules })) },
  { path: '/ppcRules/keywordRules', load: () => rules().then((m) => ({ default: m.KeywordRules })) },
  { path: '/robotPpc/high/list', load: () => rules().then((m) => ({ default: m.AdvancedRules })) },
  { path: '/ppcAuto/campaignList', load: () => rules().then((m) => ({ default: m.AutoCampaigns })) },
  { path: '/ppcAuto/groupList', load: () => rules().then((m) => ({ default: m.AutoGroups })) },
  { path: '/ppcAuto/keywordList', load: () => rules().then((m) => ({ default: m.AutoKeywords })) },
  { path: '/ppcAuto/history', load: () => rules().then((m) => ({ default: m.AutoHistory })) },
  { path: '/ppcSmart/list', load: () => rules().then((m) => ({ default: m.SmartRules })) },
  { path: '/ppcSmart/history', load: () => rules().then((m) => ({ default: m.SmartHistory })) },
]);
