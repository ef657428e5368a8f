/**
 * Trial activities through the API: questionnaires (codes, the lock once a trial went out, copy),
 * trials (catalogue SKU, form rules, every state x action), applications checked against the
 * trial's own form and questionnaire (duplicates, window edges), selection rules, the draw
 * (exactly N distinct, fewer from a small pool, audited, reproducible from its seed), replacement
 * in draw order, shipping, masking and the public page.
 */
import { TRIAL_ACTIONS, TRIAL_STATES } from '@bo/contract/trials/trials';
import { maskEmail, maskName } from '@bo/contract/trials/forms';
import { describe, expect, it } from 'vitest';
import { dataOf, fieldCodesOf, testAppPerFile } from '../../../test/harness';
import { acceptingAt } from './applications.service';
import { drawOrder } from './draw';

const API = '/api/trials/rest/v1';
const APP = '/api/app/v1/trials';
const t = testAppPerFile({ admin: true, signIn: { manager: 'sales.manager' } });

const post = (path: string, body?: unknown) => t.call('POST', `${API}/${path}`, { token: t.admin, body });
const put = (path: string, body: unknown) => t.call('PUT', `${API}/${path}`, { token: t.admin, body });
const get = (path: string, query?: Record<string, string>) => t.call('GET', `${API}/${path}`, { token: t.admin, query });
const codes = (res: { json(): unknown }) => fieldCodesOf(res).sort();

interface TrialRec {
  id: number;
  version: number;
  state: string;
  code: string;
  winners: number;
  draw: { seed: string; poolSize: number } | null;
}

let n = 0;
const SKU = async () => (await t.rows<{ sku: string }>('SELECT sku FROM skus ORDER BY id LIMIT 1'))[0]?.sku as string;

const QUESTIONS = [
  {
    key: 'room',
    type: 'single',
    labelEn: 'Room',
    options: [
      { value: 'living', labelEn: 'Living' },
      { value: 'desk', labelEn: 'Desk' },
    ],
  },
  {
    key: 'apps',
    type: 'multiple',
    labelEn: 'Apps',
    required: false,
    options: [
      { value: 'yt', labelEn: 'YouTube' },
      { value: 'tt', labelEn: 'TikTok' },
    ],
  },
  { key: 'score', type: 'rating', labelEn: 'Score' },
  { key: 'why', type: 'text', labelEn: 'Why', required: false, maxLength: 10 },
];
const FIELDS = [
  { key: 'name', type: 'name' },
  { key: 'email', type: 'email' },
  { key: 'country', type: 'country' },
  {
    key: 'size',
    type: 'choice',
    labelEn: 'Size',
    options: [
      { value: 's', labelEn: 'S' },
      { value: 'l', labelEn: 'L' },
    ],
  },
  { key: 'note', type: 'text', labelEn: 'Note', required: false, maxLength: 5 },
];

async function questionnaire() {
  const res = await post('questionnaires', { name: `Q${++n}`, questions: QUESTIONS });
  expect(res.statusCode, res.body).toBe(200);
  return dataOf<{ id: number; version: number }>(res);
}

