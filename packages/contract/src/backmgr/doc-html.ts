/**
 * The allow-list sanitiser of the back office's document bodies: the server runs it on every
 * save (what is stored has passed it); the web's editor cleans an outside value with it too.
 * The input is read as a stream of tags and text
 * and a NEW document is written from it: only the tags and attributes below survive, every
 * text and attribute value is escaped on the way out, tags are balanced, and the content of
 * script-like elements is dropped whole. Nothing of the input reaches the output unescaped
 * except the names this file writes itself, so a construct the reader does not understand
 * becomes text, never markup.
 *
 * Kept: paragraphs, line breaks, bold / italic / underline / strike, headings h1–h4, lists,
 * block quotes, code, rules, links (http(s) and relative only; a
 * link opening a new tab gets rel="noopener noreferrer") and font families of spec §9 (as
 * `style="font-family: …"`; a `<font face>` from the browser's editor becomes a span).
 * Dropped: every other tag (its text stays), every other attribute (on*, style declarations
 * other than an allowed font-family, class, id, src, …), comments, doctype, processing
 * instructions, and the content of script, style, iframe, object, embed, svg, math, template, ….
 */
import { DOC_FONTS } from './docs';

const ALLOWED = new Set([
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'strike',
  'h1',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'a',
  'span',
  'font',
  'div',
  'blockquote',
  'pre',
  'code',
  'hr',
  'sub',
  'sup',
]);
const VOID = new Set(['br', 'hr']);
/** Elements whose content is never text of the document: dropped with their element. */
const DROP_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'noscript',
  'noembed',
  'noframes',
  'template',
  'textarea',
  'title',
  'xmp',
  'plaintext',
  'svg',
  'math',
  'select',
  'head',
]);
/** Tags that may carry a font family. */
const STYLED = new Set(['span', 'p', 'div', 'li', 'h1', 'h2', 'h3', 'h4']);

