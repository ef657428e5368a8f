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
  'sales.tooManyPeriods': texts('At most 26 weeks or 6 months', '最多 26 周或 6 个月'),
  'sales.stockoutBelowOverstock': texts('Must be above the stock-out days', '须大于断货天数'),
  'sales.tooManyColumns': texts(
    '{start} … {end} has {n} {granularity} columns; at most {max} by {granularity}: choose a coarser granularity or a shorter period',
    '{start} … {end} 共 {n} 列，此粒度最多 {max} 列：请选择更粗的粒度或更短的期间',
  ),
  'sales.sortPeriod': texts('Expected total or the first day of one of the period columns', '须为 total 或某一期间列的第一天'),
  'sales.directorNotEnabled': texts('Not an enabled user of the company', '不是公司的启用用户'),
  'sales.lineNotOwnable': texts('Not a product line a team can own: {ids}', '不是团队可负责的产品线：{ids}'),
  'sales.lineOwnedElsewhere': texts('Already owned by another team: {list}', '已由其他团队负责：{list}'),
  'sales.rateTooOld': texts(
    'A rate change may reach at most {days} days back (not before {oldest}): it re-rates the sales of every day it governs',
    '汇率变更最多追溯 {days} 天（不早于 {oldest}）：它会重算其覆盖的每一天的销售额',
  ),
  'sales.rateTooLate': texts('A rate may be recorded at most for tomorrow ({latest})', '汇率最晚只能录入明天（{latest}）的'),
  'sales.rateImplausible': texts(
    '{rate} USD per {currency} is {factor}× or more away from the entry of {day} ({near}): enter how many USD one {currency} is worth',
    '每 {currency} {rate} 美元与 {day} 的记录（{near}）相差 {factor} 倍或以上：请输入 1 {currency} 值多少美元',
  ),
  'sales.rateDayTaken': texts('An entry from this day exists', '该日已有记录'),
} as const;

export const COSTS_TEXTS = {
  'costs.codeChars': texts('Letters, digits and . _ - / only', '只能包含字母、数字和 . _ - /'),
  'costs.nameRequired': texts('A Chinese or an English name is required', '请填写中文或英文名称'),
  'costs.categoryRequired': texts('A Chinese or an English category is required', '请填写中文或英文分类'),
  'costs.codeTaken': texts('This code is taken', '该编码已被使用'),
} as const;

export const IMPORTS_TEXTS = {
  'imports.shopRequired': texts('Required for this kind', '此类导入必须选择店铺'),
  'imports.noShop': texts('This kind is company-wide: no shop', '此类导入适用于全公司，不选店铺'),
  'imports.periodRequired': texts(
    'A Business Report needs the period it covers (periodStart and periodEnd)',
    '业务报告需要填写其覆盖的期间（开始和结束日期）',
  ),
  'imports.shopMarket': texts('The shop {shop} sells on {market}', '店铺 {shop} 的站点是 {market}'),
} as const;

export const LISTINGS_TEXTS = {
  'listings.upperBelowLower': texts('The upper bound is below the lower bound', '上限低于下限'),
  'listings.nameFilter': texts('Name the filter', '请为筛选命名'),
  'listings.noLeadingQuestionMark': texts('Without the leading ?', '不要以 ? 开头'),
  'listings.asinOrSku': texts('Name at least one ASIN or SKU', '请至少填写一个 ASIN 或 SKU'),
  'listings.chooseSku': texts('Choose a SKU', '请选择 SKU'),
  'listings.watchlistFull': texts(
    'A watchlist holds at most {max} listings ({n} watched now)',
    '关注列表最多 {max} 个链接（当前 {n} 个）',
  ),
  'listings.savedFiltersFull': texts('At most {max} saved filters; delete one first', '最多保存 {max} 个筛选，请先删除一个'),
} as const;

export const SHOPS_TEXTS = {
  'shops.sellerId': texts(
    'An Amazon seller id: A followed by 9 to 19 upper-case letters or digits',
    '亚马逊卖家 ID：A 开头，后接 9 到 19 位大写字母或数字',
  ),
  'shops.chooseMarket': texts('Choose at least one marketplace', '请至少选择一个站点'),
} as const;
