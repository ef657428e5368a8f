/** Field messages of what the app reports: the action list, the events it sends, the data square, joint QR codes. */
import { texts } from './texts';

export const APPDATA_TEXTS = {
  'appData.actionKey': texts(
    'Lower-case words joined by dots, 3 to 64 characters, e.g. device.paired',
    '以点连接的小写单词，3–64 个字符，如 device.paired',
  ),
  'appData.actionKeyTaken': texts('Another action has this key', '已有动作使用此键'),
  'appData.actionKeyInUse': texts(
    'The app has reported this action: its key cannot change (add a new action instead)',
    'App 已上报过此动作，键不能再改（请新增一个动作）',
  ),
  'appData.actionReported': texts(
    'The app has reported this action {count} times: disable it instead of deleting it',
    'App 已上报此动作 {count} 次：请停用而不是删除',
  ),
  'appData.nameRequired': texts('Give the name in Chinese or in English', '请填写中文或英文名称'),
  'appData.paramName': texts(
    'A letter, then letters, digits or underscores, at most 40 (camelCase or snake_case)',
    '以字母开头，可含字母、数字或下划线，最多 40 个字符',
  ),
  'appData.enumValues': texts('A choice parameter needs 1 to 50 values', '选项参数需要 1–50 个取值'),
  'appData.valuesNotEnum': texts('Only a choice parameter has values', '只有选项参数需要取值'),
  // Per event, in the reply of app/v1/events (the app's log reads them; the square counts them).
  'appData.eventInvalid': texts('The event is not well formed', '事件格式不正确'),
  'appData.unknownAction': texts('No action has this key', '没有此键的动作'),
  'appData.actionDisabled': texts('The action is disabled', '此动作已停用'),
  'appData.paramMissing': texts('A required parameter is missing', '缺少必填参数'),
  'appData.paramUnknown': texts('The action has no such parameter', '此动作没有这个参数'),
  'appData.paramType': texts('The parameter has the wrong type', '参数类型不符'),
  'appData.paramValue': texts('Not one of the parameter values', '不是参数的可选值'),
  'appData.tooOld': texts('Occurred more than 30 days ago', '发生时间早于 30 天前'),
  'appData.inFuture': texts('Occurred more than a day ahead of the server clock', '发生时间比服务器时间晚一天以上'),
  'appData.duplicateInBatch': texts('The same event id twice in one batch', '同一批中事件编号重复'),
  'appData.periodTooLong': texts('At most 366 days', '最多 366 天'),
  'appData.periodOrder': texts('The end comes before the start', '结束日期早于开始日期'),
  // Joint QR codes
  'appData.qrTarget': texts('An https:// address or an app link (lumio://...)', 'https:// 地址或 App 链接（lumio://...）'),
  'appData.qrScanned': texts(
    'The code was scanned {count} times: end its window instead of deleting it',
    '此二维码已被扫描 {count} 次：请结束其有效期而不是删除',
  ),
  'appData.qrWindow': texts('The end must come after the start', '结束时间须晚于开始时间'),
} as const;
