/**
 * The blocks of an H5 page (docs/h5-pages.md): heading, paragraph (a small safe rich text
 * stored as runs: text with bold, italic and an optional link; the paragraph's font from
 * spec §9, a size from a fixed scale and a colour), image (a file of the store), product card
 * (a catalogue SKU), button, spacer and divider. Stored as data, never as HTML: the server's
 * renderer writes the HTML, escaping every text.
 */
import { z } from 'zod';
import { DOC_FONTS } from '../backmgr/docs';
import { idValue } from '../envelope';
import { fieldCode } from '../validation';

/** The fonts a paragraph or heading may use (spec §9; the Chinese one is Microsoft YaHei, as the documents'). */
export const H5_FONTS = DOC_FONTS;
export type H5Font = (typeof H5_FONTS)[number]['name'];
const FONT_NAMES = H5_FONTS.map((f) => f.name) as [H5Font, ...H5Font[]];

/** The text sizes, in CSS pixels at phone width. */
export const H5_SIZES = { s: 14, m: 16, l: 20, xl: 24 } as const;
export type H5Size = keyof typeof H5_SIZES;
export const H5_ALIGNS = ['left', 'center', 'right'] as const;
export const H5_BUTTON_STYLES = ['primary', 'secondary', 'outline'] as const;
export const H5_BLOCK_KINDS = ['heading', 'paragraph', 'image', 'product', 'button', 'spacer', 'divider'] as const;
export type H5BlockKind = (typeof H5_BLOCK_KINDS)[number];
export const H5_MAX_BLOCKS = 100;
/** The app's own scheme: a link to one of its screens. */
export const H5_APP_SCHEME = 'lumio://';

/** Whether a link is one a page may hold: https, or the app's scheme. Nothing else (javascript:, data:, http:). */
export const isH5Link = (s: string): boolean =>
  // eslint-disable-next-line security/detect-unsafe-regex -- linear: each repetition starts with a separator the one before cannot hold
  /^https:\/\/[a-z0-9.-]+(:\d+)?(\/[^\s]*)?$/i.test(s) || /^lumio:\/\/[a-z0-9][^\s]*$/i.test(s);

const link = z.string().trim().max(1000).refine(isH5Link, fieldCode('h5.link'));
const optionalLink = z
  .string()
  .trim()
  .max(1000)
  .refine((s) => s === '' || isH5Link(s), fieldCode('h5.link'))
  .default('');
const color = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, fieldCode('appContent.color'))
  .transform((s) => s.toUpperCase());
const text = (max: number) => z.string().trim().max(max, fieldCode('tooLong')).default('');

/** One piece of a paragraph: its text and marks. */
export const runSchema = z.object({
  text: z.string().max(2000),
  bold: z.boolean().default(false),
  italic: z.boolean().default(false),
  link: z.string().max(1000).nullable().default(null),
});
export type H5Run = z.infer<typeof runSchema>;

const runs = z.array(runSchema).max(200, fieldCode('tooManyItems')).default([]);
const style = {
  font: z.enum(FONT_NAMES).nullable().default(null),
  size: z.enum(Object.keys(H5_SIZES) as [H5Size, ...H5Size[]]).default('m'),
  color: color.nullable().default(null),
  align: z.enum(H5_ALIGNS).default('left'),
};

export const headingBlock = z.object({
  kind: z.literal('heading'),
  textZh: text(200),
  textEn: text(200),
  level: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(2),
  font: style.font,
  color: style.color,
  align: style.align,
});
export const paragraphBlock = z.object({ kind: z.literal('paragraph'), zh: runs, en: runs, ...style });
export const imageBlock = z.object({
  kind: z.literal('image'),
  fileId: idValue,
  /** Filled by the server from the stored file at save. */
  width: z.number().int().default(0),
  height: z.number().int().default(0),
  altZh: text(200),
  altEn: text(200),
  link: optionalLink,
});
export const productBlock = z.object({
  kind: z.literal('product'),
  sku: z.string().trim().min(1, fieldCode('required')).max(64),
  /** Filled by the server from the catalogue at save. */
  nameZh: z.string().default(''),
  nameEn: z.string().default(''),
  model: z.string().default(''),
  /** The catalogue keeps no product photos: the card's image is an upload (optional). */
  fileId: idValue.nullable().default(null),
  width: z.number().int().default(0),
  height: z.number().int().default(0),
  buyLink: link,
  noteZh: text(200),
  noteEn: text(200),
});
export const buttonBlock = z.object({
  kind: z.literal('button'),
  labelZh: text(40),
  labelEn: text(40),
  link,
  style: z.enum(H5_BUTTON_STYLES).default('primary'),
});
export const spacerBlock = z.object({ kind: z.literal('spacer'), height: z.number().int().min(4).max(160).default(24) });
export const dividerBlock = z.object({ kind: z.literal('divider') });

