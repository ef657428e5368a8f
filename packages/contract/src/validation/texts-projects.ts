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
  'projects.resultReached': texts(
    'The result is reached when the project completes: leave the day empty',
    '项目完成即达成结果节点：请不要填写达成日期',
  ),
  'projects.nodeAhead': texts('The project has not reached this stage yet', '项目尚未进入该阶段'),
  'projects.futureDay': texts('A day that has not come yet', '日期不能晚于今天'),
  'projects.notResearch': texts('Only a development project has a gate review', '只有新品开发项目有阶段评审'),
} as const;
