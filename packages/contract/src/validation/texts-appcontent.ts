/** Field messages of the app's content (/user-platform/…): targeting, windows, media. */
import { texts } from './texts';

export const APPCONTENT_TEXTS = {
  'appContent.country': texts('A two-letter country code, e.g. US, DE, CN', '两位国家代码，如 US、DE、CN'),
  'appContent.language': texts('A language code, e.g. en, zh or zh-CN', '语言代码，如 en、zh 或 zh-CN'),
  'appContent.model': texts('A device model of the catalogue, e.g. H6199', '目录中的设备型号，如 H6199'),
  'appContent.unknownModel': texts('Not a model of the catalogue: {models}', '目录中没有这些型号：{models}'),
  'appContent.versionRange': texts(
    'A version range such as >=3.2.0 <4 or <3 || >=3.5 (empty: every version)',
    '版本范围，如 >=3.2.0 <4 或 <3 || >=3.5（留空：所有版本）',
  ),
  'appContent.appVersion': texts('An app version such as 3.2.1', 'App 版本号，如 3.2.1'),
  'appContent.link': texts(
    'An https:// address or an app link such as lumio://device/H6199',
    'https:// 地址或 App 链接，如 lumio://device/H6199',
  ),
  'appContent.altRequired': texts('Give the alt text in Chinese or in English', '请填写中文或英文替代文字'),
  'appContent.questionRequired': texts('Give the question in Chinese or in English', '请填写中文或英文问题'),
  'appContent.answerRequired': texts('Give the answer in the language of the question', '请填写与问题同一语言的回答'),
  'appContent.titleRequired': texts('Give the title in Chinese or in English', '请填写中文或英文标题'),
  'appContent.stepRequired': texts('Give the step in Chinese or in English', '请填写中文或英文步骤'),
  'appContent.bodyRequired': texts('Give the body in the language of the title', '请填写与标题同一语言的正文'),
  'appContent.unknownSku': texts('Not a SKU of the catalogue: {skus}', '目录中没有这些 SKU：{skus}'),
  'appContent.color': texts('A colour such as #FF8800', '颜色，如 #FF8800'),
  'appContent.speedRequired': texts('A moving effect needs a speed (1–100)', '动态灯效需要速度（1–100）'),
  'appContent.speedNotMoving': texts('A still effect has no speed: clear it', '静态灯效没有速度：请清空'),
  'appContent.twoColors': texts('This mode needs two colours at least', '此模式至少需要两种颜色'),
  'appContent.segmentColor': texts('Each segment takes one of the {max} colours', '每段须使用已有的 {max} 种颜色之一'),
  'appContent.reasonRequired': texts('Give the reason in Chinese or in English', '请填写中文或英文推荐理由'),
  'appContent.cellCount': texts('The graphic needs {count} cells (width × height)', '图案须有 {count} 个格子（宽 × 高）'),
  'appContent.cellColor': texts('Each cell takes one of the {max} palette colours', '每个格子须使用调色板中的 {max} 种颜色之一'),
  'appContent.quarter': texts('A quarter such as 2027-Q1', '季度，如 2027-Q1'),
  'appContent.imageSize': texts('The image must be {w}:{h}, {min}–{max} px wide', '图片比例须为 {w}:{h}，宽 {min}–{max} 像素'),
  'appContent.imageTooLarge': texts('The image is larger than {mb} MB', '图片大于 {mb} MB'),
  'appContent.imageMissing': texts('Upload the image again: this one is not available', '请重新上传图片：该图片不可用'),
  'appContent.startNotFuture': texts(
    'To schedule, set a start in the future (or publish now)',
    '排期发布需要未来的开始时间（或选择立即发布）',
  ),
  'appContent.windowOver': texts('The window has ended: set a later end first', '发布时段已结束：请先设置更晚的结束时间'),
  'appContent.nameRequired': texts('Give the name in Chinese or in English', '请填写中文或英文名称'),
  'appContent.activityWindow': texts('An activity theme needs its start and its end', '活动主题需要开始和结束时间'),
  'appContent.effectMissing': texts(
    'Not a light effect that can be published (missing or archived): {ids}',
    '不是可发布的灯效（不存在或已归档）：{ids}',
  ),
  'appContent.relatedSelf': texts('An effect is not related to itself', '灯效不能推荐它自己'),
  'appContent.headlineRequired': texts('Give the headline in Chinese or in English', '请填写中文或英文标题'),
  'appContent.launchDate': texts('A launch needs its date: the start of the window', '上新需要上新日期：即发布时段的开始时间'),
  'appContent.httpsOnly': texts(
    'An https:// address, e.g. https://shop.example.com/h6199',
    'https:// 地址，如 https://shop.example.com/h6199',
  ),
  'appContent.targetMissing': texts(
    'Not a {kind} record that can be published (missing or archived): {id}',
    '不是可发布的 {kind} 内容（不存在或已归档）：{id}',
  ),
  'appContent.slug': texts(
    'Lower-case letters and digits, words joined by hyphens, 2–40 characters (e.g. party-lights)',
    '小写字母和数字，单词之间用连字符连接，2–40 个字符（如 party-lights）',
  ),
  'appContent.keyTaken': texts('This key is used by another category that is not archived', '该标识已被另一个未归档的分类使用'),
  'appContent.storeRequired': texts(
    'Give the App Store or the Google Play link (one at least)',
    '请至少填写 App Store 或 Google Play 链接之一',
  ),
} as const;
