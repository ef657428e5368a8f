/** Field messages of customs (the customs master data of /customBasic). */
import { texts } from './texts';

export const CUSTOMS_TEXTS = {
  'customs.hsCode': texts('6 to 10 digits, e.g. 8539500000', '6–10 位数字，如 8539500000'),
  'customs.batteryTypeRequired': texts('Choose the kind of battery', '请选择电池类型'),
  'customs.batteryTypeWithoutBattery': texts('A model without a battery has no battery type', '不含电池时电池类型应为“无”'),
  'customs.certificationRequired': texts(
    'A wireless model needs its certification (FCC ID, CE RED...)',
    '无线产品需要填写认证信息（FCC ID、CE RED 等）',
  ),
  'customs.countryTaken': texts('This model already has a record for this destination', '该型号在此目的国已有报关资料'),
  'customs.unknownModel': texts('No such model in the catalogue', '产品目录中没有该型号'),
} as const;
