/** The catalog contract's and services' field messages in both UI languages, added to the shared table. */
import type { Lang } from '@bo/contract';
import { addValidationText } from '../../shared/forms/validation-text';

const pair = (zh: string, en: string): Record<Lang, string> => ({ 'zh-CN': zh, 'en-US': en });

export const CATALOG_VALIDATION_TEXT: Record<string, Record<Lang, string>> = {
  'letters, digits and - _ . / only, starting with a letter or digit': pair(
    '只能包含字母、数字和 - _ . /，并以字母或数字开头',
    'Letters, digits and - _ . / only, starting with a letter or digit',
  ),
  'letters, digits and - _ . only, starting with a letter or digit': pair(
    '只能包含字母、数字和 - _ .，并以字母或数字开头',
    'Letters, digits and - _ . only, starting with a letter or digit',
  ),
  'this SKU is listed twice': pair('该 SKU 重复填写', 'This SKU is listed twice'),
  'only an EOL product has an EOL date': pair('只有停产的产品才有停产日期', 'Only an EOL product has an EOL date'),
  'the EOL date is before the launch date': pair('停产日期早于上市日期', 'The EOL date is before the launch date'),
  'this model exists already': pair('该型号已存在（不区分大小写）', 'This model exists already (whatever the case)'),
  'this SKU exists already': pair('该 SKU 已存在（不区分大小写）', 'This SKU exists already (whatever the case)'),
  'no such product line': pair('没有这个产品线', 'No such product line'),
  'no such product position': pair('没有这个定位', 'No such position'),
  'a number of millimetres': pair('请输入毫米数', 'A number of millimetres'),
  'a number of grams': pair('请输入克数', 'A number of grams'),
  'a number of watts': pair('请输入瓦数', 'A number of watts'),
  'must be more than 0': pair('必须大于 0', 'Must be more than 0'),
  'at most 5000 mm': pair('最大 5000 mm', 'At most 5,000 mm'),
  'at most one decimal': pair('最多一位小数', 'At most one decimal'),
  'at most two decimals': pair('最多两位小数', 'At most two decimals'),
  'at most 100 kg (100,000 g)': pair('最大 100 kg（100,000 g）', 'At most 100 kg (100,000 g)'),
  'at most 10000 W': pair('最大 10,000 W', 'At most 10,000 W'),
  'a voltage such as 12V, 5V DC or 100-240V AC': pair(
    '电压格式如 12V、5V DC 或 100-240V AC',
    'A voltage such as 12V, 5V DC or 100-240V AC',
  ),
  'a mark of 2–12 letters or digits, e.g. FCC': pair(
    '认证标志为 2–12 位字母或数字，如 FCC',
    'A mark of 2–12 letters or digits, e.g. FCC',
  ),
  'an HS code is 6 to 10 digits': pair('HS 编码为 6 到 10 位数字', 'An HS code is 6 to 10 digits'),
  'a two-letter country code, e.g. CN': pair('两位国家代码，如 CN', 'A two-letter country code, e.g. CN'),
  'the gross weight is less than the net weight': pair('毛重小于净重', 'The gross weight is less than the net weight'),
  'the package is smaller than the product': pair('包装尺寸小于产品尺寸', 'The package is smaller than the product'),
  'no such product': pair('没有这个产品', 'No such product'),
  'has model info already': pair('该产品已有型号信息', 'This product has model info already'),
  'an ASIN is 10 upper-case letters or digits': pair('ASIN 为 10 位大写字母或数字', 'An ASIN is 10 upper-case letters or digits'),
  'a price': pair('请输入价格', 'A price'),
  'must not be negative': pair('不能为负数', 'Must not be negative'),
  'too large': pair('数值过大', 'Too large'),
  'no such SKU': pair('没有这个 SKU', 'No such SKU'),
  'no such shop among yours': pair('你的店铺中没有这个店铺', 'No such shop among yours'),
  'this shop lists this SKU already': pair('该店铺已有此 SKU 的链接', 'This shop links this SKU already'),
};

addValidationText(CATALOG_VALIDATION_TEXT);
