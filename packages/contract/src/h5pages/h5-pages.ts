/**
 * H5 pages (issue #24; /user-platform/h5Making, /user-platform/h5ActivityMaking/index and
 * /newProductIntro with their editors; docs/h5-pages.md). A page has a type, a title in
 * Chinese and/or English, a slug (its public address `/h5/{slug}`), blocks in order, and its
 * type's fields (an activity home's window and child pages; a new-product intro's SKU and launch
 * date). Edits change the draft; `publish` copies the draft into the live snapshot that the
 * public URL renders, so an edit never changes what people see until it is published.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, instantSchema, isoDate, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { storedFileSchema } from '../files/files';
import { defineStateMachine } from '../state-machine';
import { fieldCode } from '../validation';
import { blockHasLang, blockSchema, H5_MAX_BLOCKS } from './blocks';

export const H5_TYPES = ['page', 'activityHome', 'newProductIntro'] as const;
export type H5Type = (typeof H5_TYPES)[number];
export const H5_STATES = ['draft', 'published', 'archived'] as const;
export type H5State = (typeof H5_STATES)[number];
export const H5_ACTIONS = ['publish', 'archive', 'restore'] as const;
export type H5Action = (typeof H5_ACTIONS)[number];
export const H5_LANGS = ['zh-CN', 'en-US'] as const;
export type H5Lang = (typeof H5_LANGS)[number];
export const H5_MAX_CHILDREN = 20;

/** The two screens (permissions) and the types each holds. */
export const H5_GROUPS = {
  h5Making: { page: 'user:platform:h5Making:config', types: ['page'], segment: 'pages' },
  h5ActivityMaking: {
    page: 'user:platform:h5ActivityMaking:config',
    types: ['activityHome', 'newProductIntro'],
    segment: 'activities',
  },
} as const;
export type H5Group = keyof typeof H5_GROUPS;
export const groupOfType = (t: H5Type): H5Group => (t === 'page' ? 'h5Making' : 'h5ActivityMaking');

export const H5_MACHINE = defineStateMachine<H5State, H5Action>({
  entity: { zh: 'H5 页面', en: 'H5 page' },
  states: {
    draft: { label: { zh: '草稿', en: 'Draft' }, tone: 'default' },
    published: { label: { zh: '已发布', en: 'Published' }, tone: 'success' },
    archived: { label: { zh: '已归档', en: 'Archived' }, tone: 'warning' },
  },
  transitions: [
    {
      action: 'publish',
      from: ['draft', 'published'],
      to: 'published',
      label: { zh: '发布', en: 'Publish' },
      confirm: {
        zh: '发布后，公开链接立即显示当前草稿的内容。',
        en: 'Once published, the public URL shows this draft at once.',
      },
      destructive: false,
    },
    {
      action: 'archive',
      from: ['draft', 'published'],
      to: 'archived',
      label: { zh: '归档', en: 'Archive' },
      confirm: {
        zh: '归档后公开链接不再打开此页面，页面也不能再编辑，可恢复为草稿。',
        en: 'Archived, the public URL no longer opens the page and it cannot be edited; it may be restored as a draft.',
      },
    },
    { action: 'restore', from: ['archived'], to: 'draft', label: { zh: '恢复为草稿', en: 'Restore as draft' } },
  ],
});

const slug = z
  .string()
  .trim()
  .regex(/^[a-z0-9-]{3,60}$/, fieldCode('h5.slug'));
const title = z.string().trim().max(120, fieldCode('tooLong')).default('');

/** What the editor sends (the type's fields are checked for its type; the server empties them for the others). */
const pageFields = {
  type: z.enum(H5_TYPES),
  slug,
  titleZh: title,
  titleEn: title,
  blocks: z.array(blockSchema).max(H5_MAX_BLOCKS, fieldCode('tooManyItems')).default([]),
  windowStart: instantSchema.nullable().default(null),
  windowEnd: instantSchema.nullable().default(null),
  childIds: z.array(idValue).max(H5_MAX_CHILDREN, fieldCode('tooManyItems')).default([]),
  productSku: z.string().trim().max(64).nullable().default(null),
  launchDate: isoDate.nullable().default(null),
};

type PageFields = z.output<z.ZodObject<typeof pageFields>>;