const runsText = (r: readonly H5Run[]) =>
  r
    .map((x) => x.text)
    .join('')
    .trim();

/** A block as stored and as sent: the kind decides its fields; each rule names `blocks.N.field`. */
export const blockSchema = z
  .discriminatedUnion('kind', [headingBlock, paragraphBlock, imageBlock, productBlock, buttonBlock, spacerBlock, dividerBlock])
  .superRefine((b, ctx) => {
    const need = (zh: string, en: string, path: string) => {
      if (!zh && !en) ctx.addIssue({ code: 'custom', path: [path], message: fieldCode('h5.textRequired') });
    };
    if (b.kind === 'heading') need(b.textZh, b.textEn, 'textZh');
    if (b.kind === 'button') need(b.labelZh, b.labelEn, 'labelZh');
    if (b.kind === 'image') need(b.altZh, b.altEn, 'altZh');
    if (b.kind === 'paragraph') {
      need(runsText(b.zh), runsText(b.en), 'zh');
      for (const lang of ['zh', 'en'] as const)
        if (b[lang].some((r) => r.link !== null && !isH5Link(r.link)))
          ctx.addIssue({ code: 'custom', path: [lang], message: fieldCode('h5.link') });
    }
  });
export type H5Block = z.infer<typeof blockSchema>;
export type H5BlockInput = z.input<typeof blockSchema>;

/** Whether a block says something in a language (spacers and dividers say nothing). */
export function blockHasLang(b: H5Block, lang: 'zh' | 'en'): boolean {
  switch (b.kind) {
    case 'heading':
      return !!(lang === 'zh' ? b.textZh : b.textEn);
    case 'paragraph':
      return runsText(b[lang]) !== '';
    case 'image':
      return !!(lang === 'zh' ? b.altZh : b.altEn);
    case 'product':
      return true;
    case 'button':
      return !!(lang === 'zh' ? b.labelZh : b.labelEn);
    default:
      return false;
  }
}

/** A new block of a kind, as the editor adds it. */
export function emptyBlock(kind: H5BlockKind): H5BlockInput {
  switch (kind) {
    case 'heading':
      return { kind, textZh: '', textEn: '', level: 2, font: null, color: null, align: 'left' };
    case 'paragraph':
      return { kind, zh: [], en: [], font: null, size: 'm', color: null, align: 'left' };
    case 'image':
      return { kind, fileId: 0, width: 0, height: 0, altZh: '', altEn: '', link: '' };
    case 'product':
      return {
        kind,
        sku: '',
        nameZh: '',
        nameEn: '',
        model: '',
        fileId: null,
        width: 0,
        height: 0,
        buyLink: '',
        noteZh: '',
        noteEn: '',
      };
    case 'button':
      return { kind, labelZh: '', labelEn: '', link: '', style: 'primary' };
    case 'spacer':
      return { kind, height: 24 };
    case 'divider':
      return { kind };
  }
}

// ---- the paragraph's markup in the editor: **bold**, *italic*, [text](link) ----

/**
 * The runs of a paragraph written in the editor's small markup: `**bold**`, `*italic*` and
 * `[text](https://…)`. Anything else is plain text (a lone `*` stays a star). The link is kept
 * as written; the schema refuses one that is not https or the app's scheme.
 */
export function runsFromMarkup(src: string): H5Run[] {
  const out: H5Run[] = [];
  const push = (text: string, bold: boolean, italic: boolean, link: string | null) => {
    if (!text) return;
    const last = out[out.length - 1];
    if (last && last.bold === bold && last.italic === italic && last.link === link) last.text += text;
    else out.push({ text, bold, italic, link });
  };
  const re = /\[([^\]]+)\]\(([^)\s]*)\)|\*\*([^*]+)\*\*|\*([^*]+)\*/g;
  let at = 0;
  for (let m = re.exec(src); m; m = re.exec(src)) {
    push(src.slice(at, m.index), false, false, null);
    if (m[1] !== undefined) push(m[1], false, false, m[2] ?? '');
    else if (m[3] !== undefined) push(m[3], true, false, null);
    else if (m[4] !== undefined) push(m[4], false, true, null);
    at = m.index + m[0].length;
  }
  push(src.slice(at), false, false, null);
  return out;
}

/** The editor's markup of runs (the inverse of runsFromMarkup for what it produces). */
export function markupOf(runs: readonly H5Run[]): string {
  return runs
    .map((r) => {
      let t = r.text;
      if (r.bold) t = `**${t}**`;
      if (r.italic) t = `*${t}*`;
      if (r.link !== null) t = `[${t}](${r.link})`;
      return t;
    })
    .join('');
}
