import { STUDY_ACTIONS, STUDY_MACHINE, STUDY_STATES, type StudyRecord, type StudySummary } from '@bo/contract/growth/study';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, fieldCodesOf, testAppPerFile } from '../../../test/harness';

const t = testAppPerFile();
const API = '/api/grow/rest/v1';
const tokens: Record<string, string> = {};
const tok = (login: string) => tokens[login] as string;

const BODY = { title: 'Amazon listing optimisation', kind: 'course', provider: 'Seller University', hours: 6.5 };

async function create(login = 'sales.analyst', over: Record<string, unknown> = {}): Promise<StudyRecord> {
  const res = await t.call('POST', `${API}/study`, { token: tok(login), body: { ...BODY, ...over } });
  expect(res.statusCode, res.body).toBe(200);
  return dataOf<StudyRecord>(res);
}
async function read(id: number, login = 'admin'): Promise<StudyRecord> {
  const res = await t.call('GET', `${API}/study/${id}`, { token: tok(login) });
  expect(res.statusCode, res.body).toBe(200);
  return dataOf<StudyRecord>(res);
}
/** A record of the analyst put straight into a state. */
async function inState(state: string, login = 'sales.analyst'): Promise<StudyRecord> {
  const r = await create(login);
  await t.rows(`UPDATE growth_study SET state = $1 WHERE id = $2`, [state, r.id]);
  return read(r.id);
}
const act = (login: string, r: { id: number; version: number }, action: string, remark?: string) =>
  t.call('POST', `${API}/study/${r.id}/actions`, { token: tok(login), body: { action, version: r.version, remark } });
const update = (login: string, r: { id: number; version: number }, over: Record<string, unknown> = {}) =>
  t.call('PUT', `${API}/study/${r.id}`, { token: tok(login), body: { ...BODY, version: r.version, ...over } });
const list = (login: string, query: Record<string, string> = {}) =>
  t.call('GET', `${API}/study`, { token: tok(login), query: { pageSize: '500', ...query } });

beforeAll(async () => {
  for (const login of ['admin', 'sales.analyst', 'ppc.specialist', 'sales.manager', 'cs.agent', 'cs.lead', 'planner', 'shop.a'])
    tokens[login] = await t.login(login);
});

describe('the study machine on the server', () => {
  // The analyst's leader (the organisation's leaderOf) is the sales manager.
  const actor = {
    start: 'sales.analyst',
    complete: 'sales.analyst',
    drop: 'sales.analyst',
    confirm: 'sales.manager',
    return: 'sales.manager',
  };
  for (const state of STUDY_STATES) {
    for (const action of STUDY_ACTIONS) {
      const step = STUDY_MACHINE.transitions.find((x) => x.action === action && x.from.includes(state));
      it(`${action} from ${state}: ${step ? `moves to ${step.to}` : '409, nothing changes'}`, async () => {
        const r = await inState(state);
        const res = await act(actor[action], r, action, action === 'return' ? 'Add the certificate' : undefined);
        if (step) {
          expect(res.statusCode, res.body).toBe(200);
          expect(dataOf<StudyRecord>(res).state).toBe(step.to);
          expect(dataOf<StudyRecord>(res).version).toBe(r.version + 1);
        } else {
          expect(res.statusCode, res.body).toBe(409);
          expect((await read(r.id)).state).toBe(state);
        }
      });
    }
  }

  it('completing fills the missing days; confirming records who and when; returning keeps the remark', async () => {
    const r = await create('sales.analyst', { startDay: null, endDay: null });
    const done = dataOf<StudyRecord>(await act('sales.analyst', r, 'complete'));
    const today = new Date().toISOString().slice(0, 10);
    expect(done.endDay).toBe(today);
    expect(done.startDay).toBe(today);
    const back = dataOf<StudyRecord>(await act('sales.manager', done, 'return', 'Which chapter?'));
    expect(back.state).toBe('inProgress');
    expect(back.returnRemark).toBe('Which chapter?');
    const again = dataOf<StudyRecord>(await act('sales.analyst', back, 'complete'));
    const ok = dataOf<StudyRecord>(await act('sales.manager', again, 'confirm'));
    expect(ok.state).toBe('confirmed');
    expect(ok.confirmedBy).toBeTruthy();
    expect(ok.confirmedAt).toBeTruthy();
  });
});

