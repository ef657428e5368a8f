/**
 * The light effects' kinds (docs/appcontent.md "Light effects") through the API: a bad effect,
 * palette, recommendation or graphic is a 400 whose codes land on their fields and writes
 * nothing; a valid one is a draft, is published through the model's machine, and the read API
 * answers it in its library, to an app of a model it targets and not to another.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fieldCodesOf, rowCount, testAppPerFile } from '../../../test/harness';

const t = testAppPerFile({ config: { APP_CONTENT_CACHE_MS: 0 }, admin: true });
/** The catalogue's first two models, as the targeting stores them (upper case). */
let models: string[] = [];
const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await t.database.pool.query(text, params)).rows as T[];
const count = (kind: string) => rowCount(t, 'app_content', 'kind = $1', [kind]);

beforeAll(async () => {
  models = (await q<{ model: string }>(`SELECT DISTINCT upper(model) AS model FROM products ORDER BY 1 LIMIT 2`)).map(
    (r) => r.model,
  );
});

const EFFECT = {
  titleZh: '彩虹',
  titleEn: 'Rainbow',
  category: 'party',
  mode: 'flow',
  colors: ['#ff0000', '#00FF00', '#0000FF'],
  segments: [0, 1, 2, 1],
  speed: 60,
  brightness: 90,
};
const E = '/api/appcontent/rest/v1/light-effects';
const ids = async (url: string) =>
  ((await t.app.inject({ method: 'GET', url })).json().data.items as { id: number }[]).map((i) => i.id);

