/** Field messages of the brand area (issue #23, docs/brand.md). */
import { type FieldTexts, texts } from './texts';

export const BRAND_TEXTS = {
  'brand.email': texts('An e-mail address', '请填写有效的邮箱地址'),
  'brand.handleRequired': texts('Add at least one platform handle', '请至少填写一个平台账号'),
  'brand.platformTwice': texts('One handle per platform', '每个平台只填一个账号'),
  'brand.handleTaken': texts('Another KOL has this handle on this platform', '该平台上已有其他 KOL 使用此账号'),
  'brand.country': texts('A two-letter country code (US, DE, JP)', '请填写两位国家代码（如 US、DE、JP）'),
  'brand.remarkRequired': texts('Say why', '请写明原因'),
  'brand.httpsLink': texts('An https:// address', '请填写 https:// 开头的地址'),
  'brand.toBeforeFrom': texts('The last month comes on or after the first', '结束月份不能早于开始月份'),
  'brand.projectUnknown': texts('Not a brand exposure project you may read', '不是你可查看的品牌曝光项目'),
} as const satisfies Record<string, FieldTexts>;