function checkPage(b: PageFields, ctx: z.RefinementCtx): void {
  const issue = (path: (string | number)[], code: Parameters<typeof fieldCode>[0]) =>
    ctx.addIssue({ code: 'custom', path, message: fieldCode(code) });
  if (!b.titleZh && !b.titleEn) issue(['titleZh'], 'h5.titleRequired');
  if (b.type === 'activityHome') {
    if (!b.windowStart) issue(['windowStart'], 'required');
    if (!b.windowEnd) issue(['windowEnd'], 'required');
    if (b.windowStart && b.windowEnd && b.windowEnd <= b.windowStart) issue(['windowEnd'], 'h5.windowOrder');
    if (new Set(b.childIds).size !== b.childIds.length) issue(['childIds'], 'listedTwice');
  }
  if (b.type === 'newProductIntro') {
    if (!b.productSku) issue(['productSku'], 'required');
    if (!b.launchDate) issue(['launchDate'], 'required');
  }
}

export const h5PageBody = z.object(pageFields).strict().superRefine(checkPage);
export type H5PageBody = z.output<typeof h5PageBody>;
export type H5PageInput = z.input<typeof h5PageBody>;
export const h5UpdateBody = z
  .object({ ...pageFields, version: idValue })
  .strict()
  .superRefine(checkPage);
export const h5PreviewBody = z
  .object({ ...pageFields, lang: z.enum(H5_LANGS), id: idValue.nullable().default(null) })
  .strict()
  .superRefine(checkPage);

/** The content a snapshot keeps (the draft's and the live one's): everything of the body but its slug. */
export type H5Content = Omit<H5PageBody, 'slug'>;

/**
 * Why a page's content cannot be published (null: it can): at least one block, and a block
 * saying something in each language the title has.
 */
export function publishRefusal(c: Pick<H5Content, 'titleZh' | 'titleEn' | 'blocks'>): 'h5.noBlocks' | 'h5.langMissing' | null {
  if (c.blocks.length === 0) return 'h5.noBlocks';
  if (c.titleZh && !c.blocks.some((b) => blockHasLang(b, 'zh'))) return 'h5.langMissing';
  if (c.titleEn && !c.blocks.some((b) => blockHasLang(b, 'en'))) return 'h5.langMissing';
  return null;
}

