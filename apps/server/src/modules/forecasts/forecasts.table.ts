import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, real, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountRow, serialId, updatedAt } from '../../db/columns';

/**
 * One recalculation of every forecast (POST refresh, the nightly job, the demo seed). `total` and
 * `done` count product lines: the job works a line at a time, so the progress moves in steps a
 * planner can follow. `accuracy` sums the rolling backtest of all listings (docs/forecasts.md).
 */
export const forecastRuns = pgTable(
  'forecast_runs',
  {
    id: serialId(),
    state: text('state').notNull().default('queued'),
    requestedBy: integer('requested_by'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    listings: integer('listings').notNull().default(0),
    /** The first forecast day: the day after the last day of sales when the run started. */
    origin: date('origin', { mode: 'string' }),
    /** { actual, absError, error, naiveAbsError, naiveError, days, listings } of the backtest. */
    accuracy: jsonb('accuracy'),
    error: text('error'),
  },
  (t) => [
    check('forecast_runs_state_ck', sql`${t.state} IN ('queued', 'running', 'done', 'failed')`),
    index('forecast_runs_requested_idx').on(t.requestedAt),
  ],
);

/**
 * The latest forecast of one listing: `daily` holds FORECAST_HORIZON days from `origin`,
 * `months` the sums per calendar month from `month_start` (the origin's month). The sums of 7,
 * 30 and 90 days are kept for sorting; the backtest's sums per listing for its WAPE and bias.
 * Rows of listings that no longer sell are removed by the next run.
 */
export const forecastListings = pgTable(
  'forecast_listings',
  {
    listingId: integer('listing_id').primaryKey(),
    shopId: integer('shop_id').notNull(),
    marketId: smallint('market_id').notNull(),
    productLineId: integer('product_line_id'),
    runId: integer('run_id').notNull(),
    origin: date('origin', { mode: 'string' }).notNull(),
    daily: real('daily').array().notNull(),
    monthStart: date('month_start', { mode: 'string' }).notNull(),
    months: real('months').array().notNull(),
    units30: integer('units30').notNull().default(0),
    next7: real('next7').notNull().default(0),
    next30: real('next30').notNull().default(0),
    next90: real('next90').notNull().default(0),
    method: text('method').notNull(),
    level: real('level').notNull().default(0),
    trend: real('trend').notNull().default(0),
    censoredDays: integer('censored_days').notNull().default(0),
    btActual: real('bt_actual').notNull().default(0),
    btAbsError: real('bt_abs_error').notNull().default(0),
    btError: real('bt_error').notNull().default(0),
    btNaiveAbsError: real('bt_naive_abs_error').notNull().default(0),
    /**
     * The backtest per horizon bucket (contract ACCURACY_BUCKETS: days 1-7, 8-14, 15-28), one
     * { actual, absError, error, naiveAbsError, naiveError, days } each, summing to the bt_ columns;
     * read by /forecastAccuracy. Null on rows written before the column (the next run fills it).
     */
    btBuckets: jsonb('bt_buckets'),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Rises with every manual override (PUT sales v1 forecasts/{listingId}) and with every run, which replaces an override. */
    version: integer('version').notNull().default(0),
    overriddenBy: integer('overridden_by'),
    overriddenAt: timestamp('overridden_at', { withTimezone: true }),
    overrideReason: text('override_reason'),
  },
  (t) => [index('forecast_listings_shop_idx').on(t.shopId)],
);

/**
 * A planner's estimate for one listing (contract forecasts/estimates.ts): units per week or
 * month from `start_day`, with a reason, reviewed through the approval engine (flow
 * 'forecast.estimate', entity id = this id). `status` mirrors the approval's code (spec §4) so
 * the review list filters and sorts on one table; both change in the same transaction.
 */
export const forecastEstimates = pgTable(
  'forecast_estimates',
  {
    ...accountRow(),
    listingId: integer('listing_id').notNull(),
    shopId: integer('shop_id').notNull(),
    marketId: smallint('market_id').notNull(),
    submitterId: integer('submitter_id').notNull(),
    granularity: text('granularity').notNull(),
    startDay: date('start_day', { mode: 'string' }).notNull(),
    periods: integer('periods').array().notNull(),
    totalUnits: integer('total_units').notNull(),
    reason: text('reason').notNull(),
    status: smallint('status').notNull().default(1),
    version: integer('version').notNull().default(0),
    reviewerId: integer('reviewer_id'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /**
     * The system forecast per period when approved (units over each period's days inside the
     * stored forecast), for /forecastAccuracy's overrides; null for estimates approved before it
     * was stored, which are not compared.
     */
    systemPeriods: real('system_periods').array(),
    remark: text('remark'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('forecast_estimates_granularity_ck', sql`${t.granularity} IN ('week', 'month')`),
    check('forecast_estimates_status_ck', sql`${t.status} BETWEEN 1 AND 5`),
    index('forecast_estimates_listing_idx').on(t.listingId, t.id),
    index('forecast_estimates_status_idx').on(t.status, t.submittedAt),
    // One estimate in review per listing (SUBMIT or PENDING).
    uniqueIndex('forecast_estimates_open_uq').on(t.listingId).where(sql`${t.status} IN (2, 4)`),
  ],
);
