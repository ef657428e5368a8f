/** The route screens of the rule engine: one list component over the same engine, per level and family. */
import { Navigate } from 'react-router';
import { AutoEntitiesPage } from './AutoEntitiesPage';
import { RobotPage } from './RobotPage';
import { RuleDetailPage } from './RuleDetailPage';
import { RuleHistoryPage } from './RuleHistoryPage';
import { RulesPage } from './RulesPage';

export const CampaignRules = () => (
  <RulesPage view={{ family: 'rules', kind: 'rule', levels: ['campaign'], title: 'campaign', testId: 'page-rules-campaign' }} />
);
export const GroupRules = () => (
  <RulesPage view={{ family: 'rules', kind: 'rule', levels: ['ad_group'], title: 'ad_group', testId: 'page-rules-ad_group' }} />
);
export const KeywordRules = () => (
  <RulesPage
    view={{
      family: 'rules',
      kind: 'rule',
      levels: ['keyword', 'target', 'search_term'],
      title: 'keyword',
      testId: 'page-rules-keyword',
    }}
  />
);
export const AdvancedRules = () => (
  <RulesPage
    view={{
      family: 'rules',
      kind: 'advanced',
      levels: ['keyword', 'target', 'ad_group', 'campaign', 'search_term'],
      title: 'advanced',
      testId: 'page-rules-advanced',
    }}
  />
);
export const SmartRules = () => (
  <RulesPage
    view={{
      family: 'smart',
      kind: 'smart',
      levels: ['keyword', 'target', 'ad_group'],
      title: 'smart',
      testId: 'page-rules-smart',
    }}
  />
);
export const AutoHistory = () => <RuleHistoryPage family="rules" />;
export const SmartHistory = () => <RuleHistoryPage family="smart" />;
export const AutoCampaigns = () => <AutoEntitiesPage level="campaign" />;
export const AutoGroups = () => <AutoEntitiesPage level="ad_group" />;
export const AutoKeywords = () => <AutoEntitiesPage level="keyword" />;
export const Robot = () => <RobotPage />;
export const RulerDetail = () => <RuleDetailPage list="/ppcRules/keywordRules" />;
export const HighDetail = () => <RuleDetailPage list="/robotPpc/high/list" />;

/** The parent routes open their first screen (the guard redirects first; these cover a direct render). */
export const RulesRedirect = () => <Navigate to="/ppcRules/campaignRules" replace />;
export const AutoRedirect = () => <Navigate to="/ppcAuto/campaignList" replace />;
export const SmartRedirect = () => <Navigate to="/ppcSmart/list" replace />;
