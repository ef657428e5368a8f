/**
 * The data square (/user-platform/dataSquare; docs/app-data.md "Data square"): the board of what
 * the app reports, read from the daily rollups only (never the raw events): events per action
 * and day, devices active per day, the top actions, and the split by country, platform, app
 * version and device model, for a period of days (UTC) and filters kept in the URL; the figures
 * as a CSV file.
 */
import { z } from 'zod';
import { PLATFORMS } from '../appcontent/publishing';
import { defineEndpoint } from '../endpoint';
import { idParam, isoDate } from '../envelope';
import { fieldCode } from '../validation';
import { APPDATA_BASE, SQUARE_PAGE } from './actions';

const tags = ['app data'];
/** The longest period the square takes. */
export const MAX_SQUARE_DAYS = 366;
/** Actions drawn as their own line in the chart of events per day (the others summed as "other"). */
export const SQUARE_SERIES = 6;

export const squareQuery = z
  .object({
    /** Days in UTC, both included; none: the last 30 days up to yesterday. */
    from: isoDate.optional(),
    to: isoDate.optional(),
    actionId: idParam.optional(),
    country: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, fieldCode('appContent.country'))
      .transform((s) => s.toUpperCase())
      .optional(),
    platform: z.enum(PLATFORMS).optional(),
    appVersion: z
      .string()
      .trim()
      // eslint-disable-next-line security/detect-unsafe-regex -- linear: each repetition starts with a separator the one before cannot hold
      .regex(/^\d{1,6}(\.\d{1,6}){0,2}$/, fieldCode('appContent.appVersion'))
      .optional(),
    model: z.string().trim().max(40).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to) {
      const span = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000;
      if (span < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: fieldCode('appData.periodOrder') });
      else if (span >= MAX_SQUARE_DAYS)
        ctx.addIssue({ code: 'custom', path: ['from'], message: fieldCode('appData.periodTooLong') });
    }
  });
export type SquareQuery = z.infer<typeof squareQuery>;

const share = z.object({ value: z.string(), events: z.number().int(), devices: z.number().int() });

export const squareSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(z.string()),
  totals: z.object({
    events: z.number().int(),
    rejected: z.number().int(),
    /** Devices active on at least one day of the period (distinct). */
    devices: z.number().int(),
    /** The average of the days' active devices. */
    dailyDevices: z.number(),
  }),
  /** One entry per day of `days`. */
  daily: z.array(z.object({ day: z.string(), events: z.number().int(), devices: z.number().int(), rejected: z.number().int() })),
  /** The top actions of the period, each with its events per day of `days`; `other` the rest. */
  series: z.array(
    z.object({
      actionId: z.number().int().nullable(),
      key: z.string(),
      nameZh: z.string(),
      nameEn: z.string(),
      events: z.array(z.number().int()),
    }),
  ),
  topActions: z.array(
    z.object({ actionId: z.number().int(), key: z.string(), nameZh: z.string(), nameEn: z.string(), events: z.number().int() }),
  ),
  byCountry: z.array(share),
  byPlatform: z.array(share),
  byVersion: z.array(share),
  /** Models of the catalogue with their names; `inCatalogue: false` for a model the app sent that the catalogue lacks. */
  byModel: z.array(share.extend({ name: z.string(), inCatalogue: z.boolean() })),
  /** The actions and the catalogue's models, for the filters. */
  choices: z.object({
    actions: z.array(z.object({ id: z.number().int(), key: z.string(), nameZh: z.string(), nameEn: z.string() })),
    models: z.array(z.object({ model: z.string(), name: z.string() })),
  }),
});
export type Square = z.infer<typeof squareSchema>;

export const dataSquare = {
  board: defineEndpoint({
    method: 'GET',
    path: `${APPDATA_BASE}/square`,
    access: SQUARE_PAGE,
    summary: 'What the app reported over a period: events per action and day, active devices, the splits (from the rollups)',
    tags,
    query: squareQuery,
    data: squareSchema,
  }),
  export: defineEndpoint({
    method: 'GET',
    path: `${APPDATA_BASE}/square/export`,
    access: SQUARE_PAGE,
    summary:
      'The rollup rows of the period and filters (day, action, country, platform, version, model, events) as CSV, streamed',
    tags,
    query: squareQuery,
    binary: true,
  }),
};
