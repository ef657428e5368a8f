/** Field messages of the access and catalog areas (their contracts and services). */
import { texts } from './texts';

export const ACCESS_TEXTS = {
  'access.passwordTooShort': texts('At least 8 characters', '至少 8 个字符'),
  'access.needsLetter': texts('Needs a letter', '需包含字母'),
  'access.needsDigit': texts('Needs a digit', '需包含数字'),
  'access.loginNameTooShort': texts('At least 3 characters', '至少 3 个字符'),
  'access.loginNameChars': texts('Letters, digits, dot, dash and underscore only', '只能包含字母、数字、点、短横线和下划线'),
  'access.sixDigits': texts('Six digits', '请输入 6 位数字'),
  'access.phone': texts('Not a phone number', '手机号格式不正确'),
  'access.offsetOutOfRange': texts('The time zone offset is out of range', '时区偏移超出范围'),
  'access.wrongPassword': texts('Wrong password', '密码错误'),
} as const;

export const CATALOG_TEXTS = {
  'catalog.skuChars': texts(
    'Letters, digits and - _ . / only, starting with a letter or digit',
    '只能包含字母、数字和 - _ . /，并以字母或数字开头',
  ),
  'catalog.modelChars': texts(
    'Letters, digits and - _ . only, starting with a letter or digit',
    '只能包含字母、数字和 - _ .，并以字母或数字开头',
  ),
  'catalog.skuListedTwice': texts('This SKU is listed twice', '该 SKU 重复填写'),
  'catalog.eolDateWithoutEol': texts('Only an EOL product has an EOL date', '只有停产的产品才有停产日期'),
  'catalog.eolBeforeLaunch': texts('The EOL date is before the launch date', '停产日期早于上市日期'),
  'catalog.modelTaken': texts('This model exists already (whatever the case)', '该型号已存在（不区分大小写）'),
  'catalog.skuTaken': texts('This SKU exists already (whatever the case)', '该 SKU 已存在（不区分大小写）'),
  'catalog.noSuchLine': texts('No such product line', '没有这个产品线'),
  'catalog.noSuchPosition': texts('No such position', '没有这个定位'),
  'catalog.millimetres': texts('A number of millimetres', '请输入毫米数'),
  'catalog.grams': texts('A number of grams', '请输入克数'),
  'catalog.watts': texts('A number of watts', '请输入瓦数'),
  'catalog.atMostMm': texts('At most {max} mm', '最大 {max} mm'),
  'catalog.atMostWeight': texts('At most 100 kg (100,000 g)', '最大 100 kg（100,000 g）'),
  'catalog.atMostWatts': texts('At most {max} W', '最大 {max} W'),
  'catalog.voltage': texts('A voltage such as 12V, 5V DC or 100-240V AC', '电压格式如 12V、5V DC 或 100-240V AC'),
  'catalog.certMark': texts('A mark of 2–12 letters or digits, e.g. FCC', '认证标志为 2–12 位字母或数字，如 FCC'),
  'catalog.hsCode': texts('An HS code is 6 to 10 digits', 'HS 编码为 6 到 10 位数字'),
  'catalog.countryCode': texts('A two-letter country code, e.g. CN', '两位国家代码，如 CN'),
  'catalog.grossBelowNet': texts('The gross weight is less than the net weight', '毛重小于净重'),
  'catalog.packageSmallerThanProduct': texts('The package is smaller than the product', '包装尺寸小于产品尺寸'),
  'catalog.noSuchProduct': texts('No such product', '没有这个产品'),
  'catalog.hasModelInfo': texts('This product has model info already', '该产品已有型号信息'),
  'catalog.price': texts('A price', '请输入价格'),
  'catalog.noSuchSku': texts('No such SKU', '没有这个 SKU'),
  'catalog.noSuchShop': texts('No such shop among yours', '你的店铺中没有这个店铺'),
  'catalog.linkTaken': texts('This shop links this SKU already', '该店铺已有此 SKU 的链接'),
} as const;