export const h5RowSchema = z.object({
  id: z.number().int(),
  type: z.enum(H5_TYPES),
  slug: z.string(),
  titleZh: z.string(),
  titleEn: z.string(),
  state: z.enum(H5_STATES),
  blockCount: z.number().int(),
  /** The draft differs from what is live (a published page with unpublished edits). */
  changed: z.boolean(),
  publishedAt: z.string().nullable(),
  /** The public address's path: `/h5/{slug}`. */
  publicPath: z.string(),
  version: z.number().int(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type H5Row = z.infer<typeof h5RowSchema>;

const contentSchema = z.object({
  type: z.enum(H5_TYPES),
  titleZh: z.string(),
  titleEn: z.string(),
  blocks: z.array(blockSchema),
  windowStart: z.string().nullable(),
  windowEnd: z.string().nullable(),
  childIds: z.array(z.number().int()),
  productSku: z.string().nullable(),
  launchDate: z.string().nullable(),
});

export const h5PageSchema = h5RowSchema.extend({ draft: contentSchema, live: contentSchema.nullable() });
export type H5Page = z.infer<typeof h5PageSchema>;

export const h5ListQuery = z.object({
  type: z.enum(H5_TYPES).optional(),
  state: z.enum(H5_STATES).optional(),
  keyword: z.string().trim().max(100).optional(),
  sortField: z.enum(['updatedAt', 'slug']).default('updatedAt'),
  sortOrder: sortOrderSchema.default('desc'),
  ...pagingQuery,
});

const params = z.object({ id: idParam });
const tags = ['h5 pages'];
export const H5_BASE = 'h5pages/rest/v1';

/** The endpoints of one screen group (its permission), all under `h5pages/rest/v1/{segment}`. */
function groupEndpoints<G extends H5Group>(group: G) {
  const def = H5_GROUPS[group];
  const base = `${H5_BASE}/${def.segment}` as const;
  const page = def.page;
  return {
    list: defineEndpoint({
      method: 'GET',
      path: `${base}`,
      access: page,
      summary: `H5 pages of the types ${def.types.join(', ')}: newest edit first`,
      tags,
      query: h5ListQuery,
      data: pageSchema(h5RowSchema),
    }),
    get: defineEndpoint({
      method: 'GET',
      path: `${base}/{id}`,
      access: page,
      summary: 'One page with its draft and its live snapshot',
      tags,
      params,
      data: h5PageSchema,
    }),
    create: defineEndpoint({
      method: 'POST',
      path: `${base}`,
      access: `${page}:create`,
      summary: 'Add a draft page (409 on slug when another page has it)',
      tags,
      write: true,
      body: h5PageBody,
      data: h5PageSchema,
    }),
    update: defineEndpoint({
      method: 'PUT',
      path: `${base}/{id}`,
      access: `${page}:edit`,
      summary:
        'Save the draft (the live snapshot is untouched); 409 stale or archived; the slug is fixed once published, the type always',
      tags,
      write: true,
      params,
      body: h5UpdateBody,
      data: h5PageSchema,
    }),
    act: defineEndpoint({
      method: 'POST',
      path: `${base}/{id}/actions`,
      access: `${page}:edit`,
      summary:
        'publish (the draft becomes the live snapshot), archive, restore; 409 naming the state or stale; 400 when not publishable',
      tags,
      write: true,
      params,
      body: z.object({ action: z.enum(H5_ACTIONS), version: idValue }).strict(),
      data: h5PageSchema,
    }),
    remove: defineEndpoint({
      method: 'DELETE',
      path: `${base}/{id}`,
      access: `${page}:delete`,
      summary: 'Delete a draft or archived page (409 for a published one: archive it first)',
      tags,
      write: true,
      params,
      data: z.null(),
    }),
    preview: defineEndpoint({
      method: 'POST',
      path: `${base}/preview`,
      access: page,
      summary: 'The HTML the public URL would show for this content (the same renderer), checked as a save would be',
      tags,
      body: h5PreviewBody,
      data: z.object({ html: z.string() }),
    }),
    upload: defineEndpoint({
      method: 'POST',
      path: `${base}/image`,
      access: page,
      summary:
        'Store an image for a block (multipart `file`): a JPEG, PNG, WebP or GIF, 200 to 2,160 px wide, 4,000 px high, 2 MB at most',
      tags,
      write: true,
      data: storedFileSchema,
    }),
    skus: defineEndpoint({
      method: 'GET',
      path: `${base}/skus`,
      access: page,
      summary: "The catalogue's SKUs for a product card (keyword on SKU, model or name; 50 at most)",
      tags,
      query: z.object({ keyword: z.string().trim().max(64).default('') }),
      data: z.array(z.object({ sku: z.string(), model: z.string(), nameZh: z.string(), nameEn: z.string() })),
    }),
    choices: defineEndpoint({
      method: 'GET',
      path: `${base}/choices`,
      access: page,
      summary: 'Every page not archived (id, type, slug, titles, state) to pick as an activity home child page',
      tags,
      data: z.array(
        z.object({
          id: z.number().int(),
          type: z.enum(H5_TYPES),
          slug: z.string(),
          titleZh: z.string(),
          titleEn: z.string(),
          state: z.enum(H5_STATES),
        }),
      ),
    }),
  };
}

export const h5PageEndpoints = groupEndpoints('h5Making');
export const h5ActivityEndpoints = groupEndpoints('h5ActivityMaking');
export type H5Endpoints = typeof h5PageEndpoints | typeof h5ActivityEndpoints;
export const H5_ENDPOINTS_OF = { h5Making: h5PageEndpoints, h5ActivityMaking: h5ActivityEndpoints } as const;

/** The images of published pages, for the public page (no session): 404 for a file no published page names. */
export const h5Media = defineEndpoint({
  method: 'GET',
  path: 'h5pages/v1/media/{id}',
  access: 'public',
  summary: 'An image a published H5 page shows; 404 for any other file. Cacheable: the content of an id never changes',
  tags: ['app'],
  binary: true,
  keep: false,
  params: z.object({ id: idParam }),
});

/** The public page's path (outside /api): what the app's webviews open. */
export const h5PublicPath = (slug: string) => `/h5/${slug}`;
export const h5MediaUrl = (fileId: number) => `/api/h5pages/v1/media/${fileId}`;
