/**
 * Carriers, rate cards and shipment settings through the API: coded 400s with nothing written,
 * the lane's validity (overlap 409 naming the card, a later card superseding an open one), stale
 * versions, the delivery-type read taking the settings' transit days, permission 403s, history.
 */
import { describe, expect, it } from 'vitest';
import { dataOf, fieldCodesOf, rowCount, testAppPerFile } from '../../../test/harness';

const API = '/api/logistics/rest/v1';
const t = testAppPerFile({ admin: true });

const post = (path: string, body: unknown) => t.call('POST', `${API}/${path}`, { token: t.admin, body });
const put = (path: string, body: unknown) => t.call('PUT', `${API}/${path}`, { token: t.admin, body });
const count = (table: string) => rowCount(t, table);
const fieldsOf = (res: { json(): unknown }) => fieldCodesOf(res).sort();

async function carrier(code: string, modes: string[]) {
  const res = await post('carriers', { code, name: `${code} carrier`, modes });
  expect(res.statusCode, res.body).toBe(200);
  return dataOf<{ id: number; version: number }>(res);
}

const card = (carrierId: number, extra: Record<string, unknown> = {}) => ({
  carrierId,
  mode: 'sea',
  marketId: 4,
  pricePerKg: 1.25,
  minCharge: 50,
  fuelSurchargePct: 2.5,
  transitDays: 30,
  validFrom: '2026-01-01',
  ...extra,
});

describe('carriers', () => {
  it('adds with an upper-cased unique code, refuses bad input with codes and writes nothing', async () => {
    const c = await carrier('t-ocean', ['sea', 'rail']);
    expect(c).toMatchObject({ code: 'T-OCEAN', modes: ['sea', 'rail'], active: true, cards: 0, version: 1 });
    const before = await count('logistics_carriers');
    const taken = await post('carriers', { code: 'T-OCEAN', name: 'again', modes: ['air'] });
    expect(taken.statusCode).toBe(409);
    expect(fieldsOf(taken)).toEqual(['code:logistics.carrierCodeTaken']);
    const bad = await post('carriers', { code: 'x', name: '', modes: [] });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['code:logistics.carrierCode', 'modes:tooFewItems', 'name:required']);
    expect(await count('logistics_carriers')).toBe(before);
  });

  it('keeps the modes its cards use, refuses a stale version, and is deleted only without cards', async () => {
    const c = await carrier('T-KEEP', ['sea', 'air']);
    const k = await post('rate-cards', card(c.id, { mode: 'air', pricePerKg: 4 }));
    expect(k.statusCode, k.body).toBe(200);
    const dropAir = await put(`carriers/${c.id}`, { code: 'T-KEEP', name: 'x', modes: ['sea'], version: 1 });
    expect(dropAir.statusCode).toBe(400);
    expect(fieldsOf(dropAir)).toEqual(['modes:logistics.modeNotOffered']);
    const ok = await put(`carriers/${c.id}`, { code: 'T-KEEP', name: 'Kept', modes: ['air', 'sea', 'express'], version: 1 });
    expect(dataOf(ok)).toMatchObject({ name: 'Kept', version: 2, cards: 1, currentCards: 1 });
    expect((await put(`carriers/${c.id}`, { code: 'T-KEEP', name: 'Old', modes: ['air'], version: 1 })).statusCode).toBe(409);
    const del = await t.call('DELETE', `${API}/carriers/${c.id}`, { token: t.admin });
    expect(del.statusCode).toBe(409);
    expect(del.json().data.fields[0]).toMatchObject({ code: 'logistics.carrierHasCards', params: { count: 1 } });
    await t.call('DELETE', `${API}/rate-cards/${dataOf<{ id: number }>(k).id}`, { token: t.admin });
    expect((await t.call('DELETE', `${API}/carriers/${c.id}`, { token: t.admin })).statusCode).toBe(200);
    const list = dataOf<{ list: { code: string }[] }>(
      await t.call('GET', `${API}/carriers`, { token: t.admin, query: { keyword: 't-', sortField: 'code' } }),
    );
    expect(list.list.map((x) => x.code)).toEqual(['T-OCEAN']);
  });
});

