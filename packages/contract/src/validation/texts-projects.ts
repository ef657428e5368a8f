/** Field messages of the projects (issue #23). */
import { texts } from './texts';

export const PROJECTS_TEXTS = {
  'projects.unknownUser': texts('Not an active user of this company', '不是本公司的有效用户'),
  'projects.unknownDept': texts('No such department', '部门不存在'),
  'projects.typeFixed': texts('A project keeps the type it was created with', '项目类型创建后不能更改'),
  'projects.noApprover': texts(
    'Choose an approver: the owner has no leader in the organisation',
    '请选择审批人：负责人在组织架构中没有上级',
  ),
  'projects.ownerApproves': texts('The owner cannot approve their own project', '负责人不能审批自己的项目'),
  'projects.creatorTakesPart': texts(
    'Make yourself the owner or a member: a project you do not take part in is read-only to you',
    '请将自己设为负责人或成员：不参与的项目你只能查看',
  ),
} as const;
