/** Field messages of the sales, costs, imports, listings and shops areas. */
import { texts } from './texts';

export const SALES_TEXTS = {
  'sales.currency': texts('Not a marketplace currency other than USD', '不是美元以外的站点币种'),
  'sales.enterRate': texts('Enter a rate', '请输入汇率'),
  'sales.secondLevelSame': texts('The second level must differ from the first', '第二层级必须与第一层级不同'),
  'sales.compareStartMissing': texts('A custom comparison needs its start date', '自定义对比需要开始日期'),
  'sales.compareEndMissing': texts('A custom comparison needs its end date', '自定义对比需要结束日期'),
  'sales.listAsins': texts('List at least one ASIN', '请至少填写一个 ASIN'),
  'sales.asinNotInShop': texts('No listing with this ASIN in the shop', '该店铺没有此 ASIN 的链接'),
  'sales.futureDate': texts('Must not be in the future', '不能是将来的日期'),
} as const;

export const COSTS_TEXTS = {
  'costs.codeChars': texts('Letters, digits and . _ - / only', '只能包含字母、数字和 . _ - /'),
  'costs.nameRequired': texts('A Chinese or an English name is required', '请填写中文或英文名称'),
  'costs.categoryRequired': texts('A Chinese or an English category is required', '请填写中文或英文分类'),
} as const;

export const IMPORTS_TEXTS = {
  'imports.shopRequired': texts('Required for this kind', '此类导入必须选择店铺'),
  'imports.noShop': texts('This kind is company-wide: no shop', '此类导入适用于全公司，不选店铺'),
  'imports.periodRequired': texts(
    'A Business Report needs the period it covers (periodStart and periodEnd)',
    '业务报告需要填写其覆盖的期间（开始和结束日期）',
  ),
} as const;

export const LISTINGS_TEXTS = {
  'listings.upperBelowLower': texts('The upper bound is below the lower bound', '上限低于下限'),
  'listings.nameFilter': texts('Name the filter', '请为筛选命名'),
  'listings.noLeadingQuestionMark': texts('Without the leading ?', '不要以 ? 开头'),
  'listings.asinOrSku': texts('Name at least one ASIN or SKU', '请至少填写一个 ASIN 或 SKU'),
  'listings.chooseSku': texts('Choose a SKU', '请选择 SKU'),
} as const;

export const SHOPS_TEXTS = {
  'shops.sellerId': texts(
    'An Amazon seller id: A followed by 9 to 19 upper-case letters or digits',
    '亚马逊卖家 ID：A 开头，后接 9 到 19 位大写字母或数字',
  ),
  'shops.chooseMarket': texts('Choose at least one marketplace', '请至少选择一个站点'),
} as const;
