/** Field messages of logistics (carriers, rate cards, shipment settings, the cost calculator). */
import { texts } from './texts';

export const LOGISTICS_TEXTS = {
  'logistics.carrierCode': texts(
    '2 to 20 upper-case letters, digits or hyphens, e.g. DHL-EXP',
    '2–20 位大写字母、数字或连字符，如 DHL-EXP',
  ),
  'logistics.carrierCodeTaken': texts('Another carrier has this code', '已有承运商使用此代码'),
  'logistics.modeNotOffered': texts('The carrier does not offer this mode', '该承运商不提供此运输方式'),
  'logistics.priceRequired': texts('Give a price per kg or per CBM', '请填写每公斤或每立方米单价'),
  'logistics.cardOverlap': texts(
    'Overlaps rate card #{card} of this lane ({from} – {to})',
    '与该线路的报价 #{card} 有效期重叠（{from} – {to}）',
  ),
  'logistics.carrierHasCards': texts(
    'The carrier has {count} rate cards: delete them or set it inactive',
    '该承运商还有 {count} 张报价，请先删除或将其停用',
  ),
  'logistics.carrierHasBills': texts(
    'The carrier has {count} freight bills: set it inactive instead',
    '该承运商还有 {count} 张物流账单，请改为停用',
  ),
  'logistics.billTaken': texts(
    'The carrier already billed this charge type under bill {billNo}',
    '该承运商已用账单号 {billNo} 开过此类费用',
  ),
  'logistics.unknownCarrier': texts('No such carrier', '承运商不存在'),
  'logistics.sizeRequired': texts('Choose a model or give length, width, height and weight', '请选择型号，或填写长宽高和重量'),
  'logistics.noModelInfo': texts('This model has no dimensions in model info yet', '该型号的型号信息中还没有尺寸'),
} as const;
