/**
 * One publishing model for every resource the app shows (issue #24, docs/appcontent.md):
 * a record is a draft, scheduled, published or archived; it is shown inside its publish window
 * (start ≤ now < end, instants) to the apps its targeting names (country, language, app-version
 * range, platform, device model), ordered by priority (high first), then position (low first).
 * "Scheduled" turns into "published" when its start comes, by comparison with the clock where
 * it is read, not by a job: the resolver and the lists compare now with the window.
 */
import { z } from 'zod';
import { instantSchema } from '../envelope';
import { defineStateMachine } from '../state-machine';
import { fieldCode } from '../validation';
import { isRange, parseAppVersion } from './semver';

export const CONTENT_STATES = ['draft', 'scheduled', 'published', 'archived'] as const;
export type ContentState = (typeof CONTENT_STATES)[number];
export const CONTENT_ACTIONS = ['publish', 'schedule', 'unschedule', 'archive'] as const;
export type ContentAction = (typeof CONTENT_ACTIONS)[number];

export const CONTENT_MACHINE = defineStateMachine<ContentState, ContentAction>({
  entity: { zh: '内容', en: 'Content' },
  states: {
    draft: { label: { zh: '草稿', en: 'Draft' }, tone: 'default' },
    scheduled: { label: { zh: '已排期', en: 'Scheduled' }, tone: 'processing' },
    published: { label: { zh: '已发布', en: 'Published' }, tone: 'success' },
    archived: { label: { zh: '已归档', en: 'Archived' }, tone: 'warning' },
  },
  transitions: [
    {
      action: 'publish',
      from: ['draft', 'scheduled', 'archived'],
      to: 'published',
      label: { zh: '立即发布', en: 'Publish now' },
      destructive: false,
      confirm: {
        zh: '立即发布后，符合定向条件的 App 马上就能看到它（发布时段的开始改为现在）。',
        en: 'Once published, the apps its targeting names see it at once (a later start becomes now).',
      },
    },
    {
      action: 'schedule',
      from: ['draft', 'archived'],
      to: 'scheduled',
      label: { zh: '排期发布', en: 'Schedule' },
      destructive: false,
      confirm: {
        zh: '排期后，到了发布时段的开始时间，符合定向条件的 App 会自动看到它。',
        en: 'Once scheduled, the apps its targeting names see it from the start of its window.',
      },
    },
    { action: 'unschedule', from: ['scheduled'], to: 'draft', label: { zh: '取消排期', en: 'Unschedule' } },
    {
      action: 'archive',
      from: ['published', 'scheduled'],
      to: 'archived',
      label: { zh: '归档', en: 'Archive' },
      confirm: {
        zh: '归档后，App 不再看到它；之后可以再次发布。',
        en: 'Once archived, no app sees it; it can be published again.',
      },
    },
  ],
});

/** Where a record stands against its window now: not begun, showing, over. */
export const WINDOW_STATUSES = ['upcoming', 'live', 'ended'] as const;
export type WindowStatus = (typeof WINDOW_STATUSES)[number];

export const PLATFORMS = ['ios', 'android'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** ISO 3166-1 alpha-2, upper case. */
export const countryCode = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}$/, fieldCode('appContent.country')));
/** A BCP 47 language tag of a language and an optional region ("en", "zh-CN"), kept in lower case. */
export const languageTag = z
  .string()
  .trim()
  .transform((s) => s.replace('_', '-').toLowerCase())
  .pipe(z.string().regex(/^[a-z]{2,3}$|^[a-z]{2,3}-[a-z0-9]{2,4}$/, fieldCode('appContent.language')));
/** A device model of the catalogue (H6199), kept in upper case. */
export const modelCode = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9][A-Z0-9_-]{0,39}$/, fieldCode('appContent.model')));
export const versionRangeSchema = z
  .string()
  .trim()
  .max(200)
  .refine((s) => isRange(s), fieldCode('appContent.versionRange'));
export const appVersionSchema = z
  .string()
  .trim()
  .max(60)
  .refine((s) => parseAppVersion(s) !== null, fieldCode('appContent.appVersion'));

const uniq = <T>(a: readonly T[]) => [...new Set(a)];

/** Who sees a record: each list empty means "every"; all named lists must hold. */
export const targetingFields = {
  countries: z.array(countryCode).max(250).default([]).transform(uniq),
  languages: z.array(languageTag).max(50).default([]).transform(uniq),
  /** "" for every version; ">=3.2.0 <4", "3.1.x" is not a range here ("3.1 - 3.2" neither). */
  versionRange: versionRangeSchema.default(''),
  platforms: z.array(z.enum(PLATFORMS)).max(2).default([]).transform(uniq),
  models: z.array(modelCode).max(200).default([]).transform(uniq),
};

/** The publish window: null start is "as soon as published", null end "until archived". */
export const windowFields = {
  windowStart: instantSchema.nullable().default(null),
  windowEnd: instantSchema.nullable().default(null),
};

export const targetingSchema = z.object({
  countries: z.array(z.string()),
  languages: z.array(z.string()),
  versionRange: z.string(),
  platforms: z.array(z.enum(PLATFORMS)),
  models: z.array(z.string()),
});
export type Targeting = z.infer<typeof targetingSchema>;

/** What one app asks with: the inputs of the read API and of the back office's preview. */
export const appContextFields = {
  country: countryCode.optional(),
  lang: languageTag.optional(),
  version: appVersionSchema.optional(),
  platform: z.enum(PLATFORMS).optional(),
  model: modelCode.optional(),
};
export const appContextSchema = z.object(appContextFields);
export type AppContextInput = z.infer<typeof appContextSchema>;

/** Fields every record of the model has, in a back-office list. */
export const publishedRecordFields = {
  id: z.number().int(),
  state: z.enum(CONTENT_STATES),
  windowStatus: z.enum(WINDOW_STATUSES),
  windowStart: z.string().nullable(),
  windowEnd: z.string().nullable(),
  priority: z.number().int(),
  position: z.number().int(),
  targeting: targetingSchema,
  version: z.number().int(),
  publishedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
};

/** A state move: the action and the version the operator saw. */
export const contentActionBody = z.object({ action: z.enum(CONTENT_ACTIONS), version: z.number().int().positive() }).strict();

/** Order of records an app sees: priority (0–1000) high first, then position (0–9999) low first. */
export const orderingFields = {
  priority: z.number().int().min(0).max(1000).default(0),
  position: z.number().int().min(0).max(9999).default(0),
};