describe('light effects', () => {
  it('refuses a bad effect with codes on its fields and writes nothing', async () => {
    const before = await count('lightEffect');
    const cases: [Record<string, unknown>, string[]][] = [
      [{ mode: 'static', speed: 40 }, ['speed:appContent.speedNotMoving']],
      [{ mode: 'breathe', speed: null }, ['speed:appContent.speedRequired']],
      [{ colors: ['#FF0000', 'green', '#00F'] }, ['colors.1:appContent.color', 'colors.2:appContent.color']],
      [{ segments: [0, 3] }, ['segments.1:appContent.segmentColor']],
      [{ segments: Array(101).fill(0) }, ['segments:tooManyItems']],
      [{ colors: ['#FF0000'], segments: [0] }, ['colors:appContent.twoColors']],
      [{ speed: 101, brightness: 0 }, ['speed:atMost', 'brightness:atLeast']],
      [{ titleZh: '', titleEn: '' }, ['titleZh:appContent.titleRequired']],
      [{ models: ['NO-SUCH-MODEL'] }, ['models:appContent.unknownModel']],
    ];
    for (const [change, want] of cases) {
      const res = await t.call('POST', `${E}/scene`, { token: t.admin, body: { name: 'bad', ...EFFECT, ...change } });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(fieldCodesOf(res).sort(), JSON.stringify(change)).toEqual(want.sort());
    }
    expect(await count('lightEffect')).toBe(before);
  });

  it('answers a published effect in its library to an app of a targeted model and not to another', async () => {
    expect(models.length).toBe(2);
    const [mine, other] = models as [string, string];
    const made = await t.call('POST', `${E}/music`, {
      token: t.admin,
      body: { name: 'rainbow', ...EFFECT, models: [mine.toLowerCase()] },
    });
    expect(made.statusCode, made.body).toBe(200);
    const rec = made.json().data;
    expect(rec).toMatchObject({ state: 'draft', slot: 'music', colors: ['#FF0000', '#00FF00', '#0000FF'], speed: 60 });
    expect(rec.targeting.models).toEqual([mine]);
    const read = (query: string) => ids(`/api/app/v1/content/lightEffect?${query}`);
    expect(await read(`slot=music&model=${mine}`)).not.toContain(rec.id);

    const pub = await t.call('POST', `${E}/music/${rec.id}/actions`, {
      token: t.admin,
      body: { action: 'publish', version: rec.version },
    });
    expect(pub.statusCode, pub.body).toBe(200);
    expect(await read(`slot=music&model=${mine}`)).toContain(rec.id);
    expect(await read(`model=${mine}`)).toContain(rec.id);
    expect(await read(`slot=music&model=${other}`)).not.toContain(rec.id);
    expect(await read('slot=music')).not.toContain(rec.id);
    expect(await read(`slot=scene&model=${mine}`)).not.toContain(rec.id);

    const res = await t.app.inject({ method: 'GET', url: `/api/app/v1/content/lightEffect?slot=music&model=${mine}&lang=zh-CN` });
    const item = (res.json().data.items as Record<string, unknown>[]).find((i) => i.id === rec.id);
    expect(item).toMatchObject({ title: '彩虹', mode: 'flow', segments: [0, 1, 2, 1], speed: 60, brightness: 90, slot: 'music' });

    // Another library's screen does not reach it.
    expect((await t.call('DELETE', `${E}/scene/${rec.id}`, { token: t.admin })).statusCode).toBe(404);
  });

  it('keeps a still effect without a speed and edits it with the version seen (409 on a stale one)', async () => {
    const body = { name: 'still', ...EFFECT, mode: 'static', speed: null };
    const made = await t.call('POST', `${E}/diy`, { token: t.admin, body });
    expect(made.statusCode, made.body).toBe(200);
    const rec = made.json().data;
    const edited = await t.call('PUT', `${E}/diy/${rec.id}`, {
      token: t.admin,
      body: { ...body, brightness: 10, version: rec.version },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.brightness).toBe(10);
    const stale = await t.call('PUT', `${E}/diy/${rec.id}`, { token: t.admin, body: { ...body, version: rec.version } });
    expect(stale.statusCode).toBe(409);
  });

  it('lists the seeded effects of each library', async () => {
    for (const slot of ['scene', 'music', 'diy']) {
      const list = await t.call('GET', `${E}/${slot}?keyword=`, { token: t.admin });
      expect(list.statusCode).toBe(200);
      expect(list.json().data.total, slot).toBeGreaterThan(0);
    }
    const search = await t.call('GET', `${E}/scene?keyword=${encodeURIComponent('极光')}`, { token: t.admin });
    expect((search.json().data.list as { name: string }[]).map((r) => r.name)).toEqual(['Aurora']);
  });
});

interface Case {
  kind: string;
  segment: string;
  valid: Record<string, unknown>;
  bad: [Record<string, unknown>, string[]][];
  text: [string, string, string];
}
const CASES: Case[] = [
  {
    kind: 'colorStore',
    segment: 'color-store',
    valid: { titleZh: '暮色', titleEn: 'Dusk', colors: ['#22223b', '#4A4E69', '#9A8C98'] },
    bad: [
      [{ colors: ['#22223B'] }, ['colors:tooFewItems']],
      [{ colors: Array(9).fill('#22223B') }, ['colors:tooManyItems']],
      [{ colors: ['#22223B', '#GGGGGG'] }, ['colors.1:appContent.color']],
      [{ titleZh: '', titleEn: '' }, ['titleZh:appContent.titleRequired']],
    ],
    text: ['title', '暮色', 'Dusk'],
  },
  {
    kind: 'recommendColor',
    segment: 'recommend-color',
    valid: { category: 'mood', colors: ['#FFE8C2'], reasonZh: '暖白助眠', reasonEn: 'Warm white for sleep' },
    bad: [
      [{ colors: [] }, ['colors:tooFewItems']],
      [{ reasonZh: '', reasonEn: '' }, ['reasonZh:appContent.reasonRequired']],
      [{ category: 'food' }, ['category:invalidOption']],
    ],
    text: ['reason', '暖白助眠', 'Warm white for sleep'],
  },
  {
    kind: 'recommendGraph',
    segment: 'recommend-graph',
    valid: { titleZh: '笑脸', titleEn: 'Smile', width: 3, height: 2, palette: ['#000000', '#FFD60A'], cells: [1, 0, 1, 0, 1, 0] },
    bad: [
      [{ cells: [1, 0, 1] }, ['cells:appContent.cellCount']],
      [{ cells: [1, 0, 1, 0, 2, 0] }, ['cells.4:appContent.cellColor']],
      [{ width: 33, cells: Array(66).fill(0) }, ['width:atMost']],
    ],
    text: ['title', '笑脸', 'Smile'],
  },
];

describe.each(CASES)('the $kind kind', (c) => {
  const B = `/api/appcontent/rest/v1/${c.segment}/main`;
  it('refuses a bad payload with codes on its fields and writes nothing', async () => {
    const before = await count(c.kind);
    for (const [change, want] of c.bad) {
      const res = await t.call('POST', B, { token: t.admin, body: { name: 'bad', ...c.valid, ...change } });
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldCodesOf(res)).toEqual(want);
    }
    expect(await count(c.kind)).toBe(before);
  });

  it('is published and answered to the app in its language; archived, it is not', async () => {
    const made = await t.call('POST', B, { token: t.admin, body: { name: c.kind, ...c.valid, countries: ['JP'] } });
    expect(made.statusCode, made.body).toBe(200);
    const rec = made.json().data;
    const read = (query: string) => ids(`/api/app/v1/content/${c.kind}?${query}`);
    expect(await read('country=JP')).not.toContain(rec.id);
    await t.call('POST', `${B}/${rec.id}/actions`, { token: t.admin, body: { action: 'publish', version: rec.version } });
    expect(await read('country=JP')).toContain(rec.id);
    expect(await read('country=US')).not.toContain(rec.id);
    const [field, zh, en] = c.text;
    const item = async (lang: string) =>
      (
        (await t.app.inject({ method: 'GET', url: `/api/app/v1/content/${c.kind}?country=JP&lang=${lang}` })).json().data
          .items as Record<string, unknown>[]
      ).find((i) => i.id === rec.id);
    expect((await item('zh'))?.[field]).toBe(zh);
    expect((await item('en'))?.[field]).toBe(en);
    const archived = await t.call('POST', `${B}/${rec.id}/actions`, { token: t.admin, body: { action: 'archive', version: 2 } });
    expect(archived.statusCode).toBe(200);
    expect(await read('country=JP')).not.toContain(rec.id);
  });
});
