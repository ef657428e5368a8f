/** Field messages of the growth area (issue #23, docs/growth.md). */
import { type FieldTexts, texts } from './texts';

export const GROWTH_TEXTS = {
  'growth.behaviourRequired': texts('Name at least one behaviour that shows the value', '请至少写一条体现该价值观的行为'),
  'growth.valueNameTaken': texts('Another value has this name', '已有同名的价值观'),
  'growth.dimensionTwice': texts('Each dimension is scored once', '每个维度只能评一次分'),
  'growth.unknownDimension': texts('Not a dimension of this cycle', '不是本周期的评估维度'),
  'growth.scoreMissing': texts('Score every dimension before submitting', '提交前请为每个维度评分'),
  'growth.textRequired': texts('Fill this in before submitting', '提交前请填写此项'),
  'growth.ratingRequired': texts('Give the final rating before completing the review', '完成评价前请给出最终评级'),
  'growth.remarkRequired': texts('Say why the review goes back', '请写明退回原因'),
  'growth.cycleExists': texts('This quarter already has a cycle', '该季度已有考核周期'),
  'growth.noValues': texts(
    'Add an active company value first: the cycle scores the values',
    '请先添加启用的价值观：周期按价值观评分',
  ),
  'growth.noEmployees': texts(
    'Nobody is in a department today: place the employees first',
    '今天没有任何员工在部门中：请先安排员工',
  ),
  'growth.httpsLink': texts('An https:// address', '请填写 https:// 开头的地址'),
  'growth.halfHours': texts('Hours in steps of 0.5', '学时以 0.5 为单位'),
  'growth.endBeforeStart': texts('The end comes on or after the start', '结束日期不能早于开始日期'),
  'growth.badgeNameTaken': texts('Another badge has this name', '已有同名的徽章'),
  'growth.badgeRetired': texts('This badge is retired: restore it or pick another', '该徽章已停用：请先启用或选择其他徽章'),
  'growth.futureDay': texts('Not a day in the future', '不能是未来的日期'),
} as const satisfies Record<string, FieldTexts>;
