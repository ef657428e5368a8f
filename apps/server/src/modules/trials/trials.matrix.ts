/**
 * Permission-matrix rows of the trial activities: the H5 activity page's permission reads, its
 * buttons write (create; edit for edits, state moves, draws, replacements and shipping; delete).
 * The application call and the trial's public read are public. Each write cell makes its own rows.
 */
import { one, PUBLIC_OK } from '../../../test/matrix/cells';
import type { CellContext, Row } from '../../../test/matrix/rows';

const API = '/api/trials/rest/v1';
const READ = '401 401 403 200 200 403 403 200 403';
const WRITE = '401 401 403 403 200 403 403 200 403';

/** A trial form of one e-mail field (the body's `fields`: a form's lines, not an error's). */
const EMAIL_ONLY = [{ key: 'email', type: 'email' }];

const FORM = JSON.stringify([
  { key: 'name', type: 'name', labelZh: '', labelEn: '', required: true, options: [], maxLength: 200 },
  { key: 'email', type: 'email', labelZh: '', labelEn: '', required: true, options: [], maxLength: 200 },
]);
const QUESTIONS = [{ key: 'score', type: 'rating', labelEn: 'Score', required: true }];

const sku = async (c: CellContext) => (await one(c.pool, 'SELECT sku FROM skus ORDER BY id LIMIT 1')).sku as string;

const freshQuestionnaire = (c: CellContext) =>
  one(c.pool, `INSERT INTO trial_questionnaires (name, questions) VALUES ($1, $2::jsonb) RETURNING id, version`, [
    `mx-${c.n}`,
    JSON.stringify([{ ...QUESTIONS[0], labelZh: '', options: [], maxLength: 500 }]),
  ]);

async function freshTrial(c: CellContext, state = 'draft', window = "now() - interval '1 day', now() + interval '1 day'") {
  return one(
    c.pool,
    `INSERT INTO trials (code, sku, title_en, units, apply_start, apply_end, fields, state)
     VALUES ($1, $2, 'Matrix', 2, ${window}, $3::jsonb, $4) RETURNING id, version, code`,
    [`mx-trial-${c.n}`, await sku(c), FORM, state],
  );
}

async function freshApplication(c: CellContext, trialId: number, i = 0) {
  return one(
    c.pool,
    `INSERT INTO trial_applications (trial_id, name, email, fields, answers) VALUES ($1, 'Ann', $2, '{}'::jsonb, '{}'::jsonb) RETURNING id`,
    [trialId, `mx-${c.n}-${i}@example.com`],
  );
}

async function freshSelection(c: CellContext, state = 'closed') {
  const t = await freshTrial(c, state);
  const a = await freshApplication(c, t.id);
  const s = await one(
    c.pool,
    `INSERT INTO trial_selections (trial_id, name, rules, application_ids) VALUES ($1, 'mx', '{}'::jsonb, ARRAY[$2::int]) RETURNING id, version`,
    [t.id, a.id],
  );
  return { trial: t, selection: s };
}

async function freshWinner(c: CellContext) {
  const t = await freshTrial(c, 'drawn');
  const a = await freshApplication(c, t.id, 0);
  const b = await freshApplication(c, t.id, 1);
  await c.pool.query(`UPDATE trials SET draw_order = ARRAY[$2::int, $3::int], draw_seed = 'mx', drawn_at = now() WHERE id = $1`, [
    t.id,
    a.id,
    b.id,
  ]);
  return one(c.pool, `INSERT INTO trial_winners (trial_id, application_id, rank) VALUES ($1, $2, 1) RETURNING id, version`, [
    t.id,
    a.id,
  ]);
}

const rules = { countries: [], answers: [], ratings: [] };
const trialBody = async (c: CellContext, code: string) => ({
  code,
  sku: await sku(c),
  titleEn: 'Matrix',
  units: 3,
  applyStart: '2030-01-01T00:00:00Z',
  applyEnd: '2030-02-01T00:00:00Z',
  fields: EMAIL_ONLY,
});

