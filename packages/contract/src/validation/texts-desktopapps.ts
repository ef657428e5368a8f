/** Field messages of the desktop app products and updates (/user-platform/desktopApp…). */
import { texts } from './texts';

export const DESKTOP_TEXTS = {
  'desktop.productCode': texts(
    '2 to 40 lower-case letters, digits or hyphens, e.g. lumio-desktop',
    '2–40 位小写字母、数字或连字符，如 lumio-desktop',
  ),
  'desktop.productCodeTaken': texts('Another product has this code', '已有产品使用此代码'),
  'desktop.nameRequired': texts('Give the name in Chinese or in English', '请填写中文或英文名称'),
  'desktop.notesRequired': texts('Give the release notes in Chinese or in English', '请填写中文或英文更新说明'),
  'desktop.platformInUse': texts('Releases of this product use {platforms}', '该产品的版本使用了 {platforms}'),
  'desktop.productHasReleases': texts(
    'The product has {count} releases: only a product without releases is deleted',
    '该产品还有 {count} 个版本，只能删除没有版本的产品',
  ),
  'desktop.unknownProduct': texts('No such product', '产品不存在'),
  'desktop.platformNotOffered': texts('The product is not made for this platform', '该产品不支持此平台'),
  'desktop.releaseVersion': texts('A version such as 3.2.1 (three numbers)', '版本号，如 3.2.1（三段数字）'),
  'desktop.versionNotAbove': texts(
    'Must be above {latest}, the newest release of this product, channel and platform that went out',
    '须高于该产品、渠道和平台已发出的最新版本 {latest}',
  ),
  'desktop.versionTaken': texts('This product, channel and platform already have this version', '该产品、渠道和平台已有此版本'),
  'desktop.frozen': texts(
    'Fixed once the release went out: only the notes and the minimum version change',
    '版本发出后不能修改，只能修改更新说明和最低版本',
  ),
  'desktop.minimumAbove': texts('The minimum version cannot be above the release itself', '最低版本不能高于本版本'),
  'desktop.httpsUrl': texts('An https:// address of the installer', '安装包的 https:// 地址'),
  'desktop.sha256': texts('The SHA-256 of the file: 64 hexadecimal characters', '文件的 SHA-256：64 位十六进制字符'),
  'desktop.appVersion': texts('An app version such as 3.2.1', '应用版本号，如 3.2.1'),
} as const;
