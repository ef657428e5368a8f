/**
 * Growth badges (spec §2.3 /badge, docs/growth.md "Badges"): recognition an employee earns.
 * A badge definition (names in both languages, a description, an icon of a fixed set, optionally
 * one of the company values) is kept by HR and the administrator; it is active or retired
 * (BADGE_MACHINE). An award gives one badge to one employee for a reason on a day; it may be
 * revoked with a reason (AWARD_MACHINE). Who may award: HR and the administrator anyone of the
 * company, a leader the people up whose chain they stand; nobody themself.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, isoDate, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { defineStateMachine } from '../state-machine';
import { GROWTH_BASE } from './values';

const tags = ['growth'];

/** The built-in icons a badge may show (the web draws each one; no uploads). */
export const BADGE_ICONS = [
  'star',
  'trophy',
  'rocket',
  'heart',
  'bulb',
  'team',
  'crown',
  'fire',
  'thunder',
  'smile',
  'safety',
  'book',
] as const;
export type BadgeIcon = (typeof BADGE_ICONS)[number];

export const BADGE_STATES = ['active', 'retired'] as const;
export type BadgeState = (typeof BADGE_STATES)[number];
export const BADGE_ACTIONS = ['retire', 'restore'] as const;
export type BadgeAction = (typeof BADGE_ACTIONS)[number];

/** active ⇄ retired: a retired badge is no longer awarded; the awards it had stay on the walls. */
export const BADGE_MACHINE = defineStateMachine<BadgeState, BadgeAction>({
  entity: { zh: '徽章', en: 'Badge' },
  states: {
    active: { label: { zh: '可颁发', en: 'Active' }, tone: 'success' },
    retired: { label: { zh: '已停用', en: 'Retired' }, tone: 'default' },
  },
  transitions: [
    {
      action: 'retire',
      from: ['active'],
      to: 'retired',
      label: { zh: '停用', en: 'Retire' },
      confirm: {
        zh: '停用后不能再颁发，已颁发的徽章保留在员工的徽章墙上。',
        en: 'It can no longer be awarded; earned ones stay on the walls.',
      },
    },
    { action: 'restore', from: ['retired'], to: 'active', label: { zh: '启用', en: 'Restore' } },
  ],
});

export const AWARD_STATES = ['awarded', 'revoked'] as const;
export type AwardState = (typeof AWARD_STATES)[number];

/** awarded → revoked (final, with a reason): a mistaken or withdrawn award leaves the wall but stays in its history. */
export const AWARD_MACHINE = defineStateMachine<AwardState, 'revoke'>({
  entity: { zh: '徽章颁发', en: 'Badge award' },
  states: {
    awarded: { label: { zh: '已颁发', en: 'Awarded' }, tone: 'success' },
    revoked: { label: { zh: '已撤销', en: 'Revoked' }, tone: 'error', final: true },
  },
  transitions: [
    {
      action: 'revoke',
      from: ['awarded'],
      to: 'revoked',
      label: { zh: '撤销', en: 'Revoke' },
      confirm: { zh: '撤销后徽章从员工的徽章墙上移除，请写明原因。', en: 'The badge leaves the wall; say why.' },
    },
  ],
});

const person = z.object({ id: z.number().int(), name: z.string() });
const valueRef = z.object({ id: z.number().int(), nameZh: z.string(), nameEn: z.string() });

