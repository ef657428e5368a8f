/** Field messages of the app's device catalogue (/user-platform/productItem, /blueTooth, /wifi, /whiteBalance, /productSetting, /skuConfig, /skuSetting, /assessSetting, /aiActivity). */
import { texts } from './texts';

export const APPDEVICES_TEXTS = {
  'appDevices.nameRequired': texts('Give the name in Chinese or in English', '请填写中文或英文名称'),
  'appDevices.version': texts('A version such as 1.2.3', '版本号，如 1.2.3'),
  'appDevices.unknownModel': texts('Not a model of the catalogue: {model}', '目录中没有此型号：{model}'),
  'appDevices.flowMissing': texts(
    'No set-up flow {id} of this connectivity (Bluetooth or Wi-Fi)',
    '没有编号为 {id} 且连接方式相符（蓝牙或 Wi-Fi）的配网流程',
  ),
  'appDevices.stepRequired': texts("Give the step's title in Chinese or in English", '请填写中文或英文步骤标题'),
  'appDevices.orderTaken': texts('Another step has order {order}', '已有步骤使用序号 {order}'),
  'appDevices.secondsRequired': texts('This action needs its seconds (1–60)', '此动作需要填写秒数（1–60）'),
  'appDevices.secondsNotTimed': texts('This action takes no seconds: clear it', '此动作不需要秒数：请清空'),
  'appDevices.modelRequired': texts('Name the models this is for', '请选择适用的型号'),
  'appDevices.cctAscending': texts('Above the point before ({cct} K)', '须高于上一个点（{cct} K）'),
  'appDevices.whiteRequired': texts('An RGBW table needs the white gain', 'RGBW 表需要白光增益'),
  'appDevices.whiteNotRgbw': texts('An RGB table has no white gain: clear it', 'RGB 表没有白光增益：请清空'),
  'appDevices.settingType': texts('A value of type {type}', '须为 {type} 类型的值'),
  'appDevices.settingRange': texts('From {min} to {max}', '范围 {min}–{max}'),
  'appDevices.modelTaken': texts(
    '{models} already set by "{name}" (#{id}): archive it or edit it instead',
    '{models} 已由「{name}」（#{id}）设置：请先归档或直接编辑它',
  ),
  'appDevices.skuTaken': texts(
    'SKU {sku} already configured by "{name}" (#{id}): archive it or edit it instead',
    'SKU {sku} 已由「{name}」（#{id}）配置：请先归档或直接编辑它',
  ),
  'appDevices.segmentsOverLeds': texts('At most the LED count ({leds})', '不能多于灯珠数（{leds}）'),
  'appDevices.protocolVersion': texts('A version of three numbers, such as 1.2.3', '三段数字的版本号，如 1.2.3'),
  'appDevices.deviceProductMissing': texts('No product item {id} that is not archived', '没有编号为 {id} 且未归档的产品条目'),
  'appDevices.textRequired': texts('Give the text in each language the title has', '标题填写了哪种语言，正文也须填写该语言'),
  'appDevices.suggestionRequired': texts('Give the suggestion in Chinese or in English', '请填写中文或英文提示语'),
} as const;
