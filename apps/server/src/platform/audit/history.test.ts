/** One record's history through the API: field diffs, who may read it, secrets never shown. */
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, testAppPerFile } from '../../../test/harness';
import { linkScene } from '../../../test/scenarios';
import { diffFields, redact } from './history.service';

const H = '/api/user/rest/v1/history';
const LINKS = '/api/product/rest/v1/links';
// biome-ignore lint/suspicious/noExplicitAny: replies are read loosely; the assertions check their shape
type Json = Record<string, any>;
const t = testAppPerFile({ admin: true });
let nobody: string;
let shopA: string;
let lumioDe: number;
let brightway: number;
let skuId: number;

beforeAll(async () => {
  // A signed-in user of the company without any role.
  await t.rows<Json>(
    `INSERT INTO users (account_id, login_name, user_name, password_hash, user_type)
     SELECT 1, 'history.nobody', 'history.nobody', password_hash, 1 FROM users WHERE login_name = 'pm'`,
  );
  nobody = await t.login('history.nobody');
  ({ skuId, lumioDe, brightway, shopA } = await linkScene(t, { model: 'HI-1', name: '历史', nameEn: 'History', sku: 'HI-1-W' }));
});

describe('record history', () => {
  it('shows a link edited twice as three entries, newest first, with the fields each change touched', async () => {
    const created = dataOf<Json>(
      await t.call('POST', LINKS, {
        token: t.admin,
        body: { skuId, shopId: lumioDe, asin: 'B0HIST0001', title: 'Lamp', price: 19.99 },
      }),
    );
    const edit = async (version: number, change: Json) =>
      dataOf<Json>(
        await t.call('PUT', LINKS, {
          token: t.admin,
          body: { id: created.id, version, asin: 'B0HIST0001', title: 'Lamp', price: 19.99, status: 1, ...change },
        }),
      );
    const v2 = await edit(created.version, { title: 'Desk lamp' });
    await edit(v2.version, { title: 'Desk lamp', price: 24.5, status: 0 });

    const res = await t.call('GET', `${H}/listing/${created.id}`, { token: t.admin });
    expect(res.statusCode).toBe(200);
    const page = dataOf<Json>(res);
    expect(page.total).toBe(3);
    expect(page.list.map((e: Json) => e.action)).toEqual(['link.update', 'link.update', 'link.create']);
    const [second, first, creation] = page.list;
    // The price went in as 19.99 and is read back as the numeric text '19.99': the same value, no change.
    expect(first.changes).toEqual([{ field: 'title', before: 'Lamp', after: 'Desk lamp' }]);
    expect(second.changes).toEqual([
      { field: 'price', before: '19.99', after: 24.5 },
      { field: 'status', before: 1, after: 0 },
    ]);
    expect(creation.changes.map((c: Json) => c.field)).toEqual(expect.arrayContaining(['asin', 'title', 'shopId', 'skuId']));
    expect(creation.changes.every((c: Json) => c.before === null)).toBe(true);
    expect(second).toMatchObject({ actor: 'admin', impersonator: null });
    expect(typeof second.actorName).toBe('string');
    expect(second.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    const paged = dataOf<Json>(
      await t.call('GET', `${H}/listing/${created.id}`, { token: t.admin, query: { pageSize: '1', pageNum: '3' } }),
    );
    expect(paged.list.map((e: Json) => e.action)).toEqual(['link.create']);
    expect(paged.total).toBe(3);
  });

  it('lets a shop account read its own shop’s link and answers 404 for another shop’s, as for a missing one', async () => {
    const own = (
      await t.rows<Json>(
        `INSERT INTO listings (sku_id, shop_id, market_id, asin, title, currency) VALUES ($1, $2, 3, 'B0HIST0002', 'Own', 'USD') RETURNING id`,
        [skuId, brightway],
      )
    )[0]!.id;
    await t.rows<Json>(
      `INSERT INTO audit_log (actor_user_id, account_id, action, entity, entity_id, after)
       SELECT id, 1, 'link.update', 'listing', $1, '{"title":"Own"}' FROM users WHERE login_name = 'admin'`,
      [String(own)],
    );
    const mine = await t.call('GET', `${H}/listing/${own}`, { token: shopA });
    expect(mine.statusCode).toBe(200);
    // Who of the company acted is not the shop account's to know.
    expect(dataOf<Json>(mine).list[0]).toMatchObject({
      actor: null,
      actorName: null,
      changes: [{ field: 'title', before: null, after: 'Own' }],
    });

    const foreign = (await t.rows<Json>(`SELECT id FROM listings WHERE shop_id = $1 LIMIT 1`, [lumioDe]))[0]!.id;
    const theirs = await t.call('GET', `${H}/listing/${foreign}`, { token: shopA });
    const missing = await t.call('GET', `${H}/listing/999999`, { token: shopA });
    expect(theirs.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(theirs.json().code).toBe(missing.json().code);
  });

  it('lets a shop account read its own shop’s switch history and answers 404 for a shop not its own', async () => {
    for (const shop of [brightway, lumioDe])
      await t.rows<Json>(
        `INSERT INTO audit_log (actor_user_id, account_id, action, entity, entity_id, after)
         SELECT id, 1, 'shop.authState', 'shop', $1, '{"authState":1}' FROM users WHERE login_name = 'admin'`,
        [String(shop)],
      );
    const mine = await t.call('GET', `${H}/shop/${brightway}`, { token: shopA });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(dataOf<Json>(mine).list[0]).toMatchObject({ changes: [{ field: 'authState', before: null, after: 1 }] });
    const theirs = await t.call('GET', `${H}/shop/${lumioDe}`, { token: shopA });
    const missing = await t.call('GET', `${H}/shop/999999`, { token: shopA });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe(missing.json().code);
    // The company's staff read both.
    expect((await t.call('GET', `${H}/shop/${lumioDe}`, { token: t.admin })).statusCode).toBe(200);
  });

  it('answers 401 without a session, 403 without the entity’s permission, 404 for an entity without history, 400 for no entity', async () => {
    expect((await t.call('GET', `${H}/listing/1`)).statusCode).toBe(401);
    const refused = await t.call('GET', `${H}/listing/1`, { token: nobody });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toMatch(/product:link/);
    expect((await t.call('GET', `${H}/import/1`, { token: t.admin })).statusCode).toBe(404);
    expect((await t.call('GET', `${H}/no_such_thing/1`, { token: t.admin })).statusCode).toBe(400);
    expect((await t.call('GET', `${H}/listing/${'9'.repeat(65)}`, { token: t.admin })).statusCode).toBe(400);
    expect((await t.call('GET', `${H}/listing/abc`, { token: t.admin })).statusCode).toBe(404);
  });

  it('never returns a password, secret, token or credential an old audit row kept', async () => {
    const role = (await t.rows<Json>(`INSERT INTO roles (account_id, name) VALUES (1, 'history secrets') RETURNING id`))[0]!.id;
    await t.rows<Json>(
      `INSERT INTO audit_log (actor_user_id, account_id, action, entity, entity_id, before, after)
       SELECT id, 1, 'role.update', 'role', $1, $2, $3 FROM users WHERE login_name = 'admin'`,
      [
        String(role),
        JSON.stringify({
          name: 'old',
          imapPassword: 'hunter2',
          nested: { apiToken: 't0k3n', list: [{ clientSecret: 's3cr3t' }] },
        }),
        JSON.stringify({ name: 'new', imapPassword: 'hunter3', Credentials: { user: 'x' }, passwordChanged: true }),
      ],
    );
    const res = await t.call('GET', `${H}/role/${role}`, { token: t.admin });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/hunter|t0k3n|s3cr3t|imapPassword|apiToken|clientSecret|Credentials/);
    const entry = dataOf<Json>(res).list[0];
    expect(entry.changes).toEqual([
      { field: 'name', before: 'old', after: 'new' },
      { field: 'passwordChanged', before: null, after: true },
    ]);
    expect(entry.before).toEqual({ name: 'old', nested: { list: [{}] } });
  });
});

describe('diff and redaction', () => {
  it('lists every field of a creation and of a deletion, and compares nested values as JSON', () => {
    expect(diffFields(null, { a: 1, b: { c: 2 } })).toEqual([
      { field: 'a', before: null, after: 1 },
      { field: 'b', before: null, after: { c: 2 } },
    ]);
    expect(diffFields({ a: 1 }, null)).toEqual([{ field: 'a', before: 1, after: null }]);
    expect(diffFields({ a: { x: 1, y: 2 }, b: [1, 2], keep: 'k' }, { a: { y: 2, x: 1 }, b: [2, 1] })).toEqual([
      { field: 'b', before: [1, 2], after: [2, 1] },
    ]);
    expect(diffFields({ price: '10.50' }, { price: 10.5 })).toEqual([]);
    expect(diffFields({ price: '10.50' }, { price: 10.51 })).toEqual([{ field: 'price', before: '10.50', after: 10.51 }]);
  });

  it('keeps a flag saying a secret changed, drops the secret itself', () => {
    expect(
      redact({ passwordsChanged: { imap: true, smtp: false }, smtpPassword: 'x', sessionToken: 'y', ok: [{ secretKey: 1 }] }),
    ).toEqual({
      passwordsChanged: { imap: true, smtp: false },
      ok: [{}],
    });
  });
});
