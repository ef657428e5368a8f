/**
 * Sales master data (/salesBasisInfo): the exchange rates the sales figures are converted
 * with, the sales teams and the product lines they own (the director breakdown), and the
 * marketplaces of spec §3 with their shops.
 *
 * A rate is "USD per unit of a currency from a day on": it holds until the next entry of
 * that currency. Changing the table re-rates the sales facts of the days the change governs
 * (from its day until the next entry) in the same transaction, so a change may reach at
 * most MAX_RERATE_DAYS back.
 */
import { z } from 'zod';
import { MARKETS } from '../constants';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, isoDate, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { fieldCode } from '../validation';

const tags = ['sales-basis'];

/** How far back (days before today, UTC) a rate change may reach. */
export const MAX_RERATE_DAYS = 92;

/** The reporting currency: its rate is 1 by definition and is not edited. */
export const BASE_CURRENCY = 'USD';

/** The marketplace currencies other than the reporting one, in marketplace order. */
export const RATE_CURRENCIES = [...new Set(MARKETS.map((m) => m.currency))].filter((c) => c !== BASE_CURRENCY) as [
  string,
  ...string[],
];

const currencySchema = z.enum(RATE_CURRENCIES as [string, ...string[]], { error: fieldCode('sales.currency') });
const sortOrder = sortOrderSchema;

/** A rate: positive, at most 8 decimals (JPY is about 0.0067 USD). */
export const rateValue = z
  .number({ error: fieldCode('sales.enterRate') })
  .positive(fieldCode('greaterThan'))
  .max(1_000_000, fieldCode('tooLarge'))
  .refine((n) => Math.abs(Math.round(n * 1e8) - n * 1e8) < 1e-4, {
    message: fieldCode('atMostDecimals'),
    params: { places: 8 },
  });

/** A rate more than this far (20 %) from the currency's rate in force asks for a confirmation first. */
export const RATE_WARN_DEVIATION = 0.2;
/** A rate 10× above or below its neighbouring entry is refused: a typo or the inverse (units per USD). */
export const RATE_MAX_FACTOR = 10;

/** How far a rate is from a reference rate, as a ratio (0.25 = 25 % off); null without a reference. */
export function rateDeviation(rate: number, reference: number | null | undefined): number | null {
  if (!reference || reference <= 0 || !(rate > 0)) return null;
  return Math.abs(rate / reference - 1);
}

/** Whether a rate is absurd next to a reference: at least RATE_MAX_FACTOR times above or below it. */
export function isAbsurdRate(rate: number, reference: number | null | undefined): boolean {
  if (!reference || reference <= 0 || !(rate > 0)) return false;
  return rate >= reference * RATE_MAX_FACTOR || rate <= reference / RATE_MAX_FACTOR;
}

// ---- exchange rates ------------------------------------------------------------------------

export const currencySummarySchema = z.object({
  currency: z.string(),
  /** The marketplaces that sell in it. */
  marketIds: z.array(z.number().int()),
  /** The latest entry on or before today, null when none. */
  current: z.object({ effectiveFrom: z.string(), rate: z.number() }).nullable(),
  /** The entry before the current one (for the change), null when none. */
  previous: z.object({ effectiveFrom: z.string(), rate: z.number() }).nullable(),
  /** Entries after today (already recorded for a coming day). */
  upcoming: z.number().int(),
  entries: z.number().int(),
  firstDay: z.string().nullable(),
  lastDay: z.string().nullable(),
});
export type CurrencySummary = z.infer<typeof currencySummarySchema>;

export const listCurrencies = defineEndpoint({
  method: 'GET',
  path: 'sales/rest/v1/exchange-rates',
  access: 'sales:basisInfo',
  summary: 'Every marketplace currency with its current rate (USD per unit) and how many entries it has',
  tags,
  data: z.array(currencySummarySchema),
});

