/**
 * FBA codes: the back-office user alone; codes upper-cased, unique per marketplace (409 on the
 * code field), coded 400s; filters and sort; audited writes.
 */
import { describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../../test/harness';

const API = '/api/backmgr/rest/v1/fba-codes';
const t = testAppPerFile({ admin: true });

const add = (body: Record<string, unknown>) => t.call('POST', API, { token: t.admin, body });

describe('FBA codes', () => {
  it('adds, lists, changes and deletes codes; one code per marketplace', async () => {
    expect((await t.call('GET', API, { token: await t.login('sales.manager') })).statusCode).toBe(403);
    const res = await add({ code: ' sea9 ', marketId: 0, name: 'Seattle test', country: 'us' });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().data;
    expect(created).toMatchObject({ code: 'SEA9', marketId: 0, country: 'US', enabled: true });
    // The same code on another marketplace is another centre; on the same one it is taken.
    expect((await add({ code: 'SEA9', marketId: 9, country: 'AU' })).statusCode).toBe(200);
    const twice = await add({ code: 'SEA9', marketId: 0, country: 'US' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().data.fields[0]).toMatchObject({ path: 'code', code: 'backMgr.fbaCodeTaken' });
    const bad = await add({ code: 'x!', marketId: 77, country: 'USA' });
    expect(bad.statusCode).toBe(400);
    expect((bad.json().data.fields as { path: string; code: string }[]).map((f) => `${f.path}:${f.code}`).sort()).toEqual([
      'code:backMgr.fbaCode',
      'country:invalidFormat',
      'marketId:unknownMarket',
    ]);

    const us = (await t.call('GET', API, { token: t.admin, query: { marketId: '0', keyword: 'sea', sortField: 'code' } })).json()
      .data;
    expect(us.list.map((f: { code: string }) => f.code)).toEqual(['SEA9']);

    const other = (await add({ code: 'SEA8', marketId: 0, country: 'US' })).json().data;
    const clash = await t.call('PUT', `${API}/${other.id}`, {
      token: t.admin,
      body: { code: 'SEA9', marketId: 0, country: 'US' },
    });
    expect(clash.statusCode).toBe(409);
    const off = await t.call('PUT', `${API}/${other.id}`, {
      token: t.admin,
      body: { code: 'SEA8', marketId: 0, country: 'US', enabled: false, name: 'Off' },
    });
    expect(off.json().data).toMatchObject({ enabled: false, name: 'Off' });
    const disabled = (await t.call('GET', API, { token: t.admin, query: { enabled: 'false', keyword: 'SEA' } })).json().data;
    expect(disabled.list.map((f: { id: number }) => f.id)).toEqual([other.id]);

    expect((await t.call('DELETE', `${API}/${created.id}`, { token: t.admin })).statusCode).toBe(200);
    expect((await t.call('DELETE', `${API}/${created.id}`, { token: t.admin })).statusCode).toBe(404);
    const audits = await t.database.pool.query(
      `SELECT action FROM audit_log WHERE entity = 'fba_code' AND entity_id = $1 ORDER BY id`,
      [String(created.id)],
    );
    expect(audits.rows.map((r) => r.action)).toEqual(['create', 'delete']);
  });
});
