/** Field messages of the message centre (/user-platform/messageCenter) and the app's device and inbox calls. */
import { texts } from './texts';

export const APPMESSAGES_TEXTS = {
  'appMessages.titleRequired': texts('Give the title in Chinese or in English', '请填写中文或英文标题'),
  'appMessages.bodyRequired': texts('Give the text in each language the title has', '标题有哪种语言，正文也须填写该语言'),
  'appMessages.link': texts(
    'An https:// address or an app link such as lumio://scenes',
    'https:// 地址或 App 内链接，如 lumio://scenes',
  ),
  'appMessages.clockTime': texts('A time of day such as 22:00', '一天中的时间，如 22:00'),
  'appMessages.quietBoth': texts('Give both ends of the quiet hours, or neither', '免打扰时段须同时填写开始和结束，或都不填'),
  'appMessages.quietEmpty': texts('The quiet hours start and end at the same time', '免打扰时段的开始和结束不能相同'),
  'appMessages.expiresBeforeSend': texts('The expiry must come after the send time', '过期时间须晚于发送时间'),
  'appMessages.sendAtNotFuture': texts(
    'Scheduling needs a send time still to come (or send it now)',
    '排期发送须设置一个未来的发送时间（或立即发送）',
  ),
  'appMessages.expired': texts('The expiry has passed: set a later one', '已过期，请设置更晚的过期时间'),
  'appMessages.deviceId': texts('8 to 128 letters, digits or . _ : -', '8–128 位字母、数字或 . _ : -'),
  'appMessages.timeZone': texts('An IANA time zone such as Asia/Tokyo', 'IANA 时区，如 Asia/Tokyo'),
} as const;