export const rateEntrySchema = z.object({
  currency: z.string(),
  effectiveFrom: z.string(),
  rate: z.number(),
  /** The last day this entry governs (the day before the next entry), null while it is the latest. */
  effectiveTo: z.string().nullable(),
  /** Within MAX_RERATE_DAYS: may be corrected or deleted. */
  editable: z.boolean(),
  version: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type RateEntry = z.infer<typeof rateEntrySchema>;

const periodQuery = {
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
};

export const listRates = defineEndpoint({
  method: 'GET',
  path: 'sales/rest/v1/exchange-rates/{currency}',
  access: 'sales:basisInfo',
  summary: 'The entries of one currency, newest first by default (paged)',
  tags,
  params: z.object({ currency: currencySchema }),
  query: z.object({ ...periodQuery, sortOrder: sortOrder.default('desc'), ...pagingQuery }),
  data: pageSchema(rateEntrySchema),
});

export const rateSeriesSchema = z.object({
  currency: z.string(),
  points: z.array(z.object({ day: z.string(), rate: z.number() })),
});

export const rateSeries = defineEndpoint({
  method: 'GET',
  path: 'sales/rest/v1/exchange-rates/{currency}/series',
  access: 'sales:basisInfo',
  summary:
    'Every entry of one currency in a period (default: the last 365 days), oldest first, preceded by the entry in force on its first day, for the chart',
  tags,
  params: z.object({ currency: currencySchema }),
  query: z.object(periodQuery),
  data: rateSeriesSchema,
});

/** What a rate change re-rated: facts whose rate changed, their days and shops. */
export const rerateResultSchema = z.object({
  facts: z.number().int(),
  days: z.number().int(),
  shops: z.number().int(),
  /** The days the change governs: [from, to]; to is null while no later entry exists. */
  from: z.string(),
  to: z.string().nullable(),
});
export type RerateResult = z.infer<typeof rerateResultSchema>;

export const rateWriteResultSchema = z.object({
  entry: rateEntrySchema.nullable(),
  rerated: rerateResultSchema,
});

export const createRateBody = z
  .object({
    currency: currencySchema,
    effectiveFrom: isoDate,
    rate: rateValue,
  })
  .strict();

export const createRate = defineEndpoint({
  method: 'POST',
  path: 'sales/rest/v1/exchange-rates',
  access: 'sales:basisInfo:edit',
  summary: `Record a rate from a day on (at most ${MAX_RERATE_DAYS} days back); the facts of the days it governs are re-rated at once`,
  tags,
  write: true,
  body: createRateBody,
  data: rateWriteResultSchema,
});

const entryParams = z.object({ currency: currencySchema, effectiveFrom: isoDate });

export const updateRate = defineEndpoint({
  method: 'PUT',
  path: 'sales/rest/v1/exchange-rates/{currency}/{effectiveFrom}',
  access: 'sales:basisInfo:edit',
  summary: 'Correct an entry (409 when the version is stale); the facts of the days it governs are re-rated',
  tags,
  write: true,
  params: entryParams,
  body: z.object({ rate: rateValue, version: idValue }).strict(),
  data: rateWriteResultSchema,
});

export const deleteRate = defineEndpoint({
  method: 'DELETE',
  path: 'sales/rest/v1/exchange-rates/{currency}/{effectiveFrom}',
  access: 'sales:basisInfo:edit',
  summary: 'Delete an entry; its days fall back to the entry before it and are re-rated (409 when none exists and facts need it)',
  tags,
  write: true,
  params: entryParams,
  data: rateWriteResultSchema,
});

export const exportRates = defineEndpoint({
  method: 'GET',
  path: 'sales/rest/v1/exchange-rates/excel',
  access: 'sales:basisInfo:export',
  summary: 'The rate entries (one currency or all) as .xlsx, streamed',
  tags,
  query: z.object({ currency: currencySchema.optional(), ...periodQuery }),
  binary: true,
});

// ---- sales teams -------------------------------------------------------------------------------

export const teamLineSchema = z.object({ id: z.number().int(), name: z.string(), nameEn: z.string() });

export const salesTeamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  directorId: z.number().int().nullable(),
  directorName: z.string().nullable(),
  productLines: z.array(teamLineSchema),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type SalesTeam = z.infer<typeof salesTeamSchema>;

export const TEAM_SORT_FIELDS = ['name', 'directorName', 'lineCount', 'updatedAt'] as const;

export const listTeams = defineEndpoint({
  method: 'GET',
  path: 'sales/rest/v1/sales/teams',
  access: 'sales:basisInfo',
  summary: 'Sales teams with their director and the product lines they own (paged)',
  tags,
  query: z.object({
    /** Matches the team, its director or one of its lines (case-insensitive substring). */
    keyword: z.string().trim().max(100).optional(),
    sortField: z.enum(TEAM_SORT_FIELDS).default('name'),
    sortOrder: sortOrder.default('asc'),
    ...pagingQuery,
  }),
  data: pageSchema(salesTeamSchema),
});

const teamFields = {
  name: z.string().trim().min(1, fieldCode('required')).max(64),
  directorId: idValue.nullable(),
  productLineIds: z.array(idValue).max(200),
};

export const createTeam = defineEndpoint({
  method: 'POST',
  path: 'sales/rest/v1/sales/teams',
  access: 'sales:basisInfo:edit',
  summary: 'Create a team (409 when the name is taken or a line already belongs to another team)',
  tags,
  write: true,
  body: z.object(teamFields).strict(),
  data: z.object({ id: z.number().int(), version: z.number().int() }),
});

const teamId = z.object({ id: idParam });

export const updateTeam = defineEndpoint({
  method: 'PUT',
  path: 'sales/rest/v1/sales/teams/{id}',
  access: 'sales:basisInfo:edit',
  summary: 'Change a team: name, director, owned lines (409 on a stale version, a taken name or a line of another team)',
  tags,
  write: true,
  params: teamId,
  body: z.object({ ...teamFields, version: idValue }).strict(),
  data: z.object({ version: z.number().int() }),
});

export const deleteTeam = defineEndpoint({
  method: 'DELETE',
  path: 'sales/rest/v1/sales/teams/{id}',
  access: 'sales:basisInfo:edit',
  summary: 'Delete a team; its lines are owned by no team until another takes them',
  tags,
  write: true,
  params: teamId,
  data: z.null(),
});

/** A product line a team can own (a line with a category code, not a group), with its owner. */
export const ownableLineSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string(),
  code: z.string().nullable(),
  parentId: z.number().int().nullable(),
  parentName: z.string().nullable(),
  parentNameEn: z.string().nullable(),
  teamId: z.number().int().nullable(),
  teamName: z.string().nullable(),
});
export type OwnableLine = z.infer<typeof ownableLineSchema>;

