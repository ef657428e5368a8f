/**
 * The brand's KOLs (influencers) and their cooperation records (spec §2 /digitize/brandKOLMgr,
 * docs/brand.md). A KOL has handles on social platforms with their followers, a country, a
 * language, a category, a typical rate, a contact (shown only to holders of
 * digitize:brandKol:edit), an owner and a state (KOL_MACHINE). A cooperation record is one paid
 * piece of work: cost in the reporting currency (USD), deliverable, platform, publish day,
 * exposure and interactions, optionally for a brand exposure project of the projects area.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, isoDate, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { defineStateMachine } from '../state-machine';
import { fieldCode } from '../validation';

const tags = ['brand'];
export const BRAND_BASE = 'digitize/rest/v1/brand';
const PAGE = 'digitize:brandKol' as const;

/** Spec §9's social platforms (FB, IG, TT, YT: their exposure and interaction metrics) and the others a KOL may use. */
export const KOL_PLATFORMS = ['FB', 'IG', 'TT', 'YT', 'X', 'TWITCH', 'BLOG', 'OTHER'] as const;
export type KolPlatform = (typeof KOL_PLATFORMS)[number];
/** The platforms whose figures the projects' metrics name (FB_EXPOSURE ...); the others count in the totals only. */
export const METRIC_PLATFORMS = ['FB', 'IG', 'TT', 'YT'] as const;
export const PLATFORM_LABEL: Readonly<Record<KolPlatform, string>> = {
  FB: 'Facebook',
  IG: 'Instagram',
  TT: 'TikTok',
  YT: 'YouTube',
  X: 'X',
  TWITCH: 'Twitch',
  BLOG: 'Blog',
  OTHER: 'Other',
};

export const KOL_CATEGORIES = ['tech', 'home', 'lifestyle', 'gaming', 'beauty', 'fitness', 'family', 'other'] as const;
export type KolCategory = (typeof KOL_CATEGORIES)[number];
export const KOL_CATEGORY_LABEL: Readonly<Record<KolCategory, { zh: string; en: string }>> = {
  tech: { zh: '科技数码', en: 'Tech' },
  home: { zh: '家居', en: 'Home' },
  lifestyle: { zh: '生活方式', en: 'Lifestyle' },
  gaming: { zh: '游戏', en: 'Gaming' },
  beauty: { zh: '美妆', en: 'Beauty' },
  fitness: { zh: '健身', en: 'Fitness' },
  family: { zh: '亲子', en: 'Family' },
  other: { zh: '其他', en: 'Other' },
};
export const KOL_CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'CAD', 'AUD', 'CNY'] as const;

export const KOL_STATES = ['prospect', 'contacted', 'cooperating', 'paused', 'blacklisted'] as const;
export type KolState = (typeof KOL_STATES)[number];
export const KOL_ACTIONS = ['contact', 'cooperate', 'pause', 'blacklist', 'restore'] as const;
export type KolAction = (typeof KOL_ACTIONS)[number];

/**
 * prospect → contacted (the first message went out) → cooperating (a deal is agreed) ⇄ paused;
 * any state but blacklisted → blacklisted (a remark says why); blacklisted → prospect (restore).
 * Cooperation records are written only for a contacted, cooperating or paused KOL.
 */
export const KOL_MACHINE = defineStateMachine<KolState, KolAction>({
  entity: { zh: 'KOL', en: 'KOL' },
  states: {
    prospect: { label: { zh: '潜在', en: 'Prospect' }, tone: 'default' },
    contacted: { label: { zh: '已联系', en: 'Contacted' }, tone: 'processing' },
    cooperating: { label: { zh: '合作中', en: 'Cooperating' }, tone: 'success' },
    paused: { label: { zh: '暂停', en: 'Paused' }, tone: 'warning' },
    blacklisted: { label: { zh: '黑名单', en: 'Blacklisted' }, tone: 'error' },
  },
  transitions: [
    { action: 'contact', from: ['prospect'], to: 'contacted', label: { zh: '标记已联系', en: 'Mark contacted' } },
    { action: 'cooperate', from: ['contacted', 'paused'], to: 'cooperating', label: { zh: '开始合作', en: 'Cooperate' } },
    { action: 'pause', from: ['cooperating'], to: 'paused', label: { zh: '暂停', en: 'Pause' }, destructive: false },
    {
      action: 'blacklist',
      from: ['prospect', 'contacted', 'cooperating', 'paused'],
      to: 'blacklisted',
      label: { zh: '拉黑', en: 'Blacklist' },
      confirm: {
        zh: '拉黑后不能再记录合作，请在备注中写明原因。',
        en: 'No cooperation can be recorded any more; say why in the remark.',
      },
    },
    { action: 'restore', from: ['blacklisted'], to: 'prospect', label: { zh: '移出黑名单', en: 'Restore' } },
  ],
});
export const COOPERATION_STATES: readonly KolState[] = ['contacted', 'cooperating', 'paused'];