describe('who does what', () => {
  it('only the employee moves and changes their record; the leader chain, HR and the administrator confirm it', async () => {
    const r = await inState('inProgress');
    expect((await act('sales.manager', r, 'complete')).statusCode).toBe(403);
    expect((await act('admin', r, 'drop')).statusCode).toBe(403);
    expect((await update('sales.manager', r)).statusCode).toBe(403);
    const done = dataOf<StudyRecord>(await act('sales.analyst', r, 'complete'));
    // The employee does not confirm their own record; someone outside the chain is not even shown it.
    expect((await act('sales.analyst', done, 'confirm')).statusCode).toBe(403);
    expect((await act('cs.lead', done, 'confirm')).statusCode).toBe(403);
    expect((await act('planner', done, 'return', 'no')).statusCode).toBe(403);
    // HR (the administrator) confirms any record of the account.
    const byAdmin = await act('admin', done, 'confirm');
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
  });

  it('nobody confirms their own record, the administrator included', async () => {
    const own = await inState('completed', 'admin');
    expect(own.actions).toEqual([]);
    expect((await act('admin', own, 'confirm')).statusCode).toBe(403);
  });

  it('says per record what the caller may do', async () => {
    const r = await inState('completed');
    const mine = await read(r.id, 'sales.analyst');
    expect(mine).toMatchObject({ role: 'employee', canEdit: true, canDelete: false, actions: [] });
    const lead = await read(r.id, 'sales.manager');
    expect(lead).toMatchObject({ role: 'confirmer', canEdit: false, canDelete: false, actions: ['confirm', 'return'] });
  });

  it('reads: the employee, the leader chain, HR and the administrator; others 403', async () => {
    const r = await create();
    for (const login of ['sales.analyst', 'sales.manager', 'admin'])
      expect((await t.call('GET', `${API}/study/${r.id}`, { token: tok(login) })).statusCode).toBe(200);
    for (const login of ['planner', 'cs.lead', 'ppc.specialist'])
      expect((await t.call('GET', `${API}/study/${r.id}`, { token: tok(login) })).statusCode).toBe(403);
    expect((await t.call('GET', `${API}/study/999999`, { token: tok('admin') })).statusCode).toBe(404);
    expect((await list('shop.a')).statusCode).toBe(403);
  });

  it('lists my records, my team (the people I lead up the chain) and, for HR, all', async () => {
    const mine = dataOf<{ list: StudyRecord[] }>(await list('sales.analyst')).list;
    expect(mine.length).toBeGreaterThan(0);
    expect(new Set(mine.map((r) => r.employee.name)).size).toBe(1);
    const team = dataOf<{ list: StudyRecord[] }>(await list('sales.manager', { view: 'team' })).list;
    const teamLogins = await t.rows<{ login_name: string }>(
      `SELECT DISTINCT u.login_name FROM growth_study s JOIN users u ON u.id = s.employee_id WHERE s.id = ANY($1::int[]) ORDER BY 1`,
      [team.map((r) => r.id)],
    );
    expect(teamLogins.map((u) => u.login_name)).toEqual(['ppc.specialist', 'sales.analyst']);
    expect(team.every((r) => r.role === 'confirmer')).toBe(true);
    expect((await list('sales.manager', { view: 'all' })).statusCode).toBe(403);
    const all = await list('admin', { view: 'all', state: 'confirmed' });
    expect(all.statusCode).toBe(200);
    const [n] = await t.rows<{ n: number }>(`SELECT count(*)::int AS n FROM growth_study WHERE state = 'confirmed'`);
    expect(dataOf<{ total: number }>(all).total).toBe(n?.n);
  });

  it('filters by kind and keyword and sorts by hours', async () => {
    await create('cs.agent', { title: 'Zendesk macros deep dive', kind: 'training', hours: 3 });
    const res = dataOf<{ list: StudyRecord[] }>(
      await list('admin', { view: 'all', kind: 'training', keyword: 'zendesk', sortField: 'hours', sortOrder: 'asc' }),
    ).list;
    expect(res.map((r) => r.title)).toEqual(['Zendesk macros deep dive']);
    const sorted = dataOf<{ list: StudyRecord[] }>(
      await list('admin', { view: 'all', sortField: 'hours', sortOrder: 'desc' }),
    ).list;
    expect(sorted.map((r) => r.hours)).toEqual([...sorted.map((r) => r.hours)].sort((a, b) => b - a));
  });
});

