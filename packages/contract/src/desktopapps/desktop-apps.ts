/**
 * Desktop app products and their releases (issue #24; /user-platform/desktopAppProduct,
 * /user-platform/desktopAppUpdate; docs/desktop-updates.md). A product is what a desktop app
 * calls itself (`code`); a release is one version of it on one channel and platform, with its
 * download (an https URL and the file's SHA-256), notes, a minimum version and a staged rollout
 * moved by RELEASE_MACHINE. The app asks `app/v1/desktop/update` which release it should take.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { defineStateMachine } from '../state-machine';
import { fieldCode } from '../validation';
import {
  DESKTOP_CHANNELS,
  DESKTOP_PLATFORMS,
  type DesktopChannel,
  RELEASE_STATES,
  RELEASE_VERSION,
  type ReleaseState,
} from './rollout';

export const PRODUCTS_PAGE = 'user:platform:desktopAppProduct:config' as const;
export const UPDATES_PAGE = 'user:platform:desktopAppUpdate:config' as const;

const tags = ['desktop apps'];
export const DESKTOP_BASE = 'desktopapps/rest/v1';
const params = z.object({ id: idParam });

export const platformSchema = z.enum(DESKTOP_PLATFORMS);
export const channelSchema = z.enum(DESKTOP_CHANNELS);
export const releaseStateSchema = z.enum(RELEASE_STATES);

// ---- products ----

export const productSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  platforms: z.array(platformSchema),
  enabled: z.boolean(),
  /** Releases of the product in any state. */
  releases: z.number().int(),
  /** The newest released (100 %) stable version per platform, for the list. */
  latest: z.array(z.object({ platform: platformSchema, version: z.string() })),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type DesktopProduct = z.infer<typeof productSchema>;

export const productBody = z
  .object({
    code: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9][a-z0-9-]{1,39}$/, fieldCode('desktop.productCode')),
    nameZh: z.string().trim().max(100).default(''),
    nameEn: z.string().trim().max(100).default(''),
    platforms: z
      .array(platformSchema)
      .min(1, fieldCode('tooFewItems'))
      .refine((p) => new Set(p).size === p.length, fieldCode('listedTwice')),
    enabled: z.boolean().default(true),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (!b.nameZh && !b.nameEn) ctx.addIssue({ code: 'custom', path: ['nameZh'], message: fieldCode('desktop.nameRequired') });
  });
export type ProductBody = z.infer<typeof productBody>;

export const desktopProducts = {
  list: defineEndpoint({
    method: 'GET',
    path: `${DESKTOP_BASE}/products`,
    access: PRODUCTS_PAGE,
    summary: 'Desktop app products with their release count and newest released stable version per platform',
    tags,
    query: z.object({
      keyword: z.string().trim().max(100).optional(),
      enabled: z.enum(['true', 'false']).optional(),
      sortField: z.enum(['code', 'updatedAt']).default('code'),
      sortOrder: sortOrderSchema.default('asc'),
      ...pagingQuery,
    }),
    data: pageSchema(productSchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: `${DESKTOP_BASE}/products`,
    access: `${PRODUCTS_PAGE}:create`,
    summary: 'Add a product (409 on code when another product has it)',
    tags,
    write: true,
    body: productBody,
    data: productSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: `${DESKTOP_BASE}/products/{id}`,
    access: `${PRODUCTS_PAGE}:edit`,
    summary: 'Change a product (409 stale or taken code; 400 on platforms when a release uses a platform removed)',
    tags,
    write: true,
    params,
    body: productBody.safeExtend({ version: idValue }),
    data: productSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: `${DESKTOP_BASE}/products/{id}`,
    access: `${PRODUCTS_PAGE}:delete`,
    summary: 'Delete a product without releases (409 naming how many it has)',
    tags,
    write: true,
    params,
    data: z.null(),
  }),
};

// ---- releases ----

export const RELEASE_ACTIONS = ['rollout', 'release', 'pause', 'rollBack'] as const;
export type ReleaseAction = (typeof RELEASE_ACTIONS)[number];

export const RELEASE_MACHINE = defineStateMachine<ReleaseState, ReleaseAction>({
  entity: { zh: '桌面应用版本', en: 'Desktop release' },
  states: {
    draft: { label: { zh: '草稿', en: 'Draft' }, tone: 'default' },
    rolling: { label: { zh: '灰度中', en: 'Rolling out' }, tone: 'processing' },
    released: { label: { zh: '已全量', en: 'Released' }, tone: 'success' },
    paused: { label: { zh: '已暂停', en: 'Paused' }, tone: 'warning' },
    rolledBack: { label: { zh: '已回滚', en: 'Rolled back' }, tone: 'error', final: true },
  },
  transitions: [
    {
      action: 'rollout',
      from: ['draft', 'rolling', 'paused'],
      to: 'rolling',
      label: { zh: '设置灰度比例', en: 'Set rollout %' },
    },
    {
      action: 'release',
      from: ['draft', 'rolling', 'paused'],
      to: 'released',
      label: { zh: '全量发布', en: 'Release to all' },
      confirm: { zh: '向全部设备提供这个版本？', en: 'Offer this version to every device?' },
      destructive: false,
    },
    {
      action: 'pause',
      from: ['rolling', 'released'],
      to: 'paused',
      label: { zh: '暂停', en: 'Pause' },
      confirm: {
        zh: '暂停后不再向任何设备提供这个版本，已安装的设备不受影响。',
        en: 'Once paused, no device is offered this version; devices that installed it keep it.',
      },
      destructive: false,
    },
    {
      action: 'rollBack',
      from: ['rolling', 'released', 'paused'],
      to: 'rolledBack',
      label: { zh: '回滚', en: 'Roll back' },
      confirm: {
        zh: '回滚后这个版本永久撤回：不再提供，已安装它的设备会被要求换回此前的最新版本。不能撤销。',
        en: 'Rolling back withdraws this version for good: it is no longer offered and devices running it are told to go back to the newest earlier version. This cannot be undone.',
      },
    },
  ],
});

const sha256Hex = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{64}$/, fieldCode('desktop.sha256'));
const releaseVersion = z.string().trim().regex(RELEASE_VERSION, fieldCode('desktop.releaseVersion'));

