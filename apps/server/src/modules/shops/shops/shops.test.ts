import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testAppPerFile } from '../../../../test/harness';

const API = '/api/sales/rest/v1/shops';
const USER_SHOPS = `${API}/user`;
const AUTH = `${API}/auth2`;
const PROFILES = '/api/ppc/rest/v1/ppc/profile/register';
const SP_STATE = `${API}/sp/auth/state`;
const SP_AUTH = `${API}/sp/auth`;

const t = testAppPerFile({ admin: true, signIn: { shopA: 'shop.a', shopB: 'shop.b', analyst: 'sales.analyst' } });
/** Seeded shop ids: "Brightway Home US" (account of shop.a), "Nordlicht DE" (shop.b), "Lumio US" (internal). */
let brightway: number;
let nordlicht: number;
let lumioUs: number;

const shopIdByName = async (name: string) =>
  (await t.rows<{ id: number }>('SELECT id FROM shops WHERE name = $1', [name]))[0]!.id;
const count = async (table: 'shops' | 'audit_log' | 'user_shops') =>
  (await t.rows<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;
const snapshot = async () => ({
  shops: await count('shops'),
  audit: await count('audit_log'),
  links: await count('user_shops'),
  rows: await t.rows('SELECT id, name, mws_auth_state, ppc_state, sp_auth_state, version FROM shops ORDER BY id'),
});

beforeAll(async () => {
  // The external shop role reads authorisations; here it may also change its own.
  await t.rows(`INSERT INTO role_permissions (role_id, permission_id)
           SELECT r.id, pi.id FROM roles r, permission_items pi
            WHERE r.name = 'external shop account' AND pi.auth_pattern IN ('user:shop:auth:create', 'user:shop:auth:edit', 'user:shop:auth:delete')
           ON CONFLICT DO NOTHING`);
  brightway = await shopIdByName('Brightway Home US');
  nordlicht = await shopIdByName('Nordlicht DE');
  lumioUs = await shopIdByName('Lumio US');
});

type Json = Record<string, unknown>;
const data = (res: { json(): unknown }) => (res.json() as { data: unknown }).data;
const ids = (list: unknown, key = 'id') => (list as Json[]).map((x) => x[key] as number);

describe('GET sales/rest/v1/shops/user', () => {
  it('lists the internal account its own shops, never an external one', async () => {
    const res = await t.call('GET', USER_SHOPS, { token: t.admin });
    expect(res.statusCode).toBe(200);
    const list = data(res) as Json[];
    expect(list).toHaveLength(13);
    expect(list.every((s) => String(s.name).startsWith('Lumio '))).toBe(true);
    expect(list[0]).toMatchObject({
      name: 'Lumio US',
      sellerId: 'A1LUMIOSELLER',
      marketId: 0,
      mwsAuthState: 1,
      ppcState: 1,
      marketplaceSeller: true,
    });
    expect(ids(list)).not.toContain(brightway);
    expect(ids(list)).not.toContain(nordlicht);
  });

  it('lists an external user only the shops linked to it', async () => {
    expect(ids(data(await t.call('GET', USER_SHOPS, { token: t.as.shopA })))).toEqual([brightway]);
    expect(ids(data(await t.call('GET', USER_SHOPS, { token: t.as.shopB })))).toEqual([nordlicht]);
    // A shop of the same account that is not linked to the user stays out of sight.
    await t.rows(
      `INSERT INTO shops (account_id, name, seller_id, market_id) SELECT account_id, 'Brightway unlinked', 'A2UNLINKED01', 2 FROM shops WHERE id = $1`,
      [brightway],
    );
    expect(ids(data(await t.call('GET', USER_SHOPS, { token: t.as.shopA })))).toEqual([brightway]);
  });

  it('needs only a session: 401 without a token, 200 for any signed-in user', async () => {
    expect((await t.call('GET', USER_SHOPS)).statusCode).toBe(401);
    expect((await t.call('GET', USER_SHOPS, { token: t.as.analyst })).statusCode).toBe(200);
  });
});

describe('GET sales/rest/v1/shops/auth2', () => {
  it('groups the account its shops by seller', async () => {
    const groups = data(await t.call('GET', AUTH, { token: t.admin })) as Json[];
    const lumio = groups.find((g) => g.sellerId === 'A1LUMIOSELLER') as Json;
    expect(lumio).toMatchObject({ name: 'Lumio', state: 1 });
    expect((lumio.shops as Json[]).map((s) => s.marketId)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(groups.map((g) => g.sellerId)).not.toContain('A2SHOPASELLER');
    expect(groups.map((g) => g.sellerId)).not.toContain('A3SHOPBSELLER');
  });

  it('shows an external user only its own seller', async () => {
    const groups = data(await t.call('GET', AUTH, { token: t.as.shopA })) as Json[];
    expect(groups.map((g) => g.sellerId)).toEqual(['A2SHOPASELLER']);
    expect(ids((groups[0] as Json).shops, 'shopId')).toEqual([brightway]);
  });

  it('answers 401 without a token and 403 without user:shop:auth', async () => {
    expect((await t.call('GET', AUTH)).statusCode).toBe(401);
    const r = await t.call('GET', AUTH, { token: t.as.analyst });
    expect(r.statusCode).toBe(403);
    expect(r.json().msg).toContain('user:shop:auth');
  });
});

describe('POST sales/rest/v1/shops/auth2', () => {
  it('registers a seller on marketplaces: not authorised yet, visible, linked and audited', async () => {
    const res = await t.call('POST', AUTH, {
      token: t.admin,
      body: { sellerId: 'a9acmeseller01', name: 'Acme', marketIds: [0, 1], mwsUrl: 'https://sellercentral.amazon.com' },
    });
    expect(res.statusCode).toBe(200);
    const group = data(res) as Json;
    expect(group).toMatchObject({ sellerId: 'A9ACMESELLER01', name: 'Acme', state: 0 });
    const shops = group.shops as Json[];
    expect(shops.map((s) => [s.name, s.marketId, s.mwsAuthState, s.ppcState, s.spAuthState])).toEqual([
      ['Acme US', 0, 0, 0, 0],
      ['Acme DE', 1, 0, 0, 0],
    ]);
    const mine = ids(data(await t.call('GET', USER_SHOPS, { token: t.admin })));
    expect(mine).toEqual(expect.arrayContaining(ids(shops, 'shopId')));
    const links = await t.rows(
      `SELECT 1 FROM user_shops us JOIN users u ON u.id = us.user_id WHERE u.login_name = 'admin' AND us.shop_id = ANY($1)`,
      [ids(shops, 'shopId')],
    );
    expect(links).toHaveLength(2);
    const audit = await t.rows<{ action: string; after: Json }>(
      `SELECT action, after FROM audit_log WHERE entity = 'seller' AND entity_id = 'A9ACMESELLER01'`,
    );
    expect(audit.map((a) => a.action)).toEqual(['shop.auth.create']);
    // Registering again is harmless: the same shops come back.
    const again = await t.call('POST', AUTH, {
      token: t.admin,
      body: { sellerId: 'A9ACMESELLER01', name: 'Acme', marketIds: [1] },
    });
    expect(again.statusCode).toBe(200);
    expect(ids((data(again) as Json).shops, 'shopId')).toEqual(ids(shops, 'shopId'));
  });

  it('lets an external user add a marketplace to its seller; the new shop is linked to it and no one else', async () => {
    const res = await t.call('POST', AUTH, {
      token: t.as.shopA,
      body: { sellerId: 'A2SHOPASELLER', name: 'Brightway Home', marketIds: [2] },
    });
    expect(res.statusCode).toBe(200);
    const shops = (data(res) as Json).shops as Json[];
    expect(shops.map((s) => s.name)).toEqual(['Brightway Home US', 'Brightway Home UK']);
    const added = shops[1]!.shopId as number;
    expect(ids(data(await t.call('GET', USER_SHOPS, { token: t.as.shopA })))).toEqual([brightway, added]);
    expect(ids(data(await t.call('GET', USER_SHOPS, { token: t.as.shopB })))).not.toContain(added);
    expect(ids(data(await t.call('GET', USER_SHOPS, { token: t.admin })))).not.toContain(added);
  });

  it('answers 409 for a seller another account holds, on any marketplace, without naming it, and writes nothing', async () => {
    const before = await snapshot();
    for (const body of [
      { sellerId: 'A3SHOPBSELLER', name: 'Mine', marketIds: [1] },
      { sellerId: 'A3SHOPBSELLER', name: 'Mine', marketIds: [5] },
      { sellerId: 'A1LUMIOSELLER', name: 'Mine', marketIds: [0, 12] },
    ]) {
      const r = await t.call('POST', AUTH, { token: t.as.shopA, body });
      expect(r.statusCode).toBe(409);
      expect(r.body).not.toMatch(/Nordlicht|Lumio|"accountId"|account \d/);
      expect(r.json().data).toBeNull();
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 409 for a live shop of the own account that is not shared with the user', async () => {
    const r = await t.call('POST', AUTH, { token: t.as.shopA, body: { sellerId: 'A2UNLINKED01', name: 'Grab', marketIds: [2] } });
    expect(r.statusCode).toBe(409);
    expect(ids(data(await t.call('GET', USER_SHOPS, { token: t.as.shopA })))).not.toContain(
      await shopIdByName('Brightway unlinked'),
    );
  });

  it('refuses bad bodies with 400 and writes nothing', async () => {
    const before = await snapshot();
    const good = { sellerId: 'A9BADBODY0001', name: 'Bad', marketIds: [0] };
    for (const body of [
      { ...good, sellerId: 'B9BADBODY0001' },
      { ...good, sellerId: 'A12345678' },
      { ...good, sellerId: 'A9BAD-BODY-01' },
      { ...good, sellerId: `A${'1'.repeat(20)}` },
      { ...good, name: '  ' },
      { ...good, marketIds: [] },
      { ...good, marketIds: [13] },
      { ...good, marketIds: [0, 0] },
      { ...good, marketIds: ['0'] },
      { ...good, mwsUrl: 'javascript:alert(1)' },
      { ...good, accountId: 3 },
      { name: 'Bad', marketIds: [0] },
    ]) {
      const r = await t.call('POST', AUTH, { token: t.admin, body });
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 401 without a token and 403 without user:shop:auth:create', async () => {
    const body = { sellerId: 'A9NOPERMS0001', name: 'x', marketIds: [0] };
    expect((await t.call('POST', AUTH, { body })).statusCode).toBe(401);
    const r = await t.call('POST', AUTH, { token: t.as.analyst, body });
    expect(r.statusCode).toBe(403);
    expect(r.json().msg).toContain('user:shop:auth:create');
  });
});

describe('PUT sales/rest/v1/shops/auth2/{sellerId}', () => {
  it('renames the seller its shops with the version it was read at; a change to any shop makes that version stale', async () => {
    await t.call('POST', AUTH, { token: t.admin, body: { sellerId: 'A9RENAME00001', name: 'Old', marketIds: [0, 3] } });
    const read = async () =>
      (data(await t.call('GET', AUTH, { token: t.admin })) as Json[]).find((g) => g.sellerId === 'A9RENAME00001') as Json;
    const g = await read();
    const res = await t.call('PUT', `${AUTH}/A9RENAME00001`, { token: t.admin, body: { name: 'New Name', version: g.version } });
    expect(res.statusCode).toBe(200);
    const renamed = data(res) as Json;
    expect(renamed.name).toBe('New Name');
    expect((renamed.shops as Json[]).map((s) => s.name)).toEqual(['New Name US', 'New Name JP']);
    expect(renamed.version).toBeGreaterThan(g.version as number);

    expect(
      (await t.call('PUT', `${AUTH}/A9RENAME00001`, { token: t.admin, body: { name: 'Again', version: g.version } })).statusCode,
    ).toBe(409);
    const jp = ((renamed.shops as Json[])[1] as Json).shopId;
    expect((await t.call('PUT', `${AUTH}/ppcState/${jp}`, { token: t.admin, body: { state: 1 } })).statusCode).toBe(200);
    const stale = await t.call('PUT', `${AUTH}/A9RENAME00001`, {
      token: t.admin,
      body: { name: 'Again', version: renamed.version },
    });
    expect(stale.statusCode).toBe(409);
    const fresh = await read();
    expect(
      (await t.call('PUT', `${AUTH}/A9RENAME00001`, { token: t.admin, body: { name: 'Again', version: fresh.version } }))
        .statusCode,
    ).toBe(200);
    const audit = await t.rows<{ action: string; before: Json[] }>(
      `SELECT action, before FROM audit_log WHERE entity = 'seller' AND entity_id = 'A9RENAME00001' ORDER BY id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['shop.auth.create', 'shop.auth.rename', 'shop.auth.rename']);
    expect(audit[1]!.before.map((s) => s.name)).toEqual(['Old US', 'Old JP']);
  });

  it("answers 404 for another account's seller and changes nothing", async () => {
    const before = await snapshot();
    for (const seller of ['A3SHOPBSELLER', 'A1LUMIOSELLER', 'A9NOSUCHSELLER']) {
      expect(
        (await t.call('PUT', `${AUTH}/${seller}`, { token: t.as.shopA, body: { name: 'Taken', version: 1 } })).statusCode,
      ).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses bad input with 400, 401 without a token, 403 without user:shop:auth:edit', async () => {
    const before = await snapshot();
    expect((await t.call('PUT', `${AUTH}/not-a-seller`, { token: t.admin, body: { name: 'x', version: 1 } })).statusCode).toBe(
      400,
    );
    expect((await t.call('PUT', `${AUTH}/A1LUMIOSELLER`, { token: t.admin, body: { name: 'x' } })).statusCode).toBe(400);
    expect((await t.call('PUT', `${AUTH}/A1LUMIOSELLER`, { token: t.admin, body: { name: '', version: 1 } })).statusCode).toBe(
      400,
    );
    expect((await t.call('PUT', `${AUTH}/A1LUMIOSELLER`, { token: t.admin, body: { name: 'x', version: 0 } })).statusCode).toBe(
      400,
    );
    expect(await snapshot()).toEqual(before);
    expect((await t.call('PUT', `${AUTH}/A1LUMIOSELLER`, { body: { name: 'x', version: 1 } })).statusCode).toBe(401);
    expect(
      (await t.call('PUT', `${AUTH}/A1LUMIOSELLER`, { token: t.as.analyst, body: { name: 'x', version: 1 } })).statusCode,
    ).toBe(403);
  });
});

describe('DELETE sales/rest/v1/shops/auth2/{sellerId}', () => {
  it('hides the seller its shops, keeps the rows, and brings them back when registered again', async () => {
    const created = data(
      await t.call('POST', AUTH, { token: t.admin, body: { sellerId: 'A9REMOVE00001', name: 'Gone', marketIds: [4, 5] } }),
    ) as Json;
    const shopIds = ids(created.shops, 'shopId');
    await t.call('PUT', `${AUTH}/authState/${shopIds[0]}`, { token: t.admin, body: { state: 1 } });

    const res = await t.call('DELETE', `${AUTH}/A9REMOVE00001`, { token: t.admin });
    expect(res.statusCode).toBe(200);
    expect(ids(data(await t.call('GET', USER_SHOPS, { token: t.admin })))).not.toEqual(expect.arrayContaining([shopIds[0]]));
    expect((data(await t.call('GET', AUTH, { token: t.admin })) as Json[]).map((g) => g.sellerId)).not.toContain('A9REMOVE00001');
    expect(ids(data(await t.call('GET', PROFILES, { token: t.admin })), 'shopId')).not.toContain(shopIds[1]);
    const rows = await t.rows<{ mws_auth_state: number }>('SELECT mws_auth_state FROM shops WHERE id = ANY($1)', [shopIds]);
    expect(rows.map((r) => r.mws_auth_state)).toEqual([2, 2]);
    expect((await t.call('DELETE', `${AUTH}/A9REMOVE00001`, { token: t.admin })).statusCode).toBe(404);
    expect((await t.call('PUT', `${AUTH}/authState/${shopIds[0]}`, { token: t.admin, body: { state: 1 } })).statusCode).toBe(404);
    const audit = await t.rows<{ before: Json[]; after: Json[] }>(
      `SELECT before, after FROM audit_log WHERE action = 'shop.auth.remove' AND entity_id = 'A9REMOVE00001'`,
    );
    expect(audit[0]!.before.map((s) => s.mwsAuthState)).toEqual([1, 0]);
    expect(audit[0]!.after.map((s) => s.mwsAuthState)).toEqual([2, 2]);

    const back = data(
      await t.call('POST', AUTH, { token: t.admin, body: { sellerId: 'A9REMOVE00001', name: 'Back', marketIds: [4] } }),
    ) as Json;
    expect((back.shops as Json[]).map((s) => [s.shopId, s.name, s.mwsAuthState])).toEqual([[shopIds[0], 'Back CA', 0]]);
  });

  it("answers 404 for another account's seller and hides nothing", async () => {
    const before = await snapshot();
    expect((await t.call('DELETE', `${AUTH}/A3SHOPBSELLER`, { token: t.as.shopA })).statusCode).toBe(404);
    expect((await t.call('DELETE', `${AUTH}/A1LUMIOSELLER`, { token: t.as.shopA })).statusCode).toBe(404);
    expect((await t.call('DELETE', `${AUTH}/A2SHOPASELLER`, { token: t.admin })).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
    expect(ids(data(await t.call('GET', USER_SHOPS, { token: t.as.shopB })))).toEqual([nordlicht]);
  });

  it('refuses a bad seller id with 400, 401 without a token, 403 without user:shop:auth:delete', async () => {
    expect((await t.call('DELETE', `${AUTH}/B1`, { token: t.admin })).statusCode).toBe(400);
    expect((await t.call('DELETE', `${AUTH}/A1LUMIOSELLER`)).statusCode).toBe(401);
    const r = await t.call('DELETE', `${AUTH}/A1LUMIOSELLER`, { token: t.as.analyst });
    expect(r.statusCode).toBe(403);
    expect(r.json().msg).toContain('user:shop:auth:delete');
  });
});

describe.each([
  ['authState', 'mws_auth_state', 'shop.authState', 'mwsAuthState'],
  ['ppcState', 'ppc_state', 'shop.ppcState', 'ppcState'],
])('PUT sales/rest/v1/shops/auth2/%s/{shopId}', (segment, column, action, field) => {
  const url = (id: number | string) => `${AUTH}/${segment}/${id}`;
  const stateOf = async (id: number) =>
    (await t.rows<{ s: number }>(`SELECT ${column} AS s FROM shops WHERE id = $1`, [id]))[0]!.s;

  it('switches the state of an own shop, audits a change, and skips a no-op', async () => {
    const res = await t.call('PUT', url(brightway), { token: t.as.shopA, body: { state: 0 } });
    expect(res.statusCode).toBe(200);
    expect(data(res)).toEqual({ shopId: brightway, state: 0 });
    expect(await stateOf(brightway)).toBe(0);
    const auditCount = await count('audit_log');
    expect((await t.call('PUT', url(brightway), { token: t.as.shopA, body: { state: 0 } })).statusCode).toBe(200);
    expect(await count('audit_log')).toBe(auditCount);
    expect((await t.call('PUT', url(brightway), { token: t.as.shopA, body: { state: 1 } })).statusCode).toBe(200);
    const audit = await t.rows<{ before: Json; after: Json }>(
      `SELECT before, after FROM audit_log WHERE action = $1 AND entity = 'shop' AND entity_id = $2 ORDER BY id`,
      [action, String(brightway)],
    );
    expect(audit.map((a) => [a.before[field], a.after[field]])).toEqual([
      [1, 0],
      [0, 1],
    ]);
  });

  it('answers 404 for shops outside the account and changes nothing', async () => {
    const before = await snapshot();
    for (const id of [nordlicht, lumioUs, 99999999]) {
      const r = await t.call('PUT', url(id), { token: t.as.shopA, body: { state: 0 } });
      expect(r.statusCode).toBe(404);
    }
    expect((await t.call('PUT', url(brightway), { token: t.admin, body: { state: 0 } })).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses bad input with 400, 401 without a token, 403 without user:shop:auth:edit', async () => {
    const before = await snapshot();
    for (const [id, body] of [
      [brightway, { state: 2 }],
      [brightway, { state: '1' }],
      [brightway, {}],
      [brightway, { state: 1, shopId: nordlicht }],
      ['abc', { state: 1 }],
      [0, { state: 1 }],
    ] as const) {
      expect((await t.call('PUT', url(id), { token: t.as.shopA, body })).statusCode, JSON.stringify([id, body])).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
    expect((await t.call('PUT', url(lumioUs), { body: { state: 1 } })).statusCode).toBe(401);
    expect((await t.call('PUT', url(lumioUs), { token: t.as.analyst, body: { state: 1 } })).statusCode).toBe(403);
  });
});

describe('GET ppc/rest/v1/ppc/profile/register', () => {
  it('lists the ad-profile state of each visible shop', async () => {
    const list = data(await t.call('GET', PROFILES, { token: t.admin })) as Json[];
    expect(list.find((p) => p.shopId === lumioUs)).toEqual({ shopId: lumioUs, name: 'Lumio US', marketId: 0, ppcState: 1 });
    expect(ids(list, 'shopId')).not.toContain(brightway);
    const mine = data(await t.call('GET', PROFILES, { token: t.as.shopB })) as Json[];
    expect(mine).toEqual([{ shopId: nordlicht, name: 'Nordlicht DE', marketId: 1, ppcState: 1 }]);
  });

  it('answers 401 without a token and 403 without user:shop:auth', async () => {
    expect((await t.call('GET', PROFILES)).statusCode).toBe(401);
    expect((await t.call('GET', PROFILES, { token: t.as.analyst })).statusCode).toBe(403);
  });
});

describe('GET sales/rest/v1/shops/sp/auth/state and POST sales/rest/v1/shops/sp/auth', () => {
  it('records a Selling-Partner authorisation and reports it per visible shop', async () => {
    const before = data(await t.call('GET', SP_STATE, { token: t.as.shopB })) as Json[];
    expect(before).toEqual([{ shopId: nordlicht, state: 0 }]);
    const res = await t.call('POST', SP_AUTH, { token: t.as.shopB, body: { shopId: nordlicht } });
    expect(res.statusCode).toBe(200);
    expect(data(res)).toEqual({ shopId: nordlicht, state: 1 });
    expect(data(await t.call('GET', SP_STATE, { token: t.as.shopB }))).toEqual([{ shopId: nordlicht, state: 1 }]);
    const audit = await t.rows(`SELECT 1 FROM audit_log WHERE action = 'shop.spAuth' AND entity_id = $1`, [String(nordlicht)]);
    expect(audit).toHaveLength(1);
    const internal = data(await t.call('GET', SP_STATE, { token: t.admin })) as Json[];
    expect(ids(internal, 'shopId')).toContain(lumioUs);
    expect(ids(internal, 'shopId')).not.toContain(nordlicht);
  });

  it('answers 404 for a shop of another account', async () => {
    const before = await snapshot();
    expect((await t.call('POST', SP_AUTH, { token: t.as.shopA, body: { shopId: nordlicht } })).statusCode).toBe(404);
    expect((await t.call('POST', SP_AUTH, { token: t.as.shopA, body: { shopId: lumioUs } })).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses bad input with 400, 401 without a token, 403 without the permission', async () => {
    const before = await snapshot();
    for (const body of [{}, { shopId: 'x' }, { shopId: -1 }, { shopId: brightway, state: 1 }]) {
      expect((await t.call('POST', SP_AUTH, { token: t.as.shopA, body })).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
    expect((await t.call('GET', SP_STATE)).statusCode).toBe(401);
    expect((await t.call('POST', SP_AUTH, { body: { shopId: lumioUs } })).statusCode).toBe(401);
    expect((await t.call('GET', SP_STATE, { token: t.as.analyst })).statusCode).toBe(403);
    const r = await t.call('POST', SP_AUTH, { token: t.as.analyst, body: { shopId: lumioUs } });
    expect(r.statusCode).toBe(403);
    expect(r.json().msg).toContain('user:shop:auth:edit');
  });
});

describe('isolation across every read', () => {
  it('never shows shop.a a shop or seller of shop.b or of the internal account', async () => {
    for (const url of [USER_SHOPS, AUTH, PROFILES, SP_STATE]) {
      const body = (await t.call('GET', url, { token: t.as.shopA })).body;
      for (const id of [nordlicht, lumioUs]) {
        expect(body, url).not.toMatch(new RegExp(`"(id|shopId)":${id}[,}]`));
      }
      expect(body, url).not.toMatch(/A3SHOPBSELLER|A1LUMIOSELLER|Nordlicht|Lumio/);
    }
  });
});

describe('demo mode', () => {
  let demo: TestApp;
  beforeAll(async () => {
    demo = await createTestApp({ DEMO_MODE: true });
  });
  afterAll(async () => demo.close());

  it('answers 252 to registration and SP authorisation, after recording them', async () => {
    const token = await demo.login('admin');
    const res = await demo.call('POST', AUTH, { token, body: { sellerId: 'A9DEMOSELLER1', name: 'Demo', marketIds: [2] } });
    expect(res.statusCode).toBe(252);
    expect(res.json().code).toBe(0);
    const shopId = ((res.json().data.shops as Json[])[0] as Json).shopId as number;
    const row = (await demo.database.pool.query('SELECT name, mws_auth_state FROM shops WHERE id = $1', [shopId])).rows[0];
    expect(row).toEqual({ name: 'Demo UK', mws_auth_state: 0 });

    const sp = await demo.call('POST', SP_AUTH, { token, body: { shopId } });
    expect(sp.statusCode).toBe(252);
    expect(sp.json().data).toEqual({ shopId, state: 1 });
    expect(
      (await demo.database.pool.query('SELECT sp_auth_state FROM shops WHERE id = $1', [shopId])).rows[0].sp_auth_state,
    ).toBe(1);
    // Switches with no outside effect stay plain 200.
    expect((await demo.call('PUT', `${AUTH}/ppcState/${shopId}`, { token, body: { state: 1 } })).statusCode).toBe(200);
  });
});
