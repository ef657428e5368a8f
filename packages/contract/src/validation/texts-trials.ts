/** Field messages of the trial activities (/user-platform/h5ActivityMaking/trial…, selectUser). */
import { texts } from './texts';

export const TRIALS_TEXTS = {
  'trials.key': texts(
    'A key of 1 to 30 lower-case letters, digits or _, starting with a letter',
    '1–30 位小写字母、数字或下划线，以字母开头',
  ),
  'trials.optionValue': texts('1 to 40 lower-case letters, digits, - or _', '1–40 位小写字母、数字、- 或 _'),
  'trials.labelRequired': texts('Give the label in Chinese or in English', '请填写中文或英文标题'),
  'trials.optionsNeeded': texts('A choice needs 2 options at least', '选择题至少需要 2 个选项'),
  'trials.optionsNotChoice': texts('Only a choice has options', '只有选择题有选项'),
  'trials.emailFieldRequired': texts(
    'The form must ask for the e-mail, required (one application per e-mail)',
    '报名表必须包含必填的邮箱（每个邮箱只能报名一次）',
  ),
  'trials.country': texts('A country code such as US or DE', '国家代码，如 US、DE'),
  'trials.countryNotOffered': texts('This trial does not run in this country', '本活动不在该国家开展'),
  'trials.rating': texts('A rating from 1 to 5', '评分为 1–5'),
  'trials.code': texts(
    '3 to 40 lower-case letters, digits or hyphens, e.g. strip-m1-2027',
    '3–40 位小写字母、数字或连字符，如 strip-m1-2027',
  ),
  'trials.codeTaken': texts('Another trial has this code', '已有活动使用此代码'),
  'trials.titleRequired': texts('Give the title in Chinese or in English', '请填写中文或英文标题'),
  'trials.unknownSku': texts('The catalogue has no SKU {sku}', '商品目录中没有 SKU {sku}'),
  'trials.unknownQuestionnaire': texts('No such questionnaire', '问卷不存在'),
  'trials.frozen': texts('This no longer changes once the trial is open', '活动开放后不能再修改此项'),
  'trials.alreadyApplied': texts('This e-mail has applied to this trial already', '该邮箱已报名本活动'),
  'trials.unknownQuestion': texts("The trial's questionnaire has no question {key}", '活动问卷中没有问题 {key}'),
  'trials.notChoiceQuestion': texts('Question {key} is not a choice', '问题 {key} 不是选择题'),
  'trials.notRatingQuestion': texts('Question {key} is not a rating', '问题 {key} 不是评分题'),
  'trials.selectionOtherTrial': texts('The selection belongs to another trial', '该人群属于其他活动'),
  'trials.emptySelection': texts('The selection holds no applicant', '该人群中没有报名者'),
} as const;
