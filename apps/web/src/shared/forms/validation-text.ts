import type { Lang } from '@bo/contract';

/**
 * The contract's zod messages (and zod's own for lengths) in both languages, so client
 * checks and the server's 400 field errors read the same in either UI language.
 */
const TEXT: Record<string, Record<Lang, string>> = {
  required: { 'zh-CN': '必填', 'en-US': 'Required' },
  'at least 3 characters': { 'zh-CN': '至少 3 个字符', 'en-US': 'At least 3 characters' },
  'at least 8 characters': { 'zh-CN': '至少 8 个字符', 'en-US': 'At least 8 characters' },
  'needs a letter': { 'zh-CN': '需包含字母', 'en-US': 'Needs a letter' },
  'needs a digit': { 'zh-CN': '需包含数字', 'en-US': 'Needs a digit' },
  'not an e-mail address': { 'zh-CN': '邮箱格式不正确', 'en-US': 'Not an e-mail address' },
  'letters, digits, dot, dash, underscore': {
    'zh-CN': '只能包含字母、数字、点、短横线和下划线',
    'en-US': 'Letters, digits, dot, dash and underscore only',
  },
  'six digits': { 'zh-CN': '请输入 6 位数字', 'en-US': 'Six digits' },
  'wrong password': { 'zh-CN': '密码错误', 'en-US': 'Wrong password' },
  'not a phone number': { 'zh-CN': '手机号格式不正确', 'en-US': 'Not a phone number' },
};

/** An area adds the field messages of its own contract and services (shared code imports no module). */
export function addValidationText(more: Record<string, Record<Lang, string>>): void {
  Object.assign(TEXT, more);
}

const TOO_LONG = /^Too big: expected string to have <=(\d+) characters?$/;
const TOO_SHORT = /^Too small: expected string to have >=(\d+) characters?$/;

export function validationText(message: string, lang: Lang): string {
  const known = TEXT[message]?.[lang];
  if (known) return known;
  const long = TOO_LONG.exec(message)?.[1];
  if (long) return lang === 'zh-CN' ? `最多 ${long} 个字符` : `At most ${long} characters`;
  const short = TOO_SHORT.exec(message)?.[1];
  if (short) return lang === 'zh-CN' ? `至少 ${short} 个字符` : `At least ${short} characters`;
  return message;
}