export const releaseSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productCode: z.string(),
  productNameZh: z.string(),
  productNameEn: z.string(),
  version: z.string(),
  channel: channelSchema,
  platform: platformSchema,
  downloadUrl: z.string(),
  sha256: z.string(),
  notesZh: z.string(),
  notesEn: z.string(),
  /** '' for none. */
  minimumVersion: z.string(),
  state: releaseStateSchema,
  /** 0 for a draft; 100 once released. */
  percentage: z.number(),
  /** When it first went out to devices. */
  firstLiveAt: z.string().nullable(),
  rowVersion: z.number().int(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type DesktopRelease = z.infer<typeof releaseSchema>;

export const releaseBody = z
  .object({
    productId: idValue,
    version: releaseVersion,
    channel: channelSchema.default('stable'),
    platform: platformSchema,
    downloadUrl: z
      .string()
      .trim()
      .max(1000)
      .regex(/^https:\/\/[^\s/$.?#][^\s]*$/i, fieldCode('desktop.httpsUrl')),
    sha256: sha256Hex,
    notesZh: z.string().trim().max(4000).default(''),
    notesEn: z.string().trim().max(4000).default(''),
    minimumVersion: z.union([z.literal(''), releaseVersion]).default(''),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (!b.notesZh && !b.notesEn)
      ctx.addIssue({ code: 'custom', path: ['notesZh'], message: fieldCode('desktop.notesRequired') });
  });
export type ReleaseBody = z.infer<typeof releaseBody>;

export const RELEASE_SORT_FIELDS = ['version', 'updatedAt'] as const;

/** Percentages a rollout takes: 1 to 100, two decimals at most. */
export const rolloutPercentage = z.number().min(1).max(100).multipleOf(0.01, fieldCode('atMostDecimals'));

/** What a device sends: the public call's query and the preview's body. */
export const deviceCheckFields = {
  product: z.string().trim().min(1).max(40),
  platform: platformSchema,
  channel: channelSchema.default('stable'),
  /** The version the app runs ("3.2.1"; "3.2" and "v3.2.1-beta.1" are read too). */
  version: z.string().trim().min(1).max(60),
  /** A stable id of the installation the app keeps (not a hardware serial). */
  device: z.string().trim().min(1).max(128),
};

export const updateOfferSchema = z.object({
  version: z.string(),
  channel: channelSchema,
  platform: platformSchema,
  url: z.string(),
  sha256: z.string(),
  notes: z.object({ zh: z.string(), en: z.string() }),
  minimumVersion: z.string(),
  /** The device must install it (below the minimum version, or its own version was rolled back). */
  mandatory: z.boolean(),
  /** The device runs a withdrawn version; this offer may be older than it. */
  rollback: z.boolean(),
});
export const updateAnswerSchema = z.object({ update: updateOfferSchema.nullable() });
export type UpdateAnswer = z.infer<typeof updateAnswerSchema>;

export const desktopReleases = {
  list: defineEndpoint({
    method: 'GET',
    path: `${DESKTOP_BASE}/releases`,
    access: UPDATES_PAGE,
    summary: 'Releases of desktop app products, newest version first unless sorted',
    tags,
    query: z.object({
      productId: idParam.optional(),
      channel: channelSchema.optional(),
      platform: platformSchema.optional(),
      state: releaseStateSchema.optional(),
      sortField: z.enum(RELEASE_SORT_FIELDS).default('version'),
      sortOrder: sortOrderSchema.default('desc'),
      ...pagingQuery,
    }),
    data: pageSchema(releaseSchema),
  }),
  products: defineEndpoint({
    method: 'GET',
    path: `${DESKTOP_BASE}/releases/products`,
    access: UPDATES_PAGE,
    summary: 'Every product (id, code, names, platforms, enabled) for the updates screen’s filter and form',
    tags,
    data: z.array(
      z.object({
        id: z.number().int(),
        code: z.string(),
        nameZh: z.string(),
        nameEn: z.string(),
        platforms: z.array(platformSchema),
        enabled: z.boolean(),
      }),
    ),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: `${DESKTOP_BASE}/releases`,
    access: `${UPDATES_PAGE}:create`,
    summary:
      'Add a draft release (400 on version when not above every other non-draft release of its product, channel and platform; 409 when the version exists)',
    tags,
    write: true,
    body: releaseBody,
    data: releaseSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: `${DESKTOP_BASE}/releases/{id}`,
    access: `${UPDATES_PAGE}:edit`,
    summary:
      'Change a release: a draft entirely; once out, its notes and minimum version only (400 on the frozen field); 409 stale or rolled back',
    tags,
    write: true,
    params,
    body: releaseBody.safeExtend({ rowVersion: idValue }),
    data: releaseSchema,
  }),
  act: defineEndpoint({
    method: 'POST',
    path: `${DESKTOP_BASE}/releases/{id}/actions`,
    access: `${UPDATES_PAGE}:edit`,
    summary:
      'Move a release by RELEASE_MACHINE: rollout (with percentage), release, pause, rollBack; 409 naming the state when it does not allow the action, or stale',
    tags,
    write: true,
    params,
    body: z
      .object({
        action: z.enum(RELEASE_ACTIONS),
        rowVersion: idValue,
        percentage: rolloutPercentage.optional(),
      })
      .strict()
      .superRefine((b, ctx) => {
        if (b.action === 'rollout' && b.percentage === undefined)
          ctx.addIssue({ code: 'custom', path: ['percentage'], message: fieldCode('required') });
      }),
    data: releaseSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: `${DESKTOP_BASE}/releases/{id}`,
    access: `${UPDATES_PAGE}:delete`,
    summary: 'Delete a draft release (409 for one that went out: roll it back instead)',
    tags,
    write: true,
    params,
    data: z.null(),
  }),
  preview: defineEndpoint({
    method: 'POST',
    path: `${DESKTOP_BASE}/releases/check`,
    access: UPDATES_PAGE,
    summary: 'What the update call answers this device now, and how each release of its product and platform was weighed',
    tags,
    body: z.object(deviceCheckFields).strict(),
    data: updateAnswerSchema.extend({
      considered: z.array(
        z.object({
          version: z.string(),
          channel: channelSchema,
          state: releaseStateSchema,
          percentage: z.number(),
          bucket: z.number().int(),
          inRollout: z.boolean(),
          skipped: z.enum(['channel', 'notLive', 'notNewer', 'outsideRollout']).nullable(),
        }),
      ),
    }),
  }),
};

/** The desktop app's call (public, `X-App-Key` as the content read API). */
export const checkDesktopUpdate = defineEndpoint({
  method: 'GET',
  path: 'app/v1/desktop/update',
  access: 'public',
  summary:
    'The release this device should install now ({update: null} when none): the newest live release of its channel (a beta device also takes stable) whose rollout holds the device, newer than its version; mandatory below the minimum version. Rate-limited per app key or address',
  tags: ['app'],
  query: z.object(deviceCheckFields),
  data: updateAnswerSchema,
});

export type { DesktopChannel };