export const badgeSchema = z.object({
  id: z.number().int(),
  nameZh: z.string(),
  nameEn: z.string(),
  description: z.string(),
  icon: z.enum(BADGE_ICONS),
  /** The company value it recognises (null: none, or the value was removed). */
  value: valueRef.nullable(),
  state: z.enum(BADGE_STATES),
  /** Awards not revoked. */
  awarded: z.number().int(),
  version: z.number().int(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type Badge = z.infer<typeof badgeSchema>;

export const badgeBody = z.object({
  nameZh: z.string().trim().min(1).max(40),
  nameEn: z.string().trim().min(1).max(60),
  description: z.string().trim().max(500).default(''),
  icon: z.enum(BADGE_ICONS),
  valueId: idValue.nullable().default(null),
});
export const badgeUpdateBody = badgeBody.extend({ version: z.number().int().min(1) });
export type BadgeBody = z.infer<typeof badgeBody>;
export type BadgeUpdateBody = z.infer<typeof badgeUpdateBody>;

export const awardSchema = z.object({
  id: z.number().int(),
  badge: z.object({ id: z.number().int(), nameZh: z.string(), nameEn: z.string(), icon: z.enum(BADGE_ICONS) }),
  employee: person,
  dept: z.string().nullable(),
  reason: z.string(),
  day: z.string(),
  awardedBy: person,
  state: z.enum(AWARD_STATES),
  revokedBy: z.string().nullable(),
  revokedAt: z.string().nullable(),
  revokeReason: z.string().nullable(),
  /** Whether the caller may revoke it now: its awarder, HR or the administrator, while awarded. */
  canRevoke: z.boolean(),
  version: z.number().int(),
});
export type Award = z.infer<typeof awardSchema>;

export const awardBody = z.object({
  badgeId: idValue,
  employeeId: idValue,
  reason: z.string().trim().min(1).max(500),
  /** The day it is for (today when left out); never in the future. */
  day: isoDate.nullable().default(null),
});
export type AwardBody = z.infer<typeof awardBody>;

export const revokeBody = z.object({ version: z.number().int().min(1), reason: z.string().trim().min(1).max(500) });
export type RevokeBody = z.infer<typeof revokeBody>;

export const listBadges = defineEndpoint({
  method: 'GET',
  path: `${GROWTH_BASE}/badges`,
  access: 'user:info',
  summary: 'The badge definitions (every staff member; retired ones included, marked)',
  tags,
  query: z.object({
    keyword: z.string().trim().max(100).optional(),
    state: z.enum(BADGE_STATES).optional(),
    ...pagingQuery,
  }),
  data: pageSchema(badgeSchema),
});

export const createBadge = defineEndpoint({
  method: 'POST',
  path: `${GROWTH_BASE}/badges`,
  access: 'user:info',
  summary: 'Add a badge (HR, administrator; 409 on a taken name)',
  tags,
  write: true,
  body: badgeBody,
  data: badgeSchema,
});

export const updateBadge = defineEndpoint({
  method: 'PUT',
  path: `${GROWTH_BASE}/badges/{id}`,
  access: 'user:info',
  summary: 'Change a badge (HR, administrator; 409 on a stale version or a taken name)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  body: badgeUpdateBody,
  data: badgeSchema,
});

export const actOnBadge = defineEndpoint({
  method: 'POST',
  path: `${GROWTH_BASE}/badges/{id}/actions`,
  access: 'user:info',
  summary: 'Retire or restore a badge (BADGE_MACHINE; HR, administrator)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  body: z.object({ action: z.enum(BADGE_ACTIONS), version: z.number().int().min(1) }),
  data: badgeSchema,
});

export const deleteBadge = defineEndpoint({
  method: 'DELETE',
  path: `${GROWTH_BASE}/badges/{id}`,
  access: 'user:info',
  summary: 'Remove a badge never awarded (HR, administrator; 409 once awarded: retire it instead)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  data: z.null(),
});

export const AWARD_SORT_FIELDS = ['day', 'createdAt'] as const;

export const listAwards = defineEndpoint({
  method: 'GET',
  path: `${GROWTH_BASE}/badges/awards`,
  access: 'user:info',
  summary:
    "The company's awards, newest first: awarded ones for every staff member; revoked ones (state) for HR and the administrator",
  tags,
  query: z.object({
    badgeId: idParam.optional(),
    state: z.enum(AWARD_STATES).default('awarded'),
    keyword: z.string().trim().max(100).optional(),
    sortField: z.enum(AWARD_SORT_FIELDS).default('day'),
    sortOrder: sortOrderSchema.default('desc'),
    ...pagingQuery,
  }),
  data: pageSchema(awardSchema),
});

export const wallSchema = z.object({
  employee: person,
  dept: z.string().nullable(),
  /** One entry per badge earned (awards not revoked), most awarded first, each with its awards newest first. */
  badges: z.array(
    z.object({
      badge: badgeSchema.pick({ id: true, nameZh: true, nameEn: true, description: true, icon: true, value: true, state: true }),
      count: z.number().int(),
      lastDay: z.string(),
      awards: z.array(awardSchema),
    }),
  ),
  /** Awards revoked, newest first (the wall's readers see why). */
  revoked: z.array(awardSchema),
  total: z.number().int(),
});
export type BadgeWall = z.infer<typeof wallSchema>;

export const badgeWall = defineEndpoint({
  method: 'GET',
  path: `${GROWTH_BASE}/badges/wall`,
  access: 'user:info',
  summary: "An employee's badge wall (the caller's own by default; others' for a leader up their chain, HR, the administrator)",
  tags,
  query: z.object({ employeeId: idParam.optional() }),
  data: wallSchema,
});

export const badgeAccessSchema = z.object({
  /** Keeps the definitions (HR, administrator). */
  canManage: z.boolean(),
  /** Sees revoked awards in the company list (HR, administrator). */
  canSeeRevoked: z.boolean(),
  /** The people the caller may award and whose walls they may open besides their own, by name. */
  people: z.array(z.object({ id: z.number().int(), name: z.string(), dept: z.string().nullable() })),
});
export type BadgeAccess = z.infer<typeof badgeAccessSchema>;

export const badgeAccess = defineEndpoint({
  method: 'GET',
  path: `${GROWTH_BASE}/badges/access`,
  access: 'user:info',
  summary:
    'What the caller may do with badges and whom they may award (their reporting line; everyone for HR and the administrator)',
  tags,
  data: badgeAccessSchema,
});

export const awardBadge = defineEndpoint({
  method: 'POST',
  path: `${GROWTH_BASE}/badges/awards`,
  access: 'user:info',
  summary: 'Award an active badge to an employee (a leader up their chain, HR, the administrator; never oneself)',
  tags,
  write: true,
  body: awardBody,
  data: awardSchema,
});

export const revokeAward = defineEndpoint({
  method: 'POST',
  path: `${GROWTH_BASE}/badges/awards/{id}/revoke`,
  access: 'user:info',
  summary: 'Revoke an award with a reason (its awarder, HR, the administrator; AWARD_MACHINE)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  body: revokeBody,
  data: awardSchema,
});