const handleSchema = z.object({
  platform: z.enum(KOL_PLATFORMS),
  handle: z.string().trim().min(1).max(100),
  followers: z.number().int().min(0).max(5_000_000_000),
});
export type KolHandle = z.infer<typeof handleSchema>;

export const kolSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  handles: z.array(handleSchema),
  /** The followers of every handle, added. */
  followers: z.number(),
  country: z.string(),
  language: z.string(),
  category: z.enum(KOL_CATEGORIES),
  rate: z.number().nullable(),
  currency: z.enum(KOL_CURRENCIES),
  /** Null (and contactHidden) for a caller without digitize:brandKol:edit. */
  email: z.string().nullable(),
  phone: z.string().nullable(),
  contactHidden: z.boolean(),
  owner: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  state: z.enum(KOL_STATES),
  note: z.string(),
  cooperations: z.number().int(),
  /** Cost of the cooperation records, USD. */
  spent: z.number(),
  lastPublishDay: z.string().nullable(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type Kol = z.infer<typeof kolSchema>;

const email = z.string().trim().max(200).email(fieldCode('brand.email')).nullable().default(null);
const kolFields = z.object({
  name: z.string().trim().min(1).max(100),
  handles: z.array(handleSchema).min(1, fieldCode('brand.handleRequired')).max(10),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, fieldCode('brand.country'))
    .transform((s) => s.toUpperCase()),
  language: z.string().trim().min(2).max(20),
  category: z.enum(KOL_CATEGORIES),
  rate: z.number().min(0).max(10_000_000).nullable().default(null),
  currency: z.enum(KOL_CURRENCIES).default('USD'),
  email,
  phone: z.string().trim().max(40).nullable().default(null),
  ownerId: idValue.nullable().default(null),
  note: z.string().trim().max(2000).default(''),
});
const oneHandlePerPlatform = (v: { handles: KolHandle[] }, ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  v.handles.forEach((h, i) => {
    if (seen.has(h.platform))
      ctx.addIssue({ code: 'custom', path: ['handles', i, 'platform'], message: fieldCode('brand.platformTwice') });
    seen.add(h.platform);
  });
};
export const kolBody = kolFields.superRefine(oneHandlePerPlatform);
export const kolUpdateBody = kolFields.extend({ version: z.number().int().min(1) }).superRefine(oneHandlePerPlatform);
export type KolBody = z.infer<typeof kolBody>;
export type KolUpdateBody = z.infer<typeof kolUpdateBody>;

export const KOL_SORT_FIELDS = ['name', 'followers', 'rate', 'lastPublishDay', 'updatedAt'] as const;
const kolFilter = {
  keyword: z.string().trim().max(100).optional(),
  state: z.enum(KOL_STATES).optional(),
  platform: z.enum(KOL_PLATFORMS).optional(),
  category: z.enum(KOL_CATEGORIES).optional(),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/)
    .transform((s) => s.toUpperCase())
    .optional(),
  ownerId: idParam.optional(),
};
export type KolFilter = {
  keyword?: string | undefined;
  state?: KolState | undefined;
  platform?: KolPlatform | undefined;
  category?: KolCategory | undefined;
  country?: string | undefined;
  ownerId?: number | undefined;
};

export const listKols = defineEndpoint({
  method: 'GET',
  path: `${BRAND_BASE}/kols`,
  access: PAGE,
  summary: "The brand's KOLs with their followers, spend and last publish day (contacts only for editors)",
  tags,
  query: z.object({
    ...kolFilter,
    sortField: z.enum(KOL_SORT_FIELDS).default('updatedAt'),
    sortOrder: sortOrderSchema.default('desc'),
    ...pagingQuery,
  }),
  data: pageSchema(kolSchema),
});

export const exportKols = defineEndpoint({
  method: 'GET',
  path: `${BRAND_BASE}/kols/excel`,
  access: PAGE,
  summary: "The KOLs with the list's filters as .xlsx, streamed (contacts only for editors)",
  tags,
  query: z.object(kolFilter),
  binary: true,
});

