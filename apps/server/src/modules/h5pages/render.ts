/**
 * The one renderer of an H5 page (docs/h5-pages.md): the public URL renders the live snapshot
 * with it and the back office's preview renders the draft with it, so the preview is what the
 * phone shows. Every text is escaped; a link is written only when it is https or the app's
 * scheme; no script, no inline style attribute: the styles are one <style> element whose hash
 * the Content-Security-Policy names, so nothing else on the page may style or run.
 */
import { createHash } from 'node:crypto';
import { H5_FONTS, H5_SIZES, type H5Block, type H5Run, isH5Link } from '@bo/contract/h5pages/blocks';
import { type H5Content, type H5Lang, h5MediaUrl, h5PublicPath } from '@bo/contract/h5pages/h5-pages';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** A child page of an activity home as the public page links it (published ones only). */
export interface RenderedChild {
  slug: string;
  titleZh: string;
  titleEn: string;
}

export interface RenderInput {
  content: H5Content;
  lang: H5Lang;
  children: readonly RenderedChild[];
  now: Date;
}

export interface RenderedPage {
  html: string;
  csp: string;
  etag: string;
}

const T = {
  activity: { zh: '活动时间', en: 'Activity period' },
  notStarted: { zh: '活动尚未开始', en: 'The activity has not started yet' },
  ended: { zh: '活动已结束', en: 'This activity has ended' },
  more: { zh: '活动页面', en: 'Activity pages' },
  launch: { zh: '上市日期', en: 'Launch date' },
  buy: { zh: '立即购买', en: 'Buy now' },
  notFound: { zh: '页面不存在或已下线', en: 'This page does not exist or is no longer online' },
} as const;

const BASE_CSS = [
  '*{box-sizing:border-box}',
  'html{-webkit-text-size-adjust:100%}',
  'body{margin:0;background:#fff;color:#1f1f1f;font:16px/1.6 -apple-system,"PingFang SC","Microsoft YaHei",Helvetica,Arial,sans-serif}',
  'main{max-width:640px;margin:0 auto;padding:16px}',
  'h1,h2,h3{margin:12px 0;line-height:1.3}',
  'p{margin:8px 0;white-space:pre-wrap;word-wrap:break-word}',
  'a{color:#1668dc}',
  'figure{margin:12px 0}',
  'img{display:block;max-width:100%;height:auto;border-radius:8px}',
  'hr{border:0;border-top:1px solid #e5e5e5;margin:16px 0}',
  '.btn{display:block;margin:12px 0;padding:12px 16px;border-radius:24px;text-align:center;text-decoration:none;font-weight:600}',
  '.btn-primary{background:#1668dc;color:#fff}',
  '.btn-secondary{background:#f0f0f0;color:#1f1f1f}',
  '.btn-outline{border:1px solid #1668dc;color:#1668dc}',
  '.card{display:flex;gap:12px;margin:12px 0;padding:12px;border:1px solid #eee;border-radius:12px;align-items:center}',
  '.card img{width:96px;height:96px;object-fit:cover;flex:none}',
  '.card .name{font-weight:600}',
  '.card .meta{color:#8c8c8c;font-size:13px}',
  '.card .btn{display:inline-block;margin:8px 0 0;padding:6px 16px}',
  '.note{margin:8px 0;padding:8px 12px;border-radius:8px;background:#f5f7fa;color:#595959;font-size:14px}',
  '.center{text-align:center}.right{text-align:right}',
].join('');

const textOf = (zh: string, en: string, lang: H5Lang) => (lang === 'zh-CN' ? zh || en : en || zh);
const word = (w: { zh: string; en: string }, lang: H5Lang) => (lang === 'zh-CN' ? w.zh : w.en);

/** `href` only for a link a page may hold; anything else is left out (the text stays). */
const safeHref = (link: string | null | undefined) => (link && isH5Link(link) ? link : null);

function runHtml(r: H5Run): string {
  let t = escapeHtml(r.text);
  if (r.bold) t = `<strong>${t}</strong>`;
  if (r.italic) t = `<em>${t}</em>`;
  const href = safeHref(r.link);
  return href ? `<a href="${escapeHtml(href)}" rel="noopener">${t}</a>` : t;
}

/** Collects the page's own style rules (one class per distinct style) for the hashed <style> element. */
class Styles {
  private readonly rules = new Map<string, string>();
  cls(css: string): string {
    if (!css) return '';
    let name = this.rules.get(css);
    if (!name) {
      name = `s${this.rules.size}`;
      this.rules.set(css, name);
    }
    return name;
  }
  css(): string {
    return [...this.rules].map(([css, name]) => `.${name}{${css}}`).join('');
  }
}

function textStyle(b: { font: string | null; color: string | null; size?: keyof typeof H5_SIZES }): string {
  const font = H5_FONTS.find((f) => f.name === b.font);
  return [
    font ? `font-family:${font.css}` : '',
    b.color && /^#[0-9A-F]{6}$/i.test(b.color) ? `color:${b.color}` : '',
    b.size ? `font-size:${H5_SIZES[b.size]}px` : '',
  ]
    .filter(Boolean)
    .join(';');
}

const classes = (...c: string[]) => {
  const list = c.filter(Boolean).join(' ');
  return list ? ` class="${list}"` : '';
};
const alignClass = (a: string) => (a === 'left' ? '' : a);

function imageHtml(fileId: number, width: number, height: number, alt: string): string {
  const size = width > 0 && height > 0 ? ` width="${width}" height="${height}"` : '';
  return `<img src="${h5MediaUrl(fileId)}" data-file="${fileId}" alt="${escapeHtml(alt)}"${size} loading="lazy">`;
}