export const teamProductLines = defineEndpoint({
  method: 'GET',
  path: 'sales/rest/v1/sales/teams/product-lines',
  access: 'sales:basisInfo',
  summary: 'Every product line a team can own, with the team that owns it now',
  tags,
  data: z.array(ownableLineSchema),
});

export const exportTeams = defineEndpoint({
  method: 'GET',
  path: 'sales/rest/v1/sales/teams/excel',
  access: 'sales:basisInfo:export',
  summary: 'The teams, one row per owned product line, as .xlsx, streamed',
  tags,
  query: z.object({ keyword: z.string().trim().max(100).optional() }),
  binary: true,
});

// ---- marketplaces --------------------------------------------------------------------------------

export const marketplaceSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  currency: z.string(),
  timeZone: z.string(),
  /** The caller's shops in the marketplace; authState 0 not authorised, 1 authorised, 2 removed. */
  shops: z.array(
    z.object({ id: z.number().int(), name: z.string(), sellerId: z.string().nullable(), authState: z.number().int() }),
  ),
});
export type Marketplace = z.infer<typeof marketplaceSchema>;

export const listMarketplaces = defineEndpoint({
  method: 'GET',
  path: 'sales/rest/v1/marketplaces',
  access: 'sales:basisInfo',
  summary: 'The 13 marketplaces (spec §3) with currency, time zone and the shops the caller may see',
  tags,
  data: z.array(marketplaceSchema),
});