describe('rate cards', () => {
  it('refuses bad numbers with field codes and writes nothing', async () => {
    const c = await carrier('T-BAD', ['sea']);
    const before = await count('logistics_rate_cards');
    const bad = await post('rate-cards', {
      ...card(c.id),
      pricePerKg: -1,
      pricePerCbm: null,
      transitDays: 0,
      fuelSurchargePct: 101,
      validTo: '2025-12-31',
      marketId: 77,
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual([
      'fuelSurchargePct:atMost',
      'marketId:unknownMarket',
      'pricePerKg:greaterThan',
      'transitDays:atLeast',
      'validTo:endDateBeforeStart',
    ]);
    const noPrice = await post('rate-cards', card(c.id, { pricePerKg: null }));
    expect(fieldsOf(noPrice)).toEqual(['pricePerKg:logistics.priceRequired']);
    const backwards = await post('rate-cards', card(c.id, { validTo: '2025-12-31' }));
    expect(fieldsOf(backwards)).toEqual(['validTo:endDateBeforeStart']);
    const wrongMode = await post('rate-cards', card(c.id, { mode: 'express' }));
    expect(wrongMode.statusCode).toBe(400);
    expect(fieldsOf(wrongMode)).toEqual(['mode:logistics.modeNotOffered']);
    expect(await count('logistics_rate_cards')).toBe(before);
  });

  it('never overlaps a lane: 409 naming the card; a later card supersedes an open one', async () => {
    const c = await carrier('T-LANE', ['sea']);
    const a = dataOf<{ id: number }>(await post('rate-cards', card(c.id, { validFrom: '2026-01-01', validTo: '2026-06-30' })));
    const before = await count('logistics_rate_cards');
    const clash = await post('rate-cards', card(c.id, { validFrom: '2026-06-01' }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().data).toMatchObject({ cardId: a.id });
    expect(clash.json().data.fields[0]).toMatchObject({
      path: 'validFrom',
      code: 'logistics.cardOverlap',
      params: { card: a.id, from: '2026-01-01', to: '2026-06-30' },
    });
    expect(await count('logistics_rate_cards')).toBe(before);
    // Another marketplace or destination is another lane.
    expect((await post('rate-cards', card(c.id, { validFrom: '2026-06-01', destination: 'yyz4' }))).statusCode).toBe(200);

    const open = dataOf<{ id: number }>(await post('rate-cards', card(c.id, { validFrom: '2026-07-01' })));
    const next = await post('rate-cards', card(c.id, { validFrom: '2026-10-01', pricePerKg: 1.4 }));
    expect(next.statusCode, next.body).toBe(200);
    const [superseded] = await t.rows<{ valid_to: string; version: number }>(
      `SELECT valid_to::text AS valid_to, version FROM logistics_rate_cards WHERE id = $1`,
      [open.id],
    );
    expect(superseded).toEqual({ valid_to: '2026-09-30', version: 2 });
    // A card starting before the open one that follows it overlaps it.
    const early = await post('rate-cards', card(c.id, { validFrom: '2026-06-15', validTo: '2026-12-31' }));
    expect(early.statusCode).toBe(409);

    // An edit into another card's days is refused too; a stale version is its own 409.
    const edit = await put(`rate-cards/${a.id}`, {
      ...card(c.id, { validFrom: '2026-01-01', validTo: '2026-07-15' }),
      version: 1,
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().data.fields[0]).toMatchObject({ code: 'logistics.cardOverlap', params: { card: open.id } });
    const ok = await put(`rate-cards/${a.id}`, { ...card(c.id, { validTo: '2026-06-30', pricePerKg: 1.3 }), version: 1 });
    expect(dataOf(ok)).toMatchObject({ pricePerKg: 1.3, version: 2, validity: 'expired' });
    const stale = await put(`rate-cards/${a.id}`, { ...card(c.id, { validTo: '2026-06-30' }), version: 1 });
    expect(stale.statusCode).toBe(409);

    const lane = dataOf<{ list: { id: number; validity: string }[] }>(
      await t.call('GET', `${API}/rate-cards`, {
        token: t.admin,
        query: { carrierId: String(c.id), marketId: '4', sortField: 'validFrom' },
      }),
    );
    expect(lane.list.map((x) => x.id)).toContain(open.id);

    // History: the creation and the supersession of the open card, for holders of the page only.
    const h = await t.call('GET', `/api/user/rest/v1/history/logistics_rate_card/${open.id}`, { token: t.admin });
    expect(h.statusCode, h.body).toBe(200);
    const actions = (h.json().data.list as { action: string }[]).map((r) => r.action);
    expect(actions).toEqual(['supersede', 'create']);
    const manager = await t.login('sales.manager');
    expect((await t.call('GET', `/api/user/rest/v1/history/logistics_rate_card/${open.id}`, { token: manager })).statusCode).toBe(
      403,
    );
    expect((await t.call('GET', `${API}/rate-cards`, { token: manager })).statusCode).toBe(403);
  });
});

describe('shipment settings', () => {
  it('lists every marketplace, saves with versions, and feeds the delivery-type read', async () => {
    const all = dataOf<{ list: { marketId: number; saved: boolean; version: number }[]; total: number }>(
      await t.call('GET', `${API}/shipment-settings`, { token: t.admin }),
    );
    expect(all.total).toBe(13);
    expect(all.list.find((s) => s.marketId === 4)).toMatchObject({ saved: false, version: 0, defaultMode: 'sea', prepDays: 5 });

    const sea = await carrier('T-CA', ['sea']);
    const body = {
      defaultMode: 'air',
      defaultCarrierId: sea.id,
      transitDays: { sea: 30, air: 8, express: 4, rail: 25 },
      prepDays: 3,
      fbaCapacityUnits: 5000,
      version: 0,
    };
    const wrong = await put('shipment-settings/4', body);
    expect(wrong.statusCode).toBe(400);
    expect(fieldsOf(wrong)).toEqual(['defaultCarrierId:logistics.modeNotOffered']);
    const saved = await put('shipment-settings/4', { ...body, defaultMode: 'sea' });
    expect(dataOf(saved)).toMatchObject({ saved: true, version: 1, defaultCarrierName: 'T-CA carrier', fbaCapacityUnits: 5000 });
    expect((await put('shipment-settings/4', { ...body, defaultMode: 'sea', version: 0 })).statusCode).toBe(409);

    const types = (marketId?: string) =>
      t.call('GET', '/api/inventory/rest/v1/shipment-plans/delivery-type', {
        token: t.admin,
        query: marketId === undefined ? {} : { marketId },
      });
    expect(dataOf(await types('4'))).toEqual([
      { mode: 'sea', transitDays: 30 },
      { mode: 'air', transitDays: 8 },
      { mode: 'express', transitDays: 4 },
      { mode: 'rail', transitDays: 25 },
    ]);
    // Unsaved marketplaces and no marketplace keep the defaults.
    expect(dataOf(await types('12'))).toContainEqual({ mode: 'sea', transitDays: 35 });
    expect(dataOf(await types())).toContainEqual({ mode: 'air', transitDays: 10 });

    const h = await t.call('GET', '/api/user/rest/v1/history/logistics_shipment_setting/4', { token: t.admin });
    expect((h.json().data.list as { action: string }[]).map((r) => r.action)).toEqual(['create']);
  });
});
