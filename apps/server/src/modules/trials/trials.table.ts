import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, serialId, version, writtenAt } from '../../db/columns';

/**
 * Reusable question sets (/user-platform/h5ActivityMaking/trialQuestionnaire): `questions` holds
 * the contract's `questionSchema` items. Company data. Read-only once a trial that went out names it.
 */
export const trialQuestionnaires = pgTable('trial_questionnaires', {
  id: serialId(),
  name: text('name').notNull(),
  descriptionZh: text('description_zh').notNull().default(''),
  descriptionEn: text('description_en').notNull().default(''),
  questions: jsonb('questions').notNull(),
  updatedBy: integer('updated_by'),
  version: version(),
  ...writtenAt(),
});

/**
 * A trial (/user-platform/h5ActivityMaking/trialApply): a catalogue SKU given in `units` to
 * applicants of some countries, its application window, form (`fields`: `formFieldSchema` items)
 * and questionnaire; TRIAL_MACHINE's `state`. The draw's seed, pool and order are kept so that
 * anyone can run it again and get the same winners (docs/trials.md "The draw").
 */
export const trials = pgTable(
  'trials',
  {
    id: serialId(),
    code: text('code').notNull(),
    sku: text('sku').notNull(),
    titleZh: text('title_zh').notNull().default(''),
    titleEn: text('title_en').notNull().default(''),
    descriptionZh: text('description_zh').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    units: integer('units').notNull(),
    countries: text('countries').array().notNull().default(sql`'{}'::text[]`),
    applyStart: timestamp('apply_start', { withTimezone: true }).notNull(),
    applyEnd: timestamp('apply_end', { withTimezone: true }).notNull(),
    fields: jsonb('fields').notNull(),
    questionnaireId: integer('questionnaire_id').references(() => trialQuestionnaires.id),
    state: text('state').notNull().default('draft'),
    winnersPublished: boolean('winners_published').notNull().default(false),
    drawSeed: text('draw_seed'),
    drawSelectionId: integer('draw_selection_id'),
    /** Application ids in draw order: the seeded shuffle of the pool ordered by id. */
    drawOrder: integer('draw_order').array(),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    drawnBy: integer('drawn_by'),
    updatedBy: integer('updated_by'),
    version: version(),
    ...writtenAt(),
  },
  (t) => [
    uniqueIndex('trials_code_uq').on(t.code),
    check('trials_units_ck', sql`${t.units} BETWEEN 1 AND 10000`),
    check('trials_window_ck', sql`${t.applyEnd} > ${t.applyStart}`),
  ],
);

/**
 * One application: the form's values and the answers, as checked against the trial's own form.
 * Name, e-mail and country are copied out of the values for the lists, the rules and the one
 * application per e-mail; nothing else about the applicant (no address of the request) is kept.
 */
export const trialApplications = pgTable(
  'trial_applications',
  {
    id: serialId(),
    trialId: integer('trial_id')
      .notNull()
      .references(() => trials.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    email: text('email').notNull(),
    country: text('country').notNull().default(''),
    fields: jsonb('fields').notNull(),
    answers: jsonb('answers').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('trial_applications_email_uq').on(t.trialId, t.email), index('trial_applications_email_ix').on(t.email)],
);

/** A saved rule set over one trial's applicants, and the applicants it took (frozen by the draw). */
export const trialSelections = pgTable('trial_selections', {
  id: serialId(),
  trialId: integer('trial_id')
    .notNull()
    .references(() => trials.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  rules: jsonb('rules').notNull(),
  applicationIds: integer('application_ids').array().notNull(),
  frozenAt: timestamp('frozen_at', { withTimezone: true }),
  updatedBy: integer('updated_by'),
  version: version(),
  ...writtenAt(),
});

/**
 * A winner of a trial's draw: `rank` is the applicant's place in the draw order. A replaced winner
 * stays (state `replaced`, with the reason); the next in the draw order takes a row of its own.
 */
export const trialWinners = pgTable(
  'trial_winners',
  {
    id: serialId(),
    trialId: integer('trial_id')
      .notNull()
      .references(() => trials.id, { onDelete: 'cascade' }),
    applicationId: integer('application_id')
      .notNull()
      .references(() => trialApplications.id),
    rank: integer('rank').notNull(),
    state: text('state').notNull().default('selected'),
    reason: text('reason'),
    carrier: text('carrier'),
    trackingNo: text('tracking_no'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    version: version(),
    ...writtenAt(),
  },
  (t) => [uniqueIndex('trial_winners_application_uq').on(t.trialId, t.applicationId)],
);
