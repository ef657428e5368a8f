import { REVIEW_MACHINE, REVIEW_STATES, type Review } from '@bo/contract/growth/performance';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, testAppPerFile } from '../../../test/harness';

const t = testAppPerFile();
const API = '/api/grow/rest/v1';
const tokens: Record<string, string> = {};
const QUARTER = '2025Q1';
let dims: string[] = [];

const tok = (login: string) => tokens[login] as string;
const code = (res: { json(): unknown }) => JSON.stringify(res.json());

async function reviewOf(login: string, quarter = QUARTER): Promise<Review> {
  const [r] = await t.rows<{ id: number }>(
    `SELECT r.id FROM growth_reviews r JOIN growth_cycles c ON c.id = r.cycle_id JOIN users u ON u.id = r.employee_id
      WHERE u.login_name = $1 AND c.quarter = $2`,
    [login, quarter],
  );
  const res = await t.call('GET', `${API}/reviews/${r?.id}`, { token: tok('admin') });
  expect(res.statusCode, res.body).toBe(200);
  return dataOf<Review>(res);
}
const fullScores = (score = 4) => dims.map((dimension) => ({ dimension, score }));
const saveSelf = (login: string, r: { id: number; version: number }, over: Record<string, unknown> = {}) =>
  t.call('PUT', `${API}/reviews/${r.id}/self`, {
    token: tok(login),
    body: {
      version: r.version,
      goalsMet: 'All three goals met',
      achievements: 'Launched the DE shop',
      scores: fullScores(),
      ...over,
    },
  });
const act = (login: string, r: { id: number; version: number }, action: string, remark?: string) =>
  t.call('POST', `${API}/reviews/${r.id}/actions`, { token: tok(login), body: { action, version: r.version, remark } });

/** A review of the test cycle put straight into a state. */
async function inState(login: string, state: string) {
  const r = await reviewOf(login);
  await t.rows(
    `UPDATE growth_reviews SET state = $1, self_goals = 'g', self_achievements = 'a', self_scores = $2::jsonb, leader_scores = '[]', rating = NULL WHERE id = $3`,
    [state, JSON.stringify(fullScores(3)), r.id],
  );
  return reviewOf(login);
}

beforeAll(async () => {
  for (const login of [
    'admin',
    'sales.analyst',
    'ppc.specialist',
    'sales.manager',
    'cs.agent',
    'cs.lead',
    'planner',
    'pm',
    'shop.a',
  ])
    tokens[login] = await t.login(login);
  const open = await t.call('POST', `${API}/cycles`, { token: tok('admin'), body: { quarter: QUARTER } });
  expect(open.statusCode, open.body).toBe(200);
  dims = dataOf<{ dimensions: { key: string }[] }>(open).dimensions.map((d) => d.key);
  expect(dims.length).toBeGreaterThan(0);
});

describe('the review machine on the server', () => {
  const actor = {
    submitSelf: 'sales.analyst',
    acknowledge: 'sales.analyst',
    review: 'sales.manager',
    return: 'sales.manager',
  } as const;
  for (const state of REVIEW_STATES) {
    for (const action of ['submitSelf', 'review', 'return', 'acknowledge'] as const) {
      const step = REVIEW_MACHINE.transitions.find((x) => x.action === action && x.from.includes(state));
      it(`${action} from ${state}: ${step ? `moves to ${step.to}` : '409, nothing changes'}`, async () => {
        const r = await inState('sales.analyst', state);
        if (action === 'review')
          await t.rows(`UPDATE growth_reviews SET leader_scores = $1::jsonb, rating = 4, leader_comments = 'ok' WHERE id = $2`, [
            JSON.stringify(fullScores()),
            r.id,
          ]);
        const res = await act(actor[action], r, action, action === 'return' ? 'Add figures' : undefined);
        const [row] = await t.rows<{ state: string }>(`SELECT state FROM growth_reviews WHERE id = $1`, [r.id]);
        if (step) {
          expect(res.statusCode, res.body).toBe(200);
          expect(row?.state).toBe(step.to);
        } else {
          expect(res.statusCode, res.body).toBe(409);
          expect(row?.state).toBe(state);
        }
      });
    }
  }
});