export function matrixRows(): Record<string, Row> {
  return {
    [`GET ${API}/trials`]: { request: () => ({ url: `${API}/trials` }), expect: READ },
    [`GET ${API}/trials/:id`]: { request: async (c) => ({ url: `${API}/trials/${(await freshTrial(c)).id}` }), expect: READ },
    [`POST ${API}/trials`]: {
      request: async (c) => ({ url: `${API}/trials`, body: await trialBody(c, `mxc-${c.n}`) }),
      expect: WRITE,
    },
    [`PUT ${API}/trials/:id`]: {
      request: async (c) => {
        const t = await freshTrial(c);
        return { url: `${API}/trials/${t.id}`, body: { ...(await trialBody(c, t.code)), version: t.version } };
      },
      expect: WRITE,
    },
    [`POST ${API}/trials/:id/actions`]: {
      request: async (c) => {
        const t = await freshTrial(c);
        return { url: `${API}/trials/${t.id}/actions`, body: { action: 'open', version: t.version } };
      },
      expect: WRITE,
    },
    [`POST ${API}/trials/:id/winners-published`]: {
      request: async (c) => {
        const t = await freshTrial(c, 'drawn');
        return { url: `${API}/trials/${t.id}/winners-published`, body: { published: true, version: t.version } };
      },
      expect: WRITE,
    },
    [`DELETE ${API}/trials/:id`]: { request: async (c) => ({ url: `${API}/trials/${(await freshTrial(c)).id}` }), expect: WRITE },
    [`GET ${API}/trials/:id/applications`]: {
      request: async (c) => ({ url: `${API}/trials/${(await freshTrial(c, 'open')).id}/applications` }),
      expect: READ,
    },
    [`GET ${API}/trials/:id/applications/export`]: {
      request: async (c) => ({ url: `${API}/trials/${(await freshTrial(c, 'open')).id}/applications/export` }),
      expect: READ,
    },
    [`GET ${API}/trials/questionnaires`]: { request: () => ({ url: `${API}/trials/questionnaires` }), expect: READ },

    [`GET ${API}/questionnaires`]: { request: () => ({ url: `${API}/questionnaires` }), expect: READ },
    [`GET ${API}/questionnaires/:id`]: {
      request: async (c) => ({ url: `${API}/questionnaires/${(await freshQuestionnaire(c)).id}` }),
      expect: READ,
    },
    [`POST ${API}/questionnaires`]: {
      request: (c) => ({ url: `${API}/questionnaires`, body: { name: `mxq-${c.n}`, questions: QUESTIONS } }),
      expect: WRITE,
    },
    [`PUT ${API}/questionnaires/:id`]: {
      request: async (c) => {
        const q = await freshQuestionnaire(c);
        return { url: `${API}/questionnaires/${q.id}`, body: { name: `mxq-${c.n}`, questions: QUESTIONS, version: q.version } };
      },
      expect: WRITE,
    },
    [`POST ${API}/questionnaires/:id/copy`]: {
      request: async (c) => ({ url: `${API}/questionnaires/${(await freshQuestionnaire(c)).id}/copy` }),
      expect: WRITE,
    },
    [`DELETE ${API}/questionnaires/:id`]: {
      request: async (c) => ({ url: `${API}/questionnaires/${(await freshQuestionnaire(c)).id}` }),
      expect: WRITE,
    },

    [`GET ${API}/selections`]: { request: () => ({ url: `${API}/selections` }), expect: READ },
    [`GET ${API}/selections/:id`]: {
      request: async (c) => ({ url: `${API}/selections/${(await freshSelection(c)).selection.id}` }),
      expect: READ,
    },
    [`POST ${API}/selections/count`]: {
      request: async (c) => ({ url: `${API}/selections/count`, body: { trialId: (await freshTrial(c, 'open')).id, rules } }),
      expect: READ,
    },
    [`POST ${API}/selections`]: {
      request: async (c) => ({
        url: `${API}/selections`,
        body: { trialId: (await freshTrial(c, 'closed')).id, name: 'mx', rules },
      }),
      expect: WRITE,
    },
    [`PUT ${API}/selections/:id`]: {
      request: async (c) => {
        const { trial, selection } = await freshSelection(c);
        return {
          url: `${API}/selections/${selection.id}`,
          body: { trialId: trial.id, name: 'mx2', rules, version: selection.version },
        };
      },
      expect: WRITE,
    },
    [`DELETE ${API}/selections/:id`]: {
      request: async (c) => ({ url: `${API}/selections/${(await freshSelection(c)).selection.id}` }),
      expect: WRITE,
    },

    [`GET ${API}/trials/:id/winners`]: {
      request: async (c) => ({ url: `${API}/trials/${(await freshTrial(c, 'drawn')).id}/winners` }),
      expect: READ,
    },
    [`POST ${API}/winners/:id/replace`]: {
      request: async (c) => {
        const w = await freshWinner(c);
        return { url: `${API}/winners/${w.id}/replace`, body: { reason: 'Declined', version: w.version } };
      },
      expect: WRITE,
    },
    [`POST ${API}/winners/:id/ship`]: {
      request: async (c) => {
        const w = await freshWinner(c);
        return { url: `${API}/winners/${w.id}/ship`, body: { carrier: 'UPS', trackingNo: '1Z', version: w.version } };
      },
      expect: WRITE,
    },

    'GET /api/app/v1/trials/:code': {
      request: async (c) => ({ url: `/api/app/v1/trials/${(await freshTrial(c, 'open')).code}` }),
      expect: PUBLIC_OK,
    },
    'POST /api/app/v1/trials/:code/applications': {
      request: async (c) => ({
        url: `/api/app/v1/trials/${(await freshTrial(c, 'open')).code}/applications`,
        body: { fields: { name: 'Ann', email: `mx-${c.n}@example.com` } },
      }),
      expect: PUBLIC_OK,
    },
    // The public page and its form post: the same answer for everyone (a JSON body is not the form: 400).
    'GET /trial/:code': {
      request: async (c) => ({ url: `/trial/${(await freshTrial(c, 'open')).code}` }),
      expect: PUBLIC_OK,
    },
    'POST /trial/:code': {
      request: async (c) => ({ url: `/trial/${(await freshTrial(c, 'open')).code}`, body: {} }),
      expect: '400 400 400 400 400 400 400 400 400',
    },
  };
}