function blockHtml(b: H5Block, lang: H5Lang, st: Styles): string {
  switch (b.kind) {
    case 'heading': {
      const text = textOf(b.textZh, b.textEn, lang);
      return `<h${b.level}${classes(st.cls(textStyle(b)), alignClass(b.align))}>${escapeHtml(text)}</h${b.level}>`;
    }
    case 'paragraph': {
      const runs = lang === 'zh-CN' ? (b.zh.length ? b.zh : b.en) : b.en.length ? b.en : b.zh;
      return `<p${classes(st.cls(textStyle(b)), alignClass(b.align))}>${runs.map(runHtml).join('')}</p>`;
    }
    case 'image': {
      const img = imageHtml(b.fileId, b.width, b.height, textOf(b.altZh, b.altEn, lang));
      const href = safeHref(b.link);
      return `<figure>${href ? `<a href="${escapeHtml(href)}" rel="noopener">${img}</a>` : img}</figure>`;
    }
    case 'product': {
      const name = textOf(b.nameZh, b.nameEn, lang);
      const note = textOf(b.noteZh, b.noteEn, lang);
      const href = safeHref(b.buyLink);
      return [
        '<div class="card">',
        b.fileId ? imageHtml(b.fileId, b.width, b.height, name) : '',
        '<div>',
        `<div class="name">${escapeHtml(name)}</div>`,
        `<div class="meta">${escapeHtml(b.model ? `${b.model} · ${b.sku}` : b.sku)}</div>`,
        note ? `<div>${escapeHtml(note)}</div>` : '',
        href ? `<a class="btn btn-primary" href="${escapeHtml(href)}" rel="noopener">${escapeHtml(word(T.buy, lang))}</a>` : '',
        '</div></div>',
      ].join('');
    }
    case 'button': {
      const href = safeHref(b.link);
      const label = escapeHtml(textOf(b.labelZh, b.labelEn, lang));
      return href ? `<a class="btn btn-${b.style}" href="${escapeHtml(href)}" rel="noopener">${label}</a>` : '';
    }
    case 'spacer':
      return `<div${classes(st.cls(`height:${Math.max(0, Math.min(160, b.height))}px`))}></div>`;
    case 'divider':
      return '<hr>';
  }
}

const dateText = (iso: string, lang: H5Lang, withTime: boolean) =>
  new Intl.DateTimeFormat(lang, {
    dateStyle: 'medium',
    ...(withTime ? { timeStyle: 'short' } : {}),
    timeZone: withTime ? 'Asia/Shanghai' : 'UTC',
  }).format(new Date(withTime ? iso : `${iso}T00:00:00Z`));

function typeHead(c: H5Content, lang: H5Lang, now: Date): string {
  if (c.type === 'activityHome' && c.windowStart && c.windowEnd) {
    const period = `${dateText(c.windowStart, lang, true)} – ${dateText(c.windowEnd, lang, true)}`;
    const state =
      now < new Date(c.windowStart) ? word(T.notStarted, lang) : now >= new Date(c.windowEnd) ? word(T.ended, lang) : '';
    return `<div class="note">${escapeHtml(`${word(T.activity, lang)}: ${period}`)}${state ? `<br><strong>${escapeHtml(state)}</strong>` : ''}</div>`;
  }
  if (c.type === 'newProductIntro' && c.launchDate)
    return `<div class="note">${escapeHtml(`${word(T.launch, lang)}: ${dateText(c.launchDate, lang, false)}`)}</div>`;
  return '';
}

function childrenHtml(children: readonly RenderedChild[], lang: H5Lang): string {
  if (children.length === 0) return '';
  const items = children
    .map(
      (ch) =>
        `<a class="btn btn-outline" href="${escapeHtml(`${h5PublicPath(ch.slug)}?lang=${lang}`)}">${escapeHtml(textOf(ch.titleZh, ch.titleEn, lang))}</a>`,
    )
    .join('');
  return `<h3>${escapeHtml(word(T.more, lang))}</h3>${items}`;
}

function documentOf(lang: H5Lang, title: string, body: string, pageCss: string): RenderedPage {
  const css = BASE_CSS + pageCss;
  const hash = createHash('sha256').update(css, 'utf8').digest('base64');
  const html = [
    '<!doctype html>',
    `<html lang="${lang}">`,
    '<head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover">',
    '<meta name="referrer" content="no-referrer">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${css}</style>`,
    '</head>',
    `<body><main>${body}</main></body></html>`,
  ].join('');
  const csp = [
    "default-src 'none'",
    "img-src 'self'",
    `style-src 'sha256-${hash}'`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  const etag = `"${createHash('sha256').update(html, 'utf8').digest('base64url').slice(0, 32)}"`;
  return { html, csp, etag };
}

/** The page as a phone shows it: the title, the type's head (window, launch date), the blocks, an activity's child pages. */
export function renderPage({ content, lang, children, now }: RenderInput): RenderedPage {
  const st = new Styles();
  const title = textOf(content.titleZh, content.titleEn, lang);
  const body = [
    `<h1>${escapeHtml(title)}</h1>`,
    typeHead(content, lang, now),
    ...content.blocks.map((b) => blockHtml(b, lang, st)),
    content.type === 'activityHome' ? childrenHtml(children, lang) : '',
  ].join('');
  return documentOf(lang, title, body, st.css());
}

/** The public 404: the same strict policy, in the language asked for. */
export function renderNotFound(lang: H5Lang): RenderedPage {
  const text = word(T.notFound, lang);
  return documentOf(lang, text, `<p class="center">${escapeHtml(text)}</p>`, '');
}