describe('validation, versions and locked states', () => {
  it('refuses bad input with the field codes', async () => {
    const bad = async (over: Record<string, unknown>) => {
      const res = await t.call('POST', `${API}/study`, { token: tok('sales.analyst'), body: { ...BODY, ...over } });
      expect(res.statusCode).toBe(400);
      return fieldCodesOf(res);
    };
    expect(await bad({ hours: 1.25 })).toContain('hours:growth.halfHours');
    expect((await bad({ hours: 0 })).length).toBe(1);
    expect((await bad({ hours: 501 })).length).toBe(1);
    expect(await bad({ link: 'http://example.com/cert' })).toContain('link:growth.httpsLink');
    expect(await bad({ startDay: '2026-03-02', endDay: '2026-03-01' })).toContain('endDay:growth.endBeforeStart');
    expect((await bad({ kind: 'podcast' })).length).toBe(1);
    expect((await bad({ title: ' ' })).length).toBe(1);
    const r = await inState('completed');
    const noRemark = await act('sales.manager', r, 'return');
    expect(noRemark.statusCode).toBe(400);
    expect(fieldCodesOf(noRemark)).toContain('remark:growth.remarkRequired');
  });

  it('answers 409 on a stale version', async () => {
    const r = await create();
    const changed = dataOf<StudyRecord>(await update('sales.analyst', r, { title: 'Renamed course' }));
    expect(changed.version).toBe(r.version + 1);
    expect((await update('sales.analyst', r)).statusCode).toBe(409);
    expect((await act('sales.analyst', r, 'start')).statusCode).toBe(409);
    expect((await read(r.id)).title).toBe('Renamed course');
  });

  it('locks confirmed and dropped records and deletes only planned or dropped ones', async () => {
    const confirmed = await inState('confirmed');
    expect((await update('sales.analyst', confirmed)).statusCode).toBe(409);
    const running = await inState('inProgress');
    expect((await t.call('DELETE', `${API}/study/${running.id}`, { token: tok('sales.analyst') })).statusCode).toBe(409);
    const planned = await create();
    expect((await t.call('DELETE', `${API}/study/${planned.id}`, { token: tok('sales.manager') })).statusCode).toBe(403);
    expect((await t.call('DELETE', `${API}/study/${planned.id}`, { token: tok('sales.analyst') })).statusCode).toBe(200);
    expect((await t.call('GET', `${API}/study/${planned.id}`, { token: tok('admin') })).statusCode).toBe(404);
  });
});

describe('history, notifications, summary and export', () => {
  it('audits every write, readable by whoever reads the record, and tells the other party', async () => {
    const r = await create();
    const changed = dataOf<StudyRecord>(await update('sales.analyst', r, { hours: 8 }));
    const done = dataOf<StudyRecord>(await act('sales.analyst', changed, 'complete'));
    await act('sales.manager', done, 'confirm');
    const h = await t.call('GET', `/api/user/rest/v1/history/growth_study/${r.id}`, { token: tok('sales.manager') });
    expect(h.statusCode, h.body).toBe(200);
    expect(dataOf<{ list: { action: string }[] }>(h).list.map((e) => e.action)).toEqual([
      'growth.study.confirm',
      'growth.study.complete',
      'update',
      'create',
    ]);
    expect((await t.call('GET', `/api/user/rest/v1/history/growth_study/${r.id}`, { token: tok('planner') })).statusCode).toBe(
      404,
    );
    const notes = await t.rows<{ login_name: string }>(
      `SELECT u.login_name FROM notifications n JOIN users u ON u.id = n.user_id
        WHERE n.kind = 'growth.study' AND (n.title_en LIKE '%' || $1 || '%') ORDER BY n.id`,
      [BODY.title],
    );
    expect(notes.map((n) => n.login_name).slice(-2)).toEqual(['sales.manager', 'sales.analyst']);
  });

  it('counts only confirmed hours into the year, pending ones apart', async () => {
    const year = new Date().getUTCFullYear();
    const res = await t.call('GET', `${API}/study/summary`, { token: tok('sales.analyst'), query: { year: String(year) } });
    expect(res.statusCode, res.body).toBe(200);
    const s = dataOf<StudySummary>(res);
    const [db] = await t.rows<{ confirmed: string; pending: string }>(
      `SELECT coalesce(sum(s.hours) FILTER (WHERE s.state = 'confirmed'), 0)::text AS confirmed,
              coalesce(sum(s.hours) FILTER (WHERE s.state = 'completed'), 0)::text AS pending
         FROM growth_study s JOIN users u ON u.id = s.employee_id
        WHERE u.login_name = 'sales.analyst' AND extract(year FROM coalesce(s.end_day, s.start_day, s.created_at::date)) = $1`,
      [year],
    );
    expect(s.confirmedHours).toBe(Number(db?.confirmed));
    expect(s.pendingHours).toBe(Number(db?.pending));
    expect(s.months).toHaveLength(12);
    expect(s.months.reduce((a, m) => a + m.confirmed, 0)).toBeCloseTo(s.confirmedHours, 1);
    expect(s.canSeeAll).toBe(false);
    expect((await t.call('GET', `${API}/study/summary`, { token: tok('cs.lead'), query: { view: 'all' } })).statusCode).toBe(403);
  });

  it('exports the view as a spreadsheet', async () => {
    const res = await t.call('GET', `${API}/study/excel`, { token: tok('admin'), query: { view: 'all' } });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
