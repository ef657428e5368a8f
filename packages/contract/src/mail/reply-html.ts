/**
 * The reply editor's HTML: the formatting a template may hold plus the font families of
 * spec §9 ("Arial, Serif, Monospace, Helvetica, Verdana, Tahoma, and one Chinese font";
 * the Chinese one is Microsoft YaHei), kept as `<font face>` so the sent mail shows them.
 */
import { sanitizeTemplateHtml } from './template-html';

export const MAIL_FONTS = [
  { value: 'Arial', label: 'Arial' },
  { value: 'Serif', label: 'Serif' },
  { value: 'Monospace', label: 'Monospace' },
  { value: 'Helvetica', label: 'Helvetica' },
  { value: 'Verdana', label: 'Verdana' },
  { value: 'Tahoma', label: 'Tahoma' },
  { value: 'Microsoft YaHei', label: '微软雅黑 Microsoft YaHei' },
] as const;

export const MAIL_FONT_FAMILIES: readonly string[] = MAIL_FONTS.map((f) => f.value);

export const sanitizeReplyHtml = (html: string): string => sanitizeTemplateHtml(html, { fonts: MAIL_FONT_FAMILIES });
