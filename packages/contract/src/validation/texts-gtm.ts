/** Field messages of the go-to-market playbook and project steps (issue #23, docs/gtm.md). */
import { type FieldTexts, texts } from './texts';

export const GTM_TEXTS = {
  'gtm.stepNameTaken': texts('Another step of the playbook has this name', '剧本中已有同名步骤'),
  'gtm.noLaunchDay': texts(
    'Set the project launch day first: the steps are planned around it',
    '请先设置项目的上市日：步骤按上市日排期',
  ),
  'gtm.emptyPlaybook': texts(
    'The playbook has no steps yet: add them on GTM management',
    '剧本还没有步骤：请先在 GTM 管理中添加',
  ),
  'gtm.reasonRequired': texts('Say why the step is skipped', '请写明跳过原因'),
  'gtm.unknownOwner': texts('Not a user of this account', '不是本账号的用户'),
  'gtm.unknownDept': texts('Not a department of this account', '不是本账号的部门'),
} as const satisfies Record<string, FieldTexts>;
