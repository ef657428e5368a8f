/** Field messages of the H5 pages (/user-platform/h5Making, /user-platform/h5ActivityMaking/…). */
import { texts } from './texts';

export const H5_TEXTS = {
  'h5.slug': texts(
    '3 to 60 lower-case letters, digits or hyphens, e.g. summer-sale',
    '3–60 位小写字母、数字或连字符，如 summer-sale',
  ),
  'h5.slugTaken': texts('Another page has this address', '已有页面使用此地址'),
  'h5.slugFixed': texts(
    'Fixed once the page was published: its public address is in use',
    '页面发布后地址不能修改：公开链接已在使用',
  ),
  'h5.typeFixed': texts("A page's type does not change", '页面类型不能修改'),
  'h5.titleRequired': texts('Give the title in Chinese or in English', '请填写中文或英文标题'),
  'h5.textRequired': texts('Give the text in Chinese or in English', '请填写中文或英文内容'),
  'h5.link': texts(
    'An https:// address or an app link such as lumio://device/H6199',
    'https:// 地址或 App 链接，如 lumio://device/H6199',
  ),
  'h5.windowOrder': texts('The end must be after the start', '结束时间须晚于开始时间'),
  'h5.noBlocks': texts('Add at least one block before publishing', '发布前请至少添加一个内容块'),
  'h5.langMissing': texts(
    'Each language the title has needs a block with text in it',
    '标题使用的每种语言都需要至少一个有该语言内容的内容块',
  ),
  'h5.imageMissing': texts('Upload the image again: the file is not there', '请重新上传图片：文件不存在'),
  'h5.imageSize': texts('An image 200 to 2,160 px wide and at most 4,000 px high', '图片宽 200–2160 像素、高不超过 4000 像素'),
  'h5.imageTooLarge': texts('An image of 2 MB at most', '图片不能超过 2 MB'),
  'h5.unknownSku': texts('{sku} is not a SKU of the catalogue', '{sku} 不是产品目录中的 SKU'),
  'h5.childMissing': texts('Page {ids} does not exist or is archived', '页面 {ids} 不存在或已归档'),
  'h5.childSelf': texts('A page cannot be its own child page', '页面不能是自己的子页面'),
  'h5.childActivity': texts('An activity home cannot hold another activity home', '活动首页不能包含其他活动首页'),
} as const;