export const kolOptionsSchema = z.object({
  owners: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Brand exposure projects the caller may read (the projects area's rule), newest first. */
  projects: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
  canEdit: z.boolean(),
});
export const kolOptions = defineEndpoint({
  method: 'GET',
  path: `${BRAND_BASE}/kols/options`,
  access: PAGE,
  summary: 'The choices of the KOL forms: owners, the brand exposure projects the caller may read; whether they edit',
  tags,
  data: kolOptionsSchema,
});

export const getKol = defineEndpoint({
  method: 'GET',
  path: `${BRAND_BASE}/kols/{id}`,
  access: PAGE,
  summary: 'One KOL',
  tags,
  params: z.object({ id: idParam }),
  data: kolSchema,
});

export const createKol = defineEndpoint({
  method: 'POST',
  path: `${BRAND_BASE}/kols`,
  access: 'digitize:brandKol:create',
  summary: 'Add a KOL (a prospect; 409 on a handle another KOL has on the same platform)',
  tags,
  write: true,
  body: kolBody,
  data: kolSchema,
});

export const updateKol = defineEndpoint({
  method: 'PUT',
  path: `${BRAND_BASE}/kols/{id}`,
  access: 'digitize:brandKol:edit',
  summary: 'Change a KOL (409 on a stale version or a taken handle)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  body: kolUpdateBody,
  data: kolSchema,
});

/** The blacklist dialog's form: why (required). */
export const kolBlacklistBody = z.object({ remark: z.string().trim().min(1).max(500) });

export const actOnKol = defineEndpoint({
  method: 'POST',
  path: `${BRAND_BASE}/kols/{id}/actions`,
  access: 'digitize:brandKol:edit',
  summary: 'Move a KOL (KOL_MACHINE); blacklisting needs a remark',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  body: z
    .object({ action: z.enum(KOL_ACTIONS), version: z.number().int().min(1), remark: z.string().trim().max(500).default('') })
    .superRefine((v, ctx) => {
      if (v.action === 'blacklist' && v.remark === '')
        ctx.addIssue({ code: 'custom', path: ['remark'], message: fieldCode('brand.remarkRequired') });
    }),
  data: kolSchema,
});

export const deleteKol = defineEndpoint({
  method: 'DELETE',
  path: `${BRAND_BASE}/kols/{id}`,
  access: 'digitize:brandKol:delete',
  summary: 'Remove a KOL without cooperation records (409 otherwise: blacklist or keep it)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  data: z.null(),
});

// ---- cooperation records ----

export const cooperationSchema = z.object({
  id: z.number().int(),
  kolId: z.number().int(),
  project: z.object({ id: z.number().int(), code: z.string(), name: z.string() }).nullable(),
  platform: z.enum(KOL_PLATFORMS),
  deliverable: z.string(),
  /** USD. */
  cost: z.number(),
  publishDay: z.string().nullable(),
  exposure: z.number(),
  interactions: z.number(),
  link: z.string().nullable(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type Cooperation = z.infer<typeof cooperationSchema>;

export const cooperationBody = z.object({
  projectId: idValue.nullable().default(null),
  platform: z.enum(KOL_PLATFORMS),
  deliverable: z.string().trim().min(1).max(200),
  cost: z.number().min(0).max(10_000_000),
  publishDay: isoDate.nullable().default(null),
  exposure: z.number().int().min(0).max(10_000_000_000).default(0),
  interactions: z.number().int().min(0).max(10_000_000_000).default(0),
  link: z
    .string()
    .trim()
    .max(500)
    .regex(/^https:\/\/\S+$/i, fieldCode('brand.httpsLink'))
    .nullable()
    .default(null),
});
export const cooperationUpdateBody = cooperationBody.extend({ version: z.number().int().min(1) });
export type CooperationBody = z.infer<typeof cooperationBody>;
export type CooperationUpdateBody = z.infer<typeof cooperationUpdateBody>;

export const listCooperations = defineEndpoint({
  method: 'GET',
  path: `${BRAND_BASE}/kols/{id}/cooperations`,
  access: PAGE,
  summary: "A KOL's cooperation records, newest publish day first",
  tags,
  params: z.object({ id: idParam }),
  data: z.array(cooperationSchema),
});

export const createCooperation = defineEndpoint({
  method: 'POST',
  path: `${BRAND_BASE}/kols/{id}/cooperations`,
  access: 'digitize:brandKol:edit',
  summary: 'Record a cooperation of a contacted, cooperating or paused KOL (409 otherwise)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  body: cooperationBody,
  data: cooperationSchema,
});

export const updateCooperation = defineEndpoint({
  method: 'PUT',
  path: `${BRAND_BASE}/cooperations/{id}`,
  access: 'digitize:brandKol:edit',
  summary: 'Change a cooperation record (409 on a stale version)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  body: cooperationUpdateBody,
  data: cooperationSchema,
});

export const deleteCooperation = defineEndpoint({
  method: 'DELETE',
  path: `${BRAND_BASE}/cooperations/{id}`,
  access: 'digitize:brandKol:delete',
  summary: 'Remove a cooperation record',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  data: z.null(),
});
