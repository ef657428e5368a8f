/**
 * The app content's record history (appcontent.history.ts): an item's history is read by the
 * staff holding its own page, not another content page; an external account reads none; an app
 * key's by the holders of the keys' page.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, grantToRolesOf, testAppPerFile } from '../../../test/harness';

const t = testAppPerFile({ config: { APP_CONTENT_CACHE_MS: 0 }, admin: true });
const FAQ = '/api/appcontent/rest/v1/faq/main';
const history = (token: string, entity: string, id: number) =>
  t.call('GET', `/api/user/rest/v1/history/${entity}/${id}`, { token });

let bannerOnly: string;
let shopA: string;
beforeAll(async () => {
  // A staff member holding the home banners' page and no other content page.
  await grantToRolesOf(t, 'sales.analyst', ['user:platform:bannerManege:config']);
  bannerOnly = await t.login('sales.analyst');
  shopA = await t.login('shop.a');
});

describe('GET user/rest/v1/history/app_content/{id}', () => {
  it("answers an item's create and update, newest first, to whoever holds the item's own page", async () => {
    const made = dataOf<{ id: number; version: number }>(
      await t.call('POST', FAQ, {
        token: t.admin,
        body: { name: 'History FAQ', questionZh: '问', questionEn: 'Q', answerZh: '答', answerEn: 'A', category: 'app' },
      }),
    );
    const edited = await t.call('PUT', `${FAQ}/${made.id}`, {
      token: t.admin,
      body: {
        name: 'History FAQ, edited',
        questionZh: '问',
        questionEn: 'Q?',
        answerZh: '答',
        answerEn: 'A',
        category: 'app',
        version: made.version,
      },
    });
    expect(edited.statusCode).toBe(200);
    const res = await history(t.admin, 'app_content', made.id);
    expect(res.statusCode).toBe(200);
    const list = dataOf<{ list: { action: string; changes: { field: string }[] }[] }>(res).list;
    expect(list.map((e) => e.action)).toEqual(['update', 'create']);
    expect(list[0]?.changes.map((c) => c.field)).toEqual(expect.arrayContaining(['name']));

    // Another content page is not this item's: as if it did not exist.
    expect((await history(bannerOnly, 'app_content', made.id)).statusCode).toBe(404);
    // No content page at all: refused.
    expect((await history(shopA, 'app_content', made.id)).statusCode).toBe(403);
  });

  it("answers a banner's history to the holder of the banners' page", async () => {
    const [banner] = await t.rows<{ id: number }>(`SELECT id FROM app_content WHERE kind = 'banner' AND slot = 'home' LIMIT 1`);
    expect(banner).toBeDefined();
    expect((await history(bannerOnly, 'app_content', Number(banner?.id))).statusCode).toBe(200);
  });
});
