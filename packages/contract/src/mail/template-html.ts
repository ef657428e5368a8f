/**
 * The HTML a template body may hold: formatting only (paragraphs, line breaks, bold,
 * italic, underline, lists), no attribute at all, so no link, image, style or event
 * handler can survive. The editor produces exactly this; anything else is dropped on save.
 */

const ALLOWED = new Set(['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li', 'div', 'span']);
const VOID = new Set(['br']);
/** Elements dropped together with what they contain. */
const DROP_WITH_CONTENT =
  /<(script|style|iframe|object|embed|template|noscript|svg|math|head|title|textarea|select)\b[\s\S]*?(?:<\/\1\s*>|$)/gi;

const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', '#39': "'" };

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (m, e: string) => {
    const k = e.toLowerCase();
    if (k.startsWith('#x')) return safeChar(Number.parseInt(k.slice(2), 16), m);
    if (k.startsWith('#')) return safeChar(Number.parseInt(k.slice(1), 10), m);
    return ENTITY[k] ?? m;
  });
}
const safeChar = (n: number, fallback: string) =>
  Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : fallback;

/** Keeps allowed tags without attributes, escapes stray `<`/`>`, drops everything else. */
export function sanitizeTemplateHtml(html: string, opts: { fonts?: readonly string[] } = {}): string {
  const cleaned = html.replace(/<!--[\s\S]*?(?:-->|$)/g, '').replace(DROP_WITH_CONTENT, '');
  let out = '';
  const re = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^<>]*>/g;
  let last = 0;
  const escapeText = (t: string) => t.replace(/</g, '&lt;').replace(/>/g, '&gt;');
  for (const m of cleaned.matchAll(re)) {
    out += escapeText(cleaned.slice(last, m.index));
    last = m.index + m[0].length;
    const name = (m[2] ?? '').toLowerCase();
    if (name === 'font' && opts.fonts) {
      // Replies keep the font a family of spec §9 was set in (<font face>), nothing else of the tag.
      if (m[1]) out += '</font>';
      else {
        const face = /\bface\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(m[0]);
        const value = decodeEntities(face?.[1] ?? face?.[2] ?? face?.[3] ?? '');
        const known = opts.fonts.find((f) => f.toLowerCase() === value.trim().toLowerCase());
        out += known ? `<font face="${known}">` : '<font>';
      }
      continue;
    }
    if (!ALLOWED.has(name)) continue;
    if (VOID.has(name)) out += m[1] ? '' : '<br>';
    else out += m[1] ? `</${name}>` : `<${name}>`;
  }
  out += escapeText(cleaned.slice(last));
  return out;
}

/** The text a reader sees: block ends become line breaks, tags go, entities are decoded. */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(DROP_WITH_CONTENT, '')
      .replace(/<\s*br\s*\/?>/gi, '\n')
      .replace(/<\/\s*(p|div|li|ul|ol|h\d)\s*>/gi, '\n')
      .replace(/<[^<>]*>/g, ''),
  )
    .replace(/\u00a0/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Every href/src value of the raw HTML: links the text alone would hide. */
export function htmlLinkTargets(html: string): string[] {
  return [...html.matchAll(/\b(?:href|src|action|formaction)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)].map((m) =>
    decodeEntities(m[1] ?? m[2] ?? m[3] ?? ''),
  );
}
