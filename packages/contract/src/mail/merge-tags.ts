/**
 * Merge tags of mail templates: `{{buyerName}}`, `{{orderId}}`, … Pure functions shared by
 * the server (checked and rendered on save, by auto-mails, auto-reply and invitation plans)
 * and the web (live preview). A tag the engine does not know is refused, never sent as
 * literal braces to a buyer. Values put into HTML are escaped.
 */

export const MERGE_TAGS = [
  { tag: 'buyerName', zh: '买家姓名', en: 'Buyer name', sample: 'Emily Carter' },
  { tag: 'orderId', zh: '订单号', en: 'Order ID', sample: '112-4827361-5523419' },
  { tag: 'asin', zh: 'ASIN', en: 'ASIN', sample: 'B08K3PQ7ZL' },
  { tag: 'sku', zh: 'SKU', en: 'SKU', sample: 'H6159-US' },
  { tag: 'productTitle', zh: '商品标题', en: 'Product title', sample: 'Lumio LED Strip Lights 32.8ft, RGB, App Control' },
  { tag: 'shopName', zh: '店铺名称', en: 'Shop name', sample: 'Lumio US' },
  { tag: 'marketName', zh: '站点', en: 'Marketplace', sample: 'Amazon.com' },
  { tag: 'sellerName', zh: '卖家名称', en: 'Seller name', sample: 'Lumio Lighting' },
  { tag: 'agentName', zh: '客服姓名', en: 'Agent name', sample: 'Grace' },
  { tag: 'orderDate', zh: '下单日期', en: 'Order date', sample: '2026-11-02' },
  { tag: 'shipDate', zh: '发货日期', en: 'Ship date', sample: '2026-11-03' },
  { tag: 'deliveryDate', zh: '送达日期', en: 'Delivery date', sample: '2026-11-06' },
  { tag: 'trackingNumber', zh: '物流单号', en: 'Tracking number', sample: '1Z999AA10123456784' },
  { tag: 'carrier', zh: '承运商', en: 'Carrier', sample: 'UPS' },
  { tag: 'quantity', zh: '数量', en: 'Quantity', sample: '1' },
] as const;

export type MergeTag = (typeof MERGE_TAGS)[number]['tag'];
export type MergeValues = Partial<Record<MergeTag, string | number | null>>;

const KNOWN = new Set<string>(MERGE_TAGS.map((t) => t.tag));
export const isMergeTag = (name: string): name is MergeTag => KNOWN.has(name);

/** Sample values for previews. */
export const SAMPLE_MERGE_VALUES: Record<MergeTag, string> = Object.fromEntries(
  MERGE_TAGS.map((t) => [t.tag, t.sample]),
) as Record<MergeTag, string>;

export type TagProblemCode = 'unknownTag' | 'unclosedTag' | 'emptyTag';
export interface TagProblem {
  code: TagProblemCode;
  /** The text as written, e.g. `{{buyername}}`. */
  excerpt: string;
  start: number;
  /** The tag the writer probably meant (case or one typo away), if any. */
  suggestion?: MergeTag;
}

/** `{{ name }}`: letters, digits and underscores, spaces inside the braces allowed. */
const TAG = /\{\{\s*([^{}]*?)\s*\}\}/g;

const distance = (a: string, b: string) => {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) (d[0] as number[])[j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const row = d[i] as number[];
      const prev = d[i - 1] as number[];
      row[j] = Math.min(
        (prev[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (prev[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
  return (d[a.length] as number[])[b.length] as number;
};

export function suggestTag(name: string): MergeTag | undefined {
  const lower = name.toLowerCase();
  let best: { tag: MergeTag; d: number } | undefined;
  for (const { tag } of MERGE_TAGS) {
    const d = tag.toLowerCase() === lower ? 0 : distance(lower, tag.toLowerCase());
    if (d <= 2 && (!best || d < best.d)) best = { tag, d };
  }
  return best?.tag;
}

/** Every problem with the tags of a text: unknown names, `{{` without `}}`, empty braces. */
export function checkTags(text: string): TagProblem[] {
  const out: TagProblem[] = [];
  for (const m of text.matchAll(TAG)) {
    const name = m[1] ?? '';
    if (name === '') out.push({ code: 'emptyTag', excerpt: m[0], start: m.index });
    else if (!isMergeTag(name)) {
      const suggestion = suggestTag(name);
      out.push({ code: 'unknownTag', excerpt: m[0], start: m.index, ...(suggestion ? { suggestion } : {}) });
    }
  }
  // What is left after removing well-formed tags: a `{{` there never closes.
  const rest = text.replace(TAG, (s) => ' '.repeat(s.length));
  let i = rest.indexOf('{{');
  while (i >= 0) {
    out.push({ code: 'unclosedTag', excerpt: text.slice(i, i + 24), start: i });
    i = rest.indexOf('{{', i + 2);
  }
  return out.sort((a, b) => a.start - b.start);
}

/** The tags a text uses, once each, in order of appearance. */
export function usedTags(text: string): MergeTag[] {
  const seen: MergeTag[] = [];
  for (const m of text.matchAll(TAG)) {
    const name = m[1] ?? '';
    if (isMergeTag(name) && !seen.includes(name)) seen.push(name);
  }
  return seen;
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

export class MergeTagError extends Error {
  constructor(readonly problems: TagProblem[]) {
    super(`merge tags refused: ${problems.map((p) => describeTagProblem(p, 'en-US')).join('; ')}`);
  }
}

export function describeTagProblem(p: TagProblem, lang: 'zh-CN' | 'en-US'): string {
  const zh = lang === 'zh-CN';
  switch (p.code) {
    case 'unknownTag':
      return zh
        ? `未知的合并标签 ${p.excerpt}${p.suggestion ? `，是否为 {{${p.suggestion}}}？` : ''}`
        : `unknown merge tag ${p.excerpt}${p.suggestion ? ` (did you mean {{${p.suggestion}}}?)` : ''}`;
    case 'unclosedTag':
      return zh ? `合并标签缺少 }}：${p.excerpt}` : `merge tag not closed with }}: ${p.excerpt}`;
    case 'emptyTag':
      return zh ? '空的合并标签 {{}}' : 'empty merge tag {{}}';
  }
}

export interface RenderResult {
  text: string;
  /** Tags used by the text that had no value (rendered as an empty string). */
  missing: MergeTag[];
}

/**
 * Replaces the tags of `text` with `values`. Refuses (MergeTagError) a text with any tag
 * problem. With `html`, values are escaped (a buyer name `<b>` stays text).
 */
export function renderMergeTags(text: string, values: MergeValues, opts: { html: boolean }): RenderResult {
  const problems = checkTags(text);
  if (problems.length) throw new MergeTagError(problems);
  const missing: MergeTag[] = [];
  const out = text.replace(TAG, (_s, raw: string) => {
    const name = raw.trim() as MergeTag;
    const v = values[name];
    if (v === undefined || v === null || v === '') {
      if (!missing.includes(name)) missing.push(name);
      return '';
    }
    return opts.html ? escapeHtml(String(v)) : String(v);
  });
  return { text: out, missing };
}
