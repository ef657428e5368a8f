/** Field messages of uploads: the multipart reader, the parse pool and the text-report reader. */
import { texts } from './texts';

export const FILE_TEXTS = {
  'file.empty': texts('The file is empty', '文件为空'),
  'exports.permissionGone': texts(
    'You no longer hold the permission this export needs ({permission}): it cannot be downloaded again',
    '您已不再拥有此导出所需的权限（{permission}），无法再次下载',
  ),
  'exports.shopGone': texts(
    'The export was filtered by a shop you can no longer see: it cannot be downloaded again',
    '此导出按您已无法查看的店铺筛选，无法再次下载',
  ),
  'file.tooLarge': texts('Larger than {mb} MB', '大于 {mb} MB'),
  'file.attachmentTooLarge': texts('An attachment is larger than {mb} MB', '有附件大于 {mb} MB'),
  'file.onePerImport': texts('Send one file per import', '每次导入只能上传一个文件'),
  'file.onePerUpload': texts('Send one file per upload', '每次只能上传一个文件'),
  'file.tooManyAttachments': texts('At most {max} attachments', '最多 {max} 个附件'),
  'file.nameNul': texts('The file name must not contain NUL (U+0000) characters', '文件名不能包含 NUL（U+0000）字符'),
  'file.tooManyLines': texts('The file has more than {max} lines: split it', '文件超过 {max} 行：请拆分'),
  'file.tooManyCells': texts('The file has more than {max} cells: split it', '文件超过 {max} 个单元格：请拆分'),
  'file.cellTooLong': texts('Line {line} has a cell longer than {max} characters', '第 {line} 行有单元格超过 {max} 个字符'),
  'file.tooManyColumns': texts('Line {line} has more than {max} columns', '第 {line} 行超过 {max} 列'),
  'file.archive': texts(
    'The file is a workbook or another zip archive, not a text report: upload the .csv or .txt file',
    '该文件是工作簿或其他 zip 压缩包，不是文本报告：请上传 .csv 或 .txt 文件',
  ),
  'file.binary': texts(
    'The file is not a text report (it holds binary data): upload the .csv or .txt file',
    '该文件不是文本报告（含有二进制数据）：请上传 .csv 或 .txt 文件',
  ),
  'file.readTimeout': texts(
    'Reading the file took longer than {seconds} s: split it into smaller files',
    '读取文件超过 {seconds} 秒：请拆分成更小的文件',
  ),
  'file.readMemory': texts(
    'The file needs more memory to read than an upload may use: split it into smaller files',
    '读取该文件所需的内存超过上传允许的上限：请拆分成更小的文件',
  ),
  'file.executable': texts(
    'The file is a program (an executable or a script): it cannot be stored',
    '该文件是程序（可执行文件或脚本），不能保存',
  ),
  'file.typeNotAllowed': texts(
    'The file is {type} by its content, which cannot be stored here: allowed are {allowed}',
    '按内容识别该文件为 {type}，此处不能保存：允许的类型为 {allowed}',
  ),
  'file.unknownType': texts(
    'The file’s type cannot be recognised from its content: allowed are {allowed}',
    '无法按内容识别该文件的类型：允许的类型为 {allowed}',
  ),
  'file.damaged': texts(
    'The file is damaged or incomplete ({type}): it cannot be read',
    '文件已损坏或不完整（{type}），无法读取',
  ),
  'exports.notExportable': texts(
    'This export cannot run in the background or as a report',
    '此导出不能在后台运行，也不能作为报表',
  ),
  'exports.queueFull': texts(
    'You already have {max} background exports waiting or running: wait for one to finish',
    '您已有 {max} 个后台导出在排队或运行：请等其中一个完成',
  ),
  'exports.userGone': texts('The user who ran the export can no longer sign in', '运行导出的用户已无法登录'),
  'reports.recipient': texts(
    'This user cannot receive the report: not of your account, disabled, or without its permission ({permission})',
    '该用户不能接收此报表：不属于您的账号、已停用或没有其权限（{permission}）',
  ),
  'reports.timeZone': texts('Unknown time zone', '未知的时区'),
  'reports.weekday': texts('Choose the day of the week', '请选择星期几'),
  'reports.monthDay': texts('Choose the day of the month', '请选择每月几号'),
} as const;