/** Allowed font families by their lower-case names (with and without quotes), to the value written. */
const FONT_OF = new Map<string, string>();
for (const f of DOC_FONTS) {
  FONT_OF.set(f.name.toLowerCase(), f.css);
  FONT_OF.set(f.css.replace(/['"]/g, '').toLowerCase(), f.css);
}

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  middot: '·',
  times: '×',
  colon: ':',
  tab: '\t',
  newline: '\n',
};

/** Character references decoded (an unknown one stays as written, and is escaped on output). */
function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});?/gi, (all, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
      return String.fromCodePoint(code);
    }
    return NAMED[ref.toLowerCase()] ?? all;
  });
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** A link target that is http(s) or relative; null for anything else (javascript:, data:, //host, \\host, …). */
export function safeHref(raw: string): string | null {
  // Browsers drop ASCII whitespace and control characters inside a URL's scheme: so does the check.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed here.
  const v = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (!v) return null;
  if (v.includes('\\')) return null;
  // A character reference this decoder does not know may be one a browser does (&colon;): refused.
  if (/&[a-z][a-z0-9]*;/i.test(v)) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(v);
  if (scheme) return /^https?$/i.test(scheme[1] ?? '') && /^https?:\/\/[^/]/i.test(v) ? v : null;
  if (v.startsWith('//')) return null;
  // A relative reference must not hide a scheme behind a colon before its first / ? #.
  const head = v.split(/[/?#]/, 1)[0] ?? '';
  return head.includes(':') ? null : v;
}

/** The allowed font family of a style attribute, as written back; null when it names none. */
export function fontFamilyOf(style: string): string | null {
  for (const decl of decodeEntities(style).split(';')) {
    const i = decl.indexOf(':');
    if (i < 0) continue;
    if (decl.slice(0, i).trim().toLowerCase() !== 'font-family') continue;
    return fontOfValue(decl.slice(i + 1));
  }
  return null;
}
const fontOfValue = (value: string): string | null => {
  const first = (value.split(',')[0] ?? '')
    .trim()
    .replace(/^['"]|['"]$/g, '')
    .trim()
    .toLowerCase();
  return FONT_OF.get(first) ?? null;
};

interface Tag {
  name: string;
  attrs: Map<string, string>;
  end: boolean;
  /** The index just after the tag's '>' (or the input's end). */
  next: number;
}

/** Reads a tag starting at `at` (the '<'); null when what follows is not a tag (then '<' is text). */
function readTag(html: string, at: number): Tag | null {
  let i = at + 1;
  const end = html[i] === '/';
  if (end) i++;
  const m = /^[a-zA-Z][^\s/>]*/.exec(html.slice(i, i + 64));
  if (!m) return null;
  const name = m[0].toLowerCase();
  i += m[0].length;
  const attrs = new Map<string, string>();
  const n = html.length;
  while (i < n) {
    while (i < n && /[\s/]/.test(html[i] as string)) i++;
    if (i >= n) break;
    if (html[i] === '>') return { name, attrs, end, next: i + 1 };
    const an = /^[^\s/>=][^\s/>=]*/.exec(html.slice(i, i + 256));
    if (!an) {
      i++;
      continue;
    }
    const attrName = an[0].toLowerCase();
    i += an[0].length;
    while (i < n && /\s/.test(html[i] as string)) i++;
    let value = '';
    if (html[i] === '=') {
      i++;
      while (i < n && /\s/.test(html[i] as string)) i++;
      const q = html[i];
      if (q === '"' || q === "'") {
        const close = html.indexOf(q, i + 1);
        const stop = close < 0 ? n : close;
        value = html.slice(i + 1, stop);
        i = stop + 1;
      } else {
        const v = /^[^\s>]*/.exec(html.slice(i))?.[0] ?? '';
        value = v;
        i += v.length;
      }
    }
    if (!attrs.has(attrName)) attrs.set(attrName, value);
  }
  return { name, attrs, end, next: n };
}

/** The attributes written for an allowed tag (already escaped), with a leading space each. */
function attrsOf(name: string, attrs: Map<string, string>): string {
  const out: string[] = [];
  let font: string | null = null;
  if (name === 'font') {
    const face = attrs.get('face');
    font = face ? fontOfValue(decodeEntities(face)) : null;
  } else if (STYLED.has(name)) {
    const style = attrs.get('style');
    font = style ? fontFamilyOf(style) : null;
  }
  if (name === 'a') {
    const href = attrs.get('href');
    const safe = href === undefined ? null : safeHref(href);
    if (safe) out.push(` href="${escapeAttr(safe)}"`);
    const title = attrs.get('title');
    if (title) out.push(` title="${escapeAttr(decodeEntities(title))}"`);
    if (safe && attrs.get('target') === '_blank') out.push(' target="_blank" rel="noopener noreferrer"');
  }
  if (font) out.push(` style="font-family: ${escapeAttr(font)}"`);
  return out.join('');
}

/** Where `</name` ends an element in `lower` (followed by whitespace, '/', '>' or the end), from `from`; -1 when nowhere. */
function endTagAt(lower: string, name: string, from: number): number {
  for (let at = lower.indexOf(`</${name}`, from); at >= 0; at = lower.indexOf(`</${name}`, at + 1)) {
    const next = lower[at + 2 + name.length];
    if (next === undefined || /[\s/>]/.test(next)) return at;
  }
  return -1;
}

/** The allow-listed document of `html` (see the file's head). */
export function sanitizeHtml(html: string): string {
  // NUL is dropped before reading (browsers read it as U+FFFD or ignore it; either way it is no text of the document).
  const input = html.split('\u0000').join('');
  // ASCII-only lower case keeps every index of the input (full Unicode lower-casing may not).
  const lower = input.replace(/[A-Z]/g, (c) => c.toLowerCase());
  const out: string[] = [];
  const open: string[] = [];
  const n = input.length;
  let i = 0;
  const text = (s: string) => {
    if (s) out.push(escapeText(decodeEntities(s)));
  };
  while (i < n) {
    const lt = input.indexOf('<', i);
    if (lt < 0) {
      text(input.slice(i));
      break;
    }
    text(input.slice(i, lt));
    if (input.startsWith('<!--', lt)) {
      const close = input.indexOf('-->', lt + 4);
      i = close < 0 ? n : close + 3;
      continue;
    }
    if (input[lt + 1] === '!' || input[lt + 1] === '?') {
      const close = input.indexOf('>', lt + 2);
      i = close < 0 ? n : close + 1;
      continue;
    }
    const tag = readTag(input, lt);
    if (!tag) {
      out.push('&lt;');
      i = lt + 1;
      continue;
    }
    i = tag.next;
    if (!tag.end && DROP_CONTENT.has(tag.name)) {
      // Skip to the element's end tag (the first one: these elements hold no nested markup that matters).
      const at = endTagAt(lower, tag.name, i);
      if (at < 0) break;
      const close = input.indexOf('>', at);
      i = close < 0 ? n : close + 1;
      continue;
    }
    if (!ALLOWED.has(tag.name)) continue;
    const name = tag.name === 'font' ? 'span' : tag.name;
    if (tag.end) {
      if (VOID.has(name)) continue;
      const at = open.lastIndexOf(name);
      if (at < 0) continue;
      while (open.length > at) out.push(`</${open.pop()}>`);
      continue;
    }
    out.push(`<${name}${attrsOf(tag.name, tag.attrs)}>`);
    if (!VOID.has(name)) open.push(name);
  }
  while (open.length) out.push(`</${open.pop()}>`);
  return out.join('');
}
