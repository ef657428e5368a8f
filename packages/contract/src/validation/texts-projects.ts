/** Field messages of the projects (issue #23). */
import { type FieldTexts, texts } from './texts';

export const PROJECTS_TEXTS = {
  'projects.unknownUser': texts('Not an active user of this company', '不是本公司的有效用户'),
  'projects.notBrandExposure': texts(
    'Only brand exposure projects of this company go into the brand template',
    '品牌模板只能导出本公司的品牌曝光项目',
  ),
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
  'projects.externalId': texts(
    "Letters, digits, dot, dash and underscore only (the external tool's project id)",
    '只能包含字母、数字、点、短横线和下划线（外部工具的项目编号）',
  ),
  'projects.goalMonth': texts(
    'A month (YYYY-MM) among the launch month and the eleven after it',
    '请填写上市当月及之后十一个月中的月份（YYYY-MM）',
  ),
  'projects.externalUrl': texts('An https:// address of the external project', '请填写外部项目的 https:// 地址'),
} as const;

/** Field messages of OKR (issue #23, spec §2.6). */
export const OKR_TEXTS = {
  'okr.quarter': texts('A quarter such as 2026Q4', '季度格式如 2026Q4'),
  'okr.metricRequired': texts('Choose the figure a measurable key result follows', '请选择可量化关键结果跟踪的指标'),
  'okr.projectRequired': texts(
    'Link a project: a measurable key result counts its SKUs’ figures',
    '请关联项目：可量化关键结果统计项目 SKU 的数据',
  ),
  'okr.scoreRequired': texts('Score a manual key result from 0 to 1', '人工评分的关键结果请打 0–1 分'),
  'okr.unknownProject': texts('No such project of this company', '本公司没有这个项目'),
  'okr.ownerSelf': texts(
    'You own the objectives you write; only the administrator names another owner',
    '你只能为自己创建目标，只有管理员可以指定其他负责人',
  ),
  'okr.unknownKeyResult': texts('Not a key result of this objective', '不是该目标的关键结果'),
} as const satisfies Record<string, FieldTexts>;