async function trial(extra: Record<string, unknown> = {}) {
  const q = await questionnaire();
  const res = await post('trials', {
    code: `trial-${++n}`,
    sku: (await SKU()).toLowerCase(),
    titleEn: 'Strip trial',
    units: 3,
    countries: ['us', 'DE'],
    applyStart: new Date(Date.now() - 86_400_000).toISOString(),
    applyEnd: new Date(Date.now() + 86_400_000).toISOString(),
    fields: FIELDS,
    questionnaireId: q.id,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return dataOf<TrialRec>(res);
}

async function act(tr: TrialRec, action: string, extra: Record<string, unknown> = {}) {
  const res = await post(`trials/${tr.id}/actions`, { action, version: tr.version, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return dataOf<TrialRec>(res);
}

const goodApplication = (i: number, extra: { fields?: object; answers?: object } = {}) => ({
  fields: { name: `Ann ${i}`, email: `Ann${i}@Example.com`, country: 'us', size: 's', ...extra.fields },
  answers: { room: 'living', score: 4, ...extra.answers },
});
const applyTo = (code: string, body: unknown) =>
  t.call('POST', `${APP}/${code}/applications`, { body, ip: `10.9.${n % 250}.${++n % 250}` });

async function openTrial(extra: Record<string, unknown> = {}) {
  return act(await trial(extra), 'open');
}

async function withApplicants(count: number, units = 3) {
  const tr = await openTrial({ units });
  for (let i = 0; i < count; i++) {
    const res = await applyTo(
      tr.code,
      goodApplication(i, { fields: { country: i % 2 ? 'DE' : 'US' }, answers: { score: 1 + (i % 5) } }),
    );
    expect(res.statusCode, res.body).toBe(200);
  }
  return act(tr, 'close');
}

async function selection(trialId: number, rules: Record<string, unknown> = {}) {
  const res = await post('selections', { trialId, name: 'All', rules });
  expect(res.statusCode, res.body).toBe(200);
  return dataOf<{ id: number; version: number; matched: number; frozen: boolean }>(res);
}

describe('questionnaires', () => {
  it('refuses bad questions with codes and writes nothing', async () => {
    const res = await post('questionnaires', {
      name: '',
      questions: [
        { key: 'Bad key', type: 'single', labelEn: 'x', options: [{ value: 'a', labelEn: 'A' }] },
        { key: 'r', type: 'rating', options: [{ value: 'a', labelEn: 'A' }] },
        { key: 'r', type: 'text', labelEn: 'dup' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(codes(res)).toEqual(
      [
        'name:required',
        'questions.0.key:trials.key',
        'questions.0.options:trials.optionsNeeded',
        'questions.1.labelZh:trials.labelRequired',
        'questions.1.options:trials.optionsNotChoice',
        'questions.2.key:listedTwice',
      ].sort(),
    );
  });

  it('locks a questionnaire once a trial using it is open; copy works; delete refused while used', async () => {
    const tr = await trial();
    const q = (
      await t.rows<{ id: number; version: number }>('SELECT questionnaire_id AS id FROM trials WHERE id = $1', [tr.id])
    )[0];
    const id = Number(q?.id);
    const before = dataOf<{ version: number; locked: boolean }>(await get(`questionnaires/${id}`));
    expect(before.locked).toBe(false);
    await act(tr, 'open');
    const locked = await put(`questionnaires/${id}`, { name: 'Changed', questions: QUESTIONS, version: before.version });
    expect(locked.statusCode).toBe(409);
    const copy = await post(`questionnaires/${id}/copy`);
    expect(copy.statusCode).toBe(200);
    expect(dataOf<{ name: string; locked: boolean; questions: unknown[] }>(copy)).toMatchObject({ locked: false });
    expect(dataOf<{ questions: unknown[] }>(copy).questions).toHaveLength(4);
    expect((await t.call('DELETE', `${API}/questionnaires/${id}`, { token: t.admin })).statusCode).toBe(409);
  });
});

describe('trials', () => {
  it('checks the SKU against the catalogue, stores it as spelled there, and needs an e-mail field', async () => {
    const sku = await SKU();
    const tr = await trial();
    expect(dataOf<{ sku: string }>(await get(`trials/${tr.id}`)).sku).toBe(sku);
    const bad = await post('trials', {
      code: 'x',
      sku: 'NO-SUCH-SKU-1',
      units: 0,
      applyStart: '2030-01-02T00:00:00Z',
      applyEnd: '2030-01-01T00:00:00Z',
      fields: [
        { key: 'name', type: 'name' },
        { key: 'name2', type: 'name' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(codes(bad)).toEqual(
      [
        'applyEnd:endBeforeStart',
        'code:trials.code',
        'fields.1.type:listedTwice',
        'fields:trials.emailFieldRequired',
        'titleZh:trials.titleRequired',
        'units:atLeast',
      ].sort(),
    );
    const unknown = await post('trials', {
      code: `unknown-${++n}`,
      sku: 'NO-SUCH-SKU-1',
      titleEn: 'x',
      units: 1,
      applyStart: '2030-01-01T00:00:00Z',
      applyEnd: '2030-01-02T00:00:00Z',
      fields: [{ key: 'email', type: 'email' }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(codes(unknown)).toEqual(['sku:trials.unknownSku']);
    const taken = await post('trials', {
      code: tr.code,
      sku,
      titleEn: 'x',
      units: 1,
      applyStart: '2030-01-01T00:00:00Z',
      applyEnd: '2030-01-02T00:00:00Z',
      fields: [{ key: 'email', type: 'email' }],
    });
    expect(taken.statusCode).toBe(409);
    expect(codes(taken)).toEqual(['code:trials.codeTaken']);
  });

  it('answers every state x action by TRIAL_MACHINE (409 naming the state)', async () => {
    const allowed: Record<string, string[]> = {
      draft: ['open', 'cancel'],
      open: ['close', 'cancel'],
      closed: ['draw', 'cancel'],
      drawn: ['finish'],
      finished: [],
      cancelled: [],
    };
    for (const state of TRIAL_STATES) {
      for (const action of TRIAL_ACTIONS) {
        const tr = await withApplicants(0);
        const [row] = await t.rows<{ version: number }>('UPDATE trials SET state = $2 WHERE id = $1 RETURNING version', [
          tr.id,
          state,
        ]);
        const sel =
          action === 'draw'
            ? await t
                .rows<{ id: number }>(
                  `INSERT INTO trial_applications (trial_id, email, fields, answers) VALUES ($1, 'x@y.zz', '{}', '{}') RETURNING id`,
                  [tr.id],
                )
                .then(([a]) =>
                  t.rows<{ id: number }>(
                    `INSERT INTO trial_selections (trial_id, name, rules, application_ids) VALUES ($1, 's', '{}', ARRAY[$2::int]) RETURNING id`,
                    [tr.id, a?.id],
                  ),
                )
            : [];
        const res = await post(`trials/${tr.id}/actions`, { action, version: row?.version, selectionId: sel[0]?.id });
        const ok = allowed[state]?.includes(action);
        expect(res.statusCode, `${state} ${action}: ${res.body}`).toBe(ok ? 200 : 409);
        if (!ok) expect(res.json()).toMatchObject({ data: { state } });
      }
    }
  });

  it('an open trial keeps its form, SKU and questionnaire (400 frozen) but may change its texts; only a draft is deleted', async () => {
    const tr = await openTrial();
    const full = dataOf<Record<string, unknown>>(await get(`trials/${tr.id}`));
    const body = {
      code: full.code,
      sku: full.sku,
      titleEn: 'Renamed',
      units: 4,
      countries: full.countries,
      applyStart: full.applyStart,
      applyEnd: full.applyEnd,
      fields: full.fields,
      questionnaireId: full.questionnaireId,
      version: full.version,
    };
    const frozen = await put(`trials/${tr.id}`, { ...body, fields: [...(full.fields as object[]), { key: 'x', type: 'phone' }] });
    expect(frozen.statusCode).toBe(400);
    expect(codes(frozen)).toEqual(['fields:trials.frozen']);
    const ok = await put(`trials/${tr.id}`, body);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(dataOf<{ titleEn: string; units: number }>(ok)).toMatchObject({ titleEn: 'Renamed', units: 4 });
    expect((await put(`trials/${tr.id}`, body)).statusCode).toBe(409); // stale
    expect((await t.call('DELETE', `${API}/trials/${tr.id}`, { token: t.admin })).statusCode).toBe(409);
    const draft = await trial();
    expect((await t.call('DELETE', `${API}/trials/${draft.id}`, { token: t.admin })).statusCode).toBe(200);
  });

  it('refuses a user without the page (403)', async () => {
    const res = await t.call('GET', `${API}/trials`, { token: t.as.manager });
    expect(res.statusCode).toBe(403);
  });
});

describe('applying', () => {
  it("checks an application against the trial's own form and questionnaire, field by field", async () => {
    const tr = await openTrial();
    const res = await applyTo(tr.code, {
      fields: { name: '', email: 'not-mail', country: 'FR', size: 'xl', note: 'too long', extra: 'x' },
      answers: { room: 'kitchen', apps: ['yt', 'yt'], score: 6, why: 'far too long text', other: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(codes(res)).toEqual(
      [
        'answers.apps:listedTwice',
        'answers.room:invalidOption',
        'answers.score:trials.rating',
        'answers.why:tooLong',
        'answers:unknownKeys',
        'fields.country:trials.countryNotOffered',
        'fields.email:notAnEmail',
        'fields.name:required',
        'fields.note:tooLong',
        'fields.size:invalidOption',
        'fields:unknownKeys',
      ].sort(),
    );
    const missing = await applyTo(tr.code, { fields: { name: 'A', email: 'a@b.cd', country: 'US', size: 's' }, answers: {} });
    expect(codes(missing)).toEqual(['answers.room:required', 'answers.score:required']);
    expect(
      Number(
        (await t.rows<{ n: number }>('SELECT count(*)::int AS n FROM trial_applications WHERE trial_id = $1', [tr.id]))[0]?.n,
      ),
    ).toBe(0);
  });

  it('takes one application per e-mail (any case), kept lower case with the country upper case', async () => {
    const tr = await openTrial();
    const first = await applyTo(tr.code, goodApplication(1));
    expect(first.statusCode, first.body).toBe(200);
    const again = await applyTo(tr.code, goodApplication(1, { fields: { email: 'ANN1@example.COM' } }));
    expect(again.statusCode).toBe(409);
    expect(codes(again)).toEqual(['fields.email:trials.alreadyApplied']);
    const [row] = await t.rows<{ email: string; country: string }>(
      'SELECT email, country FROM trial_applications WHERE trial_id = $1',
      [tr.id],
    );
    expect(row).toEqual({ email: 'ann1@example.com', country: 'US' });
    const list = dataOf<{ total: number; list: { email: string }[] }>(await get(`trials/${tr.id}/applications`));
    expect(list.total).toBe(1);
  });

  it('takes applications from the start (included) to the end (excluded), only while open', async () => {
    const w = { state: 'open', applyStart: '2030-01-01T00:00:00.000Z', applyEnd: '2030-01-10T00:00:00.000Z' };
    expect(acceptingAt(w, new Date('2029-12-31T23:59:59.999Z'))).toBe(false);
    expect(acceptingAt(w, new Date('2030-01-01T00:00:00.000Z'))).toBe(true);
    expect(acceptingAt(w, new Date('2030-01-09T23:59:59.999Z'))).toBe(true);
    expect(acceptingAt(w, new Date('2030-01-10T00:00:00.000Z'))).toBe(false);
    expect(acceptingAt({ ...w, state: 'closed' }, new Date('2030-01-05T00:00:00Z'))).toBe(false);
    const tr = await openTrial();
    await t.rows(`UPDATE trials SET apply_start = now() + interval '1 hour' WHERE id = $1`, [tr.id]);
    expect((await applyTo(tr.code, goodApplication(1))).statusCode).toBe(409);
    await t.rows(
      `UPDATE trials SET apply_start = now() - interval '2 hour', apply_end = now() - interval '1 millisecond' WHERE id = $1`,
      [tr.id],
    );
    expect((await applyTo(tr.code, goodApplication(1))).statusCode).toBe(409);
    const draft = await trial();
    expect((await applyTo(draft.code, goodApplication(1))).statusCode).toBe(404);
  });
});

describe('selections', () => {
  it('counts and saves the applicants each rule takes', async () => {
    const tr = await withApplicants(10);
    const count = async (rules: object) => {
      const res = await post('selections/count', { trialId: tr.id, rules });
      expect(res.statusCode, res.body).toBe(200);
      return dataOf<{ matched: number; applicants: number }>(res);
    };
    expect(await count({})).toEqual({ matched: 10, applicants: 10 });
    expect((await count({ countries: ['de'] })).matched).toBe(5);
    expect((await count({ ratings: [{ questionKey: 'score', min: 4 }] })).matched).toBe(4);
    expect((await count({ answers: [{ questionKey: 'room', values: ['desk'] }] })).matched).toBe(0);
    expect((await count({ answers: [{ questionKey: 'room', values: ['living', 'desk'] }] })).matched).toBe(10);
    expect((await count({ appliedFrom: new Date(Date.now() + 60_000).toISOString() })).matched).toBe(0);
    const bad = await post('selections/count', { trialId: tr.id, rules: { ratings: [{ questionKey: 'room', min: 2 }] } });
    expect(bad.statusCode).toBe(400);
    expect(codes(bad)).toEqual(['rules.ratings.0.questionKey:trials.notRatingQuestion']);
    const s = await selection(tr.id, { countries: ['US'], ratings: [{ questionKey: 'score', min: 2 }] });
    expect(s.matched).toBe(4);
  });

  it('leaves out winners of another trial drawn in the last N days (by e-mail)', async () => {
    const a = await withApplicants(4, 4);
    await act(a, 'draw', { selectionId: (await selection(a.id)).id });
    const b = await withApplicants(6);
    const res = await post('selections/count', { trialId: b.id, rules: { excludeWinnersDays: 30 } });
    expect(dataOf<{ matched: number }>(res).matched).toBe(2);
  });
});

describe('the draw', () => {
  it('is reproducible: the same seed and pool give the same order, whatever order the pool is read in', () => {
    const pool = Array.from({ length: 50 }, (_, i) => 100 + i * 3);
    const once = drawOrder('seed-1', pool);
    expect(drawOrder('seed-1', [...pool].reverse())).toEqual(once);
    expect(new Set(once).size).toBe(50);
    expect([...once].sort((x, y) => x - y)).toEqual(pool);
    expect(drawOrder('seed-2', pool)).not.toEqual(once);
    expect(drawOrder('s', [7])).toEqual([7]);
    expect(drawOrder('s', [])).toEqual([]);
  });

  it('draws exactly N distinct applicants from the selection, audited, and again from its seed', async () => {
    const tr = await withApplicants(8, 3);
    const s = await selection(tr.id);
    const drawn = await act(tr, 'draw', { selectionId: s.id });
    expect(drawn).toMatchObject({ state: 'drawn', winners: 3, draw: { poolSize: 8 } });
    const winners = dataOf<{ list: { applicationId: number; rank: number }[]; remaining: number }>(
      await get(`trials/${tr.id}/winners`),
    );
    expect(winners.list.map((w) => w.rank)).toEqual([1, 2, 3]);
    expect(new Set(winners.list.map((w) => w.applicationId)).size).toBe(3);
    expect(winners.remaining).toBe(5);
    const pool = (await t.rows<{ id: number }>('SELECT id FROM trial_applications WHERE trial_id = $1', [tr.id])).map((r) =>
      Number(r.id),
    );
    expect(drawOrder(drawn.draw?.seed as string, pool).slice(0, 3)).toEqual(winners.list.map((w) => w.applicationId));
    const [auditRow] = await t.rows<{ after: { seed: string; poolSize: number }; actor_user_id: number }>(
      `SELECT after, actor_user_id FROM audit_log WHERE entity = 'trial' AND entity_id = $1 AND action = 'trial.draw'`,
      [String(tr.id)],
    );
    expect(auditRow?.after).toMatchObject({ seed: drawn.draw?.seed, poolSize: 8, selectionId: s.id });
    expect(auditRow?.actor_user_id).toBeTruthy();
    expect(dataOf<{ frozen: boolean }>(await get(`selections/${s.id}`)).frozen).toBe(true);
    const frozen = await put(`selections/${s.id}`, { trialId: tr.id, name: 'x', rules: {}, version: s.version + 1 });
    expect(frozen.statusCode).toBe(409);
  });

  it('draws fewer when the pool is smaller than the units', async () => {
    const tr = await withApplicants(2, 5);
    const drawn = await act(tr, 'draw', { selectionId: (await selection(tr.id)).id });
    expect(drawn.winners).toBe(2);
  });

  it('replaces a winner by the next in the draw order (reason required), ships, and runs out', async () => {
    const tr = await withApplicants(4, 2);
    const drawn = await act(tr, 'draw', { selectionId: (await selection(tr.id)).id });
    const order = drawOrder(
      drawn.draw?.seed as string,
      (await t.rows<{ id: number }>('SELECT id FROM trial_applications WHERE trial_id = $1', [tr.id])).map((r) => Number(r.id)),
    );
    type W = { id: number; version: number; applicationId: number; rank: number; state: string };
    const list = async () => dataOf<{ list: W[]; remaining: number }>(await get(`trials/${tr.id}/winners`));
    const [first, second] = (await list()).list as [W, W];
    const noReason = await post(`winners/${first.id}/replace`, { reason: ' ', version: first.version });
    expect(codes(noReason)).toEqual(['reason:required']);
    const next = await post(`winners/${first.id}/replace`, { reason: 'Declined', version: first.version });
    expect(next.statusCode, next.body).toBe(200);
    expect(dataOf<W>(next)).toMatchObject({ applicationId: order[2], rank: 3 });
    const shipped = await post(`winners/${second.id}/ship`, { carrier: 'UPS', trackingNo: '1Z1', version: second.version });
    expect(dataOf<W>(shipped).state).toBe('shipped');
    expect((await post(`winners/${second.id}/replace`, { reason: 'x', version: dataOf<W>(shipped).version })).statusCode).toBe(
      409,
    );
    const third = dataOf<W>(next);
    const last = await post(`winners/${third.id}/replace`, { reason: 'Unreachable', version: third.version });
    expect(dataOf<W>(last)).toMatchObject({ applicationId: order[3], rank: 4 });
    const none = await post(`winners/${dataOf<W>(last).id}/replace`, { reason: 'Again', version: dataOf<W>(last).version });
    expect(none.statusCode).toBe(409);
    expect((await list()).list.map((w) => [w.rank, w.state])).toEqual([
      [1, 'replaced'],
      [2, 'shipped'],
      [3, 'replaced'],
      [4, 'selected'],
    ]);
    const history = await t.rows<{ action: string }>(
      `SELECT action FROM audit_log WHERE entity = 'trial' AND entity_id = $1 ORDER BY id`,
      [String(tr.id)],
    );
    expect(history.map((h) => h.action).filter((a) => a.startsWith('trial.'))).toEqual([
      'trial.open',
      'trial.close',
      'trial.draw',
      'trial.replaceWinner',
      'trial.ship',
      'trial.replaceWinner',
    ]);
  });
});

describe('masking and the public side', () => {
  it('masks names and e-mails', () => {
    expect(maskName('John')).toBe('J***n');
    expect(maskName('Li')).toBe('L***i');
    expect(maskName('A')).toBe('A***');
    expect(maskName('张三丰')).toBe('张***丰');
    expect(maskEmail('john@gmail.com')).toBe('j***@gmail.com');
    expect(maskEmail('x@a.b')).toBe('x***@a.b');
  });

  it('publishes masked winners only once the operator says so', async () => {
    const tr = await withApplicants(3, 1);
    const drawn = await act(tr, 'draw', { selectionId: (await selection(tr.id)).id });
    const read = async () =>
      dataOf<{ winners: { name: string; email: string }[] | null; accepting: boolean }>(await t.call('GET', `${APP}/${tr.code}`));
    expect((await read()).winners).toBeNull();
    const pub = await post(`trials/${tr.id}/winners-published`, { published: true, version: drawn.version });
    expect(pub.statusCode, pub.body).toBe(200);
    const w = (await read()).winners ?? [];
    expect(w).toHaveLength(1);
    expect(w[0]?.email).toMatch(/^a\*\*\*@example\.com$/);
    expect(w[0]?.name).toMatch(/^A\*\*\*\d$/);
    const early = await openTrial();
    expect((await post(`trials/${early.id}/winners-published`, { published: true, version: early.version })).statusCode).toBe(
      409,
    );
  });

  it('renders the public page escaped, in the browser language, with a strict CSP, and takes the form', async () => {
    const tr = await openTrial({ titleEn: '<script>alert(1)</script>', titleZh: '灯带<b>试用</b>' });
    const page = await t.call('GET', `/trial/${tr.code}`, { headers: { 'accept-language': 'en-US' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).not.toContain('<script>');
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    const zh = await t.call('GET', `/trial/${tr.code}`, { headers: { 'accept-language': 'zh-CN,zh;q=0.9' } });
    expect(zh.body).toContain('灯带&lt;b&gt;试用&lt;/b&gt;');
    const form = (fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/trial/${tr.code}?lang=en`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
    const bad = await form({
      'f.name': '"><img src=x onerror=alert(1)>',
      'f.email': 'nope',
      'f.country': 'US',
      'f.size': 's',
      'a.room': 'living',
      'a.score': '3',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Not an e-mail address');
    expect(bad.body).not.toContain('<img src=x');
    const ok = await form({
      'f.name': 'Bea',
      'f.email': 'bea@example.com',
      'f.country': 'DE',
      'f.size': 'l',
      'a.room': 'desk',
      'a.apps': 'yt',
      'a.score': '5',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const [row] = await t.rows<{ answers: object }>('SELECT answers FROM trial_applications WHERE trial_id = $1', [tr.id]);
    expect(row?.answers).toEqual({ room: 'desk', apps: ['yt'], score: 5 });
    expect((await t.call('GET', '/trial/no-such-trial')).statusCode).toBe(404);
  });

  it('refuses an application body over the bound (413) and exports the applications as csv', async () => {
    const tr = await openTrial();
    const big = await t.call('POST', `${APP}/${tr.code}/applications`, { body: { fields: { name: 'x'.repeat(70_000) } } });
    expect(big.statusCode).toBe(413);
    await applyTo(tr.code, goodApplication(7));
    const csv = await t.call('GET', `${API}/trials/${tr.id}/applications/export`, { token: t.admin });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('ann7@example.com');
    expect(csv.body.split('\r\n')[0]).toContain('Size');
  });
});