describe('a review from self review to acknowledgement', () => {
  it('is opened for each employee with their leader from the organisation', async () => {
    const r = await reviewOf('ppc.specialist');
    expect(r).toMatchObject({
      state: 'draft',
      leader: { name: expect.stringContaining('Sales Manager') },
      cycle: { quarter: QUARTER },
    });
    expect((await reviewOf('cs.agent')).leader?.name).toContain('CS Lead');
  });

  it('runs draft → submitted → reviewed → acknowledged, each step by its person only', async () => {
    let r = await reviewOf('ppc.specialist');
    // Partly filled: saved, but the submit is refused with the missing dimensions' code.
    const partial = await saveSelf('ppc.specialist', r, { scores: fullScores().slice(1) });
    expect(partial.statusCode, partial.body).toBe(200);
    r = dataOf<Review>(partial);
    const early = await act('ppc.specialist', r, 'submitSelf');
    expect(early.statusCode).toBe(400);
    expect(code(early)).toContain('growth.scoreMissing');
    // Someone else writing the self part: 403, the leader included.
    expect((await saveSelf('sales.manager', r)).statusCode).toBe(403);
    expect((await saveSelf('planner', r)).statusCode).toBe(403);
    expect((await t.call('GET', `${API}/reviews/${r.id}`, { token: tok('planner') })).statusCode).toBe(403);
    // The leader does not see a draft's self part.
    const asLeader = dataOf<Review>(await t.call('GET', `${API}/reviews/${r.id}`, { token: tok('sales.manager') }));
    expect(asLeader.self.goalsMet).toBe('');
    r = dataOf<Review>(await saveSelf('ppc.specialist', r));
    expect(r.actions).toEqual(['submitSelf']);
    // A stale version: 409, nothing moves.
    expect((await act('ppc.specialist', { id: r.id, version: r.version - 1 }, 'submitSelf')).statusCode).toBe(409);
    const submitted = await act('ppc.specialist', r, 'submitSelf');
    expect(submitted.statusCode, submitted.body).toBe(200);
    r = dataOf<Review>(submitted);
    expect(r.state).toBe('selfSubmitted');
    // The self part is closed now (409); the leader part is the leader's alone.
    expect((await saveSelf('ppc.specialist', r)).statusCode).toBe(409);
    const wrongLeader = await t.call('PUT', `${API}/reviews/${r.id}/leader`, {
      token: tok('cs.lead'),
      body: { version: r.version, rating: 5 },
    });
    expect(wrongLeader.statusCode).toBe(403);
    const leaderView = dataOf<Review>(await t.call('GET', `${API}/reviews/${r.id}`, { token: tok('sales.manager') }));
    expect(leaderView).toMatchObject({ role: 'leader', canWriteLeader: true, self: { goalsMet: 'All three goals met' } });
    const draftRating = await t.call('PUT', `${API}/reviews/${r.id}/leader`, {
      token: tok('sales.manager'),
      body: { version: r.version, scores: fullScores(5), comments: '', rating: null },
    });
    expect(draftRating.statusCode, draftRating.body).toBe(200);
    r = dataOf<Review>(draftRating);
    const noRating = await act('sales.manager', r, 'review');
    expect(noRating.statusCode).toBe(400);
    expect(code(noRating)).toContain('growth.ratingRequired');
    r = dataOf<Review>(
      await t.call('PUT', `${API}/reviews/${r.id}/leader`, {
        token: tok('sales.manager'),
        body: { version: r.version, scores: fullScores(5), comments: 'A strong quarter', rating: 5 },
      }),
    );
    // The employee does not see the leader's part before it is completed.
    const mine = dataOf<Review>(await t.call('GET', `${API}/reviews/${r.id}`, { token: tok('ppc.specialist') }));
    expect(mine.leaderPart).toMatchObject({ rating: null, comments: '', scores: [] });
    expect((await act('ppc.specialist', r, 'review')).statusCode).toBe(403);
    const reviewed = await act('sales.manager', r, 'review');
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    r = dataOf<Review>(reviewed);
    const seen = dataOf<Review>(await t.call('GET', `${API}/reviews/${r.id}`, { token: tok('ppc.specialist') }));
    expect(seen).toMatchObject({
      state: 'leaderReviewed',
      leaderPart: { rating: 5, comments: 'A strong quarter', mean: 5 },
      actions: ['acknowledge'],
    });
    expect((await act('sales.manager', r, 'acknowledge')).statusCode).toBe(403);
    const ack = await act('ppc.specialist', r, 'acknowledge', 'Thank you');
    expect(ack.statusCode, ack.body).toBe(200);
    expect(dataOf<Review>(ack)).toMatchObject({ state: 'acknowledged', ackComment: 'Thank you', actions: [] });
    const events = dataOf<{ action: string; by: string }[]>(
      await t.call('GET', `${API}/reviews/${r.id}/events`, { token: tok('ppc.specialist') }),
    );
    expect(events.map((e) => e.action)).toEqual(['submitSelf', 'review', 'acknowledge']);
    const history = await t.call('GET', `/api/user/rest/v1/history/growth_review/${r.id}`, { token: tok('sales.manager') });
    expect(history.statusCode, history.body).toBe(200);
    expect(dataOf<{ list: { action: string }[] }>(history).list.map((e) => e.action)).toEqual(
      expect.arrayContaining([
        'growth.saveSelf',
        'growth.submitSelf',
        'growth.saveLeader',
        'growth.review',
        'growth.acknowledge',
      ]),
    );
    expect((await t.call('GET', `/api/user/rest/v1/history/growth_review/${r.id}`, { token: tok('planner') })).statusCode).toBe(
      404,
    );
    const [n] = await t.rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM notifications WHERE kind = 'growth.review' AND link = $1`,
      [`/performance/view?id=${r.id}`],
    );
    expect(n?.n).toBe(3);
  });

  it('is returned with a remark to the employee, and not without one', async () => {
    let r = await reviewOf('cs.agent');
    r = dataOf<Review>(await saveSelf('cs.agent', r));
    r = dataOf<Review>(await act('cs.agent', r, 'submitSelf'));
    const bare = await act('cs.lead', r, 'return');
    expect(bare.statusCode).toBe(400);
    expect(code(bare)).toContain('growth.remarkRequired');
    const back = await act('cs.lead', r, 'return', 'Name the figures behind the achievements');
    expect(back.statusCode, back.body).toBe(200);
    const mine = dataOf<Review>(await t.call('GET', `${API}/reviews/${r.id}`, { token: tok('cs.agent') }));
    expect(mine).toMatchObject({ state: 'draft', returnRemark: 'Name the figures behind the achievements', canWriteSelf: true });
  });

  it('answers bad input with coded 400s and writes nothing', async () => {
    const r = await reviewOf('planner');
    const unknown = await saveSelf('planner', r, { scores: [{ dimension: 'nope', score: 3 }] });
    expect(unknown.statusCode).toBe(400);
    expect(code(unknown)).toContain('growth.unknownDimension');
    const twice = await saveSelf('planner', r, {
      scores: [
        { dimension: dims[0], score: 3 },
        { dimension: dims[0], score: 4 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(code(twice)).toContain('growth.dimensionTwice');
    expect((await saveSelf('planner', r, { scores: [{ dimension: dims[0], score: 6 }] })).statusCode).toBe(400);
    expect((await saveSelf('planner', r, { goalsMet: 'x'.repeat(2001) })).statusCode).toBe(400);
    const [row] = await t.rows<{ version: number }>(`SELECT version FROM growth_reviews WHERE id = $1`, [r.id]);
    expect(Number(row?.version)).toBe(r.version);
  });

  it('lists mine, my team and all (all for HR and the administrator only)', async () => {
    const mine = dataOf<{ list: Review[] }>(await t.call('GET', `${API}/reviews`, { token: tok('cs.agent') }));
    expect(mine.list.every((r) => r.employee.name.includes('CS Agent'))).toBe(true);
    const team = dataOf<{ list: Review[] }>(
      await t.call('GET', `${API}/reviews`, {
        token: tok('sales.manager'),
        query: { view: 'team', cycleId: String((await reviewOf('ppc.specialist')).cycle.id) },
      }),
    );
    expect(team.list.map((r) => r.employee.name).sort()).toEqual(
      expect.arrayContaining([expect.stringContaining('PPC Specialist'), expect.stringContaining('Sales Analyst')]),
    );
    expect((await t.call('GET', `${API}/reviews`, { token: tok('sales.manager'), query: { view: 'all' } })).statusCode).toBe(403);
    expect((await t.call('GET', `${API}/reviews`, { token: tok('admin'), query: { view: 'all' } })).statusCode).toBe(200);
    expect((await t.call('GET', `${API}/reviews`, { token: tok('shop.a') })).statusCode).toBe(403);
  });

  it("shows the employee's committed OKR objectives of the quarter", async () => {
    const [q] = await t.rows<{ quarter: string }>(`SELECT quarter FROM growth_cycles WHERE quarter <> $1 ORDER BY id LIMIT 1`, [
      QUARTER,
    ]);
    const r = await reviewOf('pm', String(q?.quarter));
    const okr = await t.call('GET', `${API}/reviews/${r.id}/objectives`, { token: tok('pm') });
    expect(okr.statusCode, okr.body).toBe(200);
    const expected = await t.rows<{ title: string }>(
      `SELECT o.title FROM okr_objectives o JOIN users u ON u.id = o.owner_id
        WHERE u.login_name = 'pm' AND o.quarter = $1 AND o.state IN ('published', 'closed') ORDER BY o.list_type, o.id`,
      [q?.quarter],
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(dataOf<{ title: string }[]>(okr).map((o) => o.title)).toEqual(expected.map((e) => e.title));
  });
});

describe('cycles', () => {
  it('opens one cycle per quarter, by HR or the administrator only', async () => {
    const again = await t.call('POST', `${API}/cycles`, { token: tok('admin'), body: { quarter: QUARTER } });
    expect(again.statusCode).toBe(409);
    expect(code(again)).toContain('growth.cycleExists');
    expect((await t.call('POST', `${API}/cycles`, { token: tok('sales.manager'), body: { quarter: '2025Q2' } })).statusCode).toBe(
      403,
    );
    expect((await t.call('POST', `${API}/cycles`, { token: tok('admin'), body: { quarter: '2025Q5' } })).statusCode).toBe(400);
  });

  it('closes a cycle, after which its reviews take no writes (409)', async () => {
    const open = dataOf<{ id: number; version: number }>(
      await t.call('POST', `${API}/cycles`, { token: tok('admin'), body: { quarter: '2024Q4' } }),
    );
    const r = await reviewOf('pm', '2024Q4');
    const stale = await t.call('POST', `${API}/cycles/${open.id}/close`, {
      token: tok('admin'),
      body: { version: open.version + 1 },
    });
    expect(stale.statusCode).toBe(409);
    const closed = await t.call('POST', `${API}/cycles/${open.id}/close`, {
      token: tok('admin'),
      body: { version: open.version },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(dataOf<{ state: string }>(closed).state).toBe('closed');
    expect((await saveSelf('pm', r)).statusCode).toBe(409);
    expect(dataOf<Review>(await t.call('GET', `${API}/reviews/${r.id}`, { token: tok('pm') })).actions).toEqual([]);
    const list = dataOf<{ list: { quarter: string; reviews: number }[]; canManage: boolean }>(
      await t.call('GET', `${API}/cycles`, { token: tok('pm') }),
    );
    expect(list.canManage).toBe(false);
    expect(list.list.find((c) => c.quarter === '2024Q4')?.reviews).toBeGreaterThan(0);
  });
});

describe('values', () => {
  const body = {
    nameZh: '坦诚',
    nameEn: 'Candour',
    description: 'Say it kindly, say it early.',
    behaviours: ['Gives feedback in the week'],
  };
  it('are read by staff and written by the administrator only', async () => {
    expect((await t.call('GET', `${API}/values`, { token: tok('cs.agent') })).statusCode).toBe(200);
    expect((await t.call('POST', `${API}/values`, { token: tok('cs.lead'), body })).statusCode).toBe(403);
    const made = await t.call('POST', `${API}/values`, { token: tok('admin'), body });
    expect(made.statusCode, made.body).toBe(200);
    const v = dataOf<{ id: number; version: number }>(made);
    const dup = await t.call('POST', `${API}/values`, {
      token: tok('admin'),
      body: { ...body, nameZh: '另一个', nameEn: 'candour' },
    });
    expect(dup.statusCode).toBe(409);
    expect(code(dup)).toContain('growth.valueNameTaken');
    const none = await t.call('POST', `${API}/values`, {
      token: tok('admin'),
      body: { ...body, nameZh: '空', nameEn: 'Empty', behaviours: [] },
    });
    expect(none.statusCode).toBe(400);
    expect(code(none)).toContain('growth.behaviourRequired');
    const upd = await t.call('PUT', `${API}/values/${v.id}`, {
      token: tok('admin'),
      body: { ...body, active: false, version: v.version },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(
      (await t.call('PUT', `${API}/values/${v.id}`, { token: tok('admin'), body: { ...body, version: v.version } })).statusCode,
    ).toBe(409);
    const h = await t.call('GET', `/api/user/rest/v1/history/growth_value/${v.id}`, { token: tok('cs.agent') });
    expect(dataOf<{ list: { action: string }[] }>(h).list.map((e) => e.action)).toEqual(['update', 'create']);
    expect((await t.call('DELETE', `${API}/values/${v.id}`, { token: tok('admin') })).statusCode).toBe(200);
  });
});
