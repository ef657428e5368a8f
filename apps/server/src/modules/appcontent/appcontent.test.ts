/**
 * The publishing model and its resolver (issue #24): windows at their edges whatever offset
 * they were written in, version ranges, targeting combinations, ordering; the preview equals
 * the read API; ETag, 304 and Cache-Control; the rate limit and app keys; images refused by
 * content, size and dimensions with nothing stored; the state × action table; the optimistic
 * version; coded 400s that change nothing.
 */
import { randomBytes } from 'node:crypto';
import { ERROR_CODES } from '@bo/contract';
import { APP_RATE_LIMITS } from '@bo/contract/appcontent/app-api';
import { CONTENT_ACTIONS, CONTENT_STATES, type ContentAction, type ContentState } from '@bo/contract/appcontent/publishing';
import { parseAppVersion, parseRange, satisfies } from '@bo/contract/appcontent/semver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { multipart } from '../../../test/multipart';
import { RateLimiter } from './app-read';
import { bannerImage, DEMO_APP_KEY } from './appcontent.seed';
import { LiveContent, resolve } from './resolver';

let t: TestApp;
let admin: string;
let manager: string;
let payload: Record<string, unknown>;
let imageId: number;
const B = '/api/appcontent/rest/v1/banners/community';
const READ = '/api/app/v1/content/banner';

interface RowSpec {
  name?: string;
  state?: ContentState;
  start?: string | null;
  end?: string | null;
  countries?: string[];
  languages?: string[];
  versionRange?: string;
  platforms?: string[];
  models?: string[];
  priority?: number;
  position?: number;
}
/** A community banner written straight into the table (the resolver's tests need exact windows). */
async function row(s: RowSpec = {}): Promise<number> {
  const [r] = await t.rows<{ id: number }>(
    `INSERT INTO app_content (kind, slot, name, payload, state, window_start, window_end, countries, languages, version_range,
                              platforms, models, priority, position)
     VALUES ('banner', 'community', $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
    [
      s.name ?? 'row',
      payload,
      s.state ?? 'published',
      s.start ?? null,
      s.end ?? null,
      s.countries ?? [],
      s.languages ?? [],
      s.versionRange ?? '',
      s.platforms ?? [],
      s.models ?? [],
      s.priority ?? 0,
      s.position ?? 0,
    ],
  );
  return Number(r?.id);
}
const ids = async (app: Record<string, string> = {}, at?: Date) =>
  (await resolve(t.database.db, 'banner', 'community', app, at)).items.map((i) => i.id);
const clear = () => t.rows(`DELETE FROM app_content WHERE slot = 'community'`);
const upload = (name: string, bytes: Buffer, slot = 'community') => {
  const { payload: body, headers } = multipart({}, { name, bytes });
  return t.app.inject({
    method: 'POST',
    url: `/api/appcontent/rest/v1/banners/${slot}/image`,
    payload: body,
    headers: { ...headers, authorization: `Bearer ${admin}` },
  });
};
const codes = (res: { json(): { data: { fields: { path: string; code: string }[] } } }) =>
  res.json().data.fields.map((f) => `${f.path}:${f.code}`);

beforeAll(async () => {
  // Rows are written straight into the table here, as another process would: the read API reads
  // them on every request (its cache is LiveContent's own test, below).
  t = await createTestApp({ APP_CONTENT_CACHE_MS: 0 });
  [admin, manager] = await Promise.all([t.login('admin'), t.login('sales.manager')]);
  const [seeded] = await t.rows<{ payload: Record<string, unknown> }>(
    `SELECT payload FROM app_content WHERE slot = 'community' ORDER BY id LIMIT 1`,
  );
  payload = seeded?.payload as Record<string, unknown>;
  imageId = Number(payload.imageFileId);
});
afterAll(async () => t?.close());

describe('version ranges (semver subset)', () => {
  it('reads ranges and versions and compares them', () => {
    const r = parseRange('>=3.2.0 <4');
    expect(r).not.toBeNull();
    const v = (s: string) => parseAppVersion(s);
    const inR = (s: string) => satisfies(v(s), r ?? []);
    expect(['3.1.9', '3.2.0', '3.10.1', '3.99', '4.0.0', '4.0.1'].map(inR)).toEqual([false, true, true, true, false, false]);
    expect(inR('3.2.0-beta.1')).toBe(true);
    const or = parseRange('<3 || >=3.5') ?? [];
    expect(['2.9.9', '3.0.0', '3.4.9', '3.5'].map((s) => satisfies(v(s), or))).toEqual([true, false, false, true]);
    expect(satisfies(null, parseRange('') ?? [])).toBe(true);
    expect(satisfies(null, parseRange('>=1') ?? [])).toBe(false);
    for (const bad of ['>=3.x', '3.2.0 - 4', '^3.2', '>=03.1', 'latest', '>=3.2.0-beta']) expect(parseRange(bad)).toBeNull();
    expect(parseRange('>= 3.2')).toEqual([[{ op: '>=', v: [3, 2, 0] }]]);
  });
});

describe('the resolver', () => {
  it('shows a record from its start (inclusive) to its end (exclusive), whatever offsets the window was written in', async () => {
    await clear();
    // 09:00 in Shanghai is 01:00Z; 18:00 in New York (EST, -05:00) is 23:00Z the same day.
    const id = await row({ start: '2030-03-10T09:00:00+08:00', end: '2030-03-10T18:00:00-05:00' });
    const at = (iso: string) => ids({}, new Date(iso));
    expect(await at('2030-03-10T00:59:59.999Z')).toEqual([]);
    expect(await at('2030-03-10T01:00:00.000Z')).toEqual([id]);
    expect(await at('2030-03-10T06:30:00+05:30')).toEqual([id]); // Kolkata, the same 01:00Z
    expect(await at('2030-03-10T22:59:59.999Z')).toEqual([id]);
    expect(await at('2030-03-10T23:00:00.000Z')).toEqual([]);
    expect(await at('2030-03-11T08:00:00+09:00')).toEqual([]); // Tokyo, 23:00Z
    // A window written through the API in other offsets is the same instants.
    const res = await t.call('POST', B, {
      token: admin,
      body: {
        name: 'tz',
        imageFileId: imageId,
        altEn: 'tz',
        windowStart: '2030-03-10T06:30:00+05:30',
        windowEnd: '2030-03-10T15:00:00-08:00',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ windowStart: '2030-03-10T01:00:00Z', windowEnd: '2030-03-10T23:00:00Z' });
    // A scheduled record is live once its start has come, with no job involved; draft and archived never are.
    await clear();
    const sched = await row({ state: 'scheduled', start: '2030-01-01T00:00:00Z' });
    await row({ state: 'draft' });
    await row({ state: 'archived' });
    expect(await ids({}, new Date('2029-12-31T23:59:59.999Z'))).toEqual([]);
    expect(await ids({}, new Date('2030-01-01T00:00:00Z'))).toEqual([sched]);
  });

  it('matches version ranges, and an app that sends no version only sees records for every version', async () => {
    await clear();
    const any = await row({ name: 'any', position: 0 });
    const v3 = await row({ versionRange: '>=3.2.0 <4', position: 1 });
    const old = await row({ versionRange: '<3 || >=5', position: 2 });
    expect(await ids({ version: '3.1.9' })).toEqual([any]);
    expect(await ids({ version: '3.2.0' })).toEqual([any, v3]);
    expect(await ids({ version: '3.15.2' })).toEqual([any, v3]);
    expect(await ids({ version: '4.0.0' })).toEqual([any]);
    expect(await ids({ version: '2.9' })).toEqual([any, old]);
    expect(await ids({ version: '5.1.0' })).toEqual([any, old]);
    expect(await ids({})).toEqual([any]);
  });

  it('needs every targeting list a record names to hold the app’s value', async () => {
    await clear();
    const all = await row({ position: 0 });
    const us = await row({ countries: ['US'], position: 1 });
    const usIos = await row({ countries: ['US', 'CA'], platforms: ['ios'], position: 2 });
    const zh = await row({ languages: ['zh'], position: 3 });
    const zhCN = await row({ languages: ['zh-cn'], position: 4 });
    const model = await row({ models: ['H6199'], countries: ['DE'], position: 5 });
    expect(await ids({})).toEqual([all]);
    expect(await ids({ country: 'US' })).toEqual([all, us]);
    expect(await ids({ country: 'US', platform: 'ios' })).toEqual([all, us, usIos]);
    expect(await ids({ country: 'CA', platform: 'ios' })).toEqual([all, usIos]);
    expect(await ids({ country: 'CA', platform: 'android' })).toEqual([all]);
    expect(await ids({ lang: 'zh-tw' })).toEqual([all, zh]);
    expect(await ids({ lang: 'zh-cn' })).toEqual([all, zh, zhCN]);
    expect(await ids({ lang: 'en' })).toEqual([all]);
    expect(await ids({ country: 'DE', model: 'H6199' })).toEqual([all, model]);
    expect(await ids({ country: 'FR', model: 'H6199' })).toEqual([all]);
    expect(await ids({ country: 'DE', model: 'H6008' })).toEqual([all]);
  });

  it('orders by priority (high first), then position, then id', async () => {
    await clear();
    const a = await row({ priority: 0, position: 0 });
    const b = await row({ priority: 10, position: 5 });
    const c = await row({ priority: 10, position: 1 });
    const d = await row({ priority: 0, position: 0 });
    const e = await row({ priority: 3, position: 9 });
    expect(await ids({})).toEqual([c, b, e, a, d]);
  });
});

describe("the read API's cache (LiveContent)", () => {
  it('answers what the resolver answers, shows a window edge on time, a write elsewhere within its time, a write here at once', async () => {
    await clear();
    let now = Date.parse('2031-05-01T00:00:00Z');
    const live = new LiveContent(t.database.db, 5_000, () => now);
    const app = { country: 'US', lang: 'en-US', version: '3.1.0', platform: 'ios' as const };
    const a = await row({ countries: ['US'], priority: 1 });
    const later = await row({ start: '2031-05-01T00:00:02Z', end: '2031-05-01T00:00:04Z' });
    await row({ countries: ['DE'] });
    const seen = async () => (await live.resolve('banner', 'community', app)).items.map((i) => i.id);
    expect(await seen()).toEqual(
      (await resolve(t.database.db, 'banner', 'community', app, new Date(now))).items.map((i) => i.id),
    );
    expect(await seen()).toEqual([a]);
    // The window opens and closes on time, from what was read before.
    now += 2_000;
    expect(await seen()).toEqual([a, later]);
    now += 2_000;
    expect(await seen()).toEqual([a]);
    // A row written by another process shows once the records are read again (5 s).
    const other = await row({ priority: 5 });
    now += 500;
    expect(await seen()).toEqual([a]);
    now += 1_000;
    expect(await seen()).toEqual([other, a]);
    // A write in this process (forget) shows at once.
    await t.rows('DELETE FROM app_content WHERE id = $1', [other]);
    live.forget();
    expect(await seen()).toEqual([a]);
  });
});

describe('the read API', () => {
  it('answers what the preview answers, with an ETag, a Cache-Control that ends before the next window edge, and 304', async () => {
    await clear();
    await row({ countries: ['US'], versionRange: '>=3', priority: 2 });
    await row({ countries: ['US'], languages: ['zh'] });
    await row({ start: new Date(Date.now() + 20_000).toISOString() }); // starts in 20 s
    const query = { slot: 'community', country: 'us', lang: 'zh-CN', version: '3.4.1', platform: 'android' };
    const res = await t.call('GET', READ, { query });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data.items as { id: number; alt: string; image: { url: string } }[];
    expect(items).toHaveLength(2);
    expect(items[0]?.alt).toBe(payload.altZh);
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const maxAge = Number(/max-age=(\d+)/.exec(String(res.headers['cache-control']))?.[1]);
    expect(String(res.headers['cache-control'])).toContain('public');
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(20);

    const { slot: _slot, ...appCtx } = query;
    const preview = await t.call('POST', `${B}/preview`, { token: admin, body: appCtx });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data.items).toEqual(items);
    expect(preview.json().data.etag).toBe(etag);

    const again = await t.call('GET', READ, { query, headers: { 'if-none-match': `W/"other", ${etag}` } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // The image is public while published content shows it; another file of the store is not.
    const img = await t.call('GET', items[0]?.image.url ?? '');
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['cache-control']).toContain('public');
    const [other] = await t.rows<{ id: number }>(`INSERT INTO files (account_id, purpose, blob_sha, name, owner_id)
      SELECT 1, 'image', blob_sha, 'private.png', owner_id FROM files WHERE id = ${imageId} RETURNING id`);
    expect((await t.call('GET', `/api/app/v1/media/${other?.id}`)).statusCode).toBe(404);
    // A change answers a new ETag, and the old one no longer gives 304.
    await row({ countries: ['US'], priority: 9 });
    const changed = await t.call('GET', READ, { query, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    // Bad inputs are coded 400s.
    const bad = await t.call('GET', READ, { query: { country: 'USA', version: 'three' } });
    expect(bad.statusCode).toBe(400);
    expect(codes(bad).sort()).toEqual(['country:appContent.country', 'version:appContent.appVersion']);
  });

  it('is limited per address in public mode and per key with a key; an unknown key is a 401', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < APP_RATE_LIMITS.perAddressPerMinute; i++) {
      // An unknown kind is refused after the count, without reading the database.
      const r = await t.call('GET', '/api/app/v1/content/none', { ip });
      if (r.statusCode === 429) throw new Error(`limited after ${i} requests`);
    }
    const over = await t.call('GET', READ, { ip });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json().code).toBe(ERROR_CODES.THROTTLED);
    expect((await t.call('GET', READ, { ip: '203.0.113.8' })).statusCode).toBe(200);
    // The same address with a known key counts against the key.
    expect((await t.call('GET', READ, { ip, headers: { 'x-app-key': DEMO_APP_KEY } })).statusCode).toBe(200);
    expect((await t.call('GET', READ, { ip: '203.0.113.9', headers: { 'x-app-key': 'made-up' } })).statusCode).toBe(401);

    let now = 0;
    const limiter = new RateLimiter(() => now);
    limiter.take('a', 2);
    limiter.take('a', 2);
    expect(() => limiter.take('a', 2)).toThrow();
    now = 60_000;
    expect(() => limiter.take('a', 2)).not.toThrow();
  });
});

describe('banner images', () => {
  const noise = (w: number, h: number) =>
    sharp(randomBytes(w * h * 3), { raw: { width: w, height: h, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
  const fileCount = async () => Number((await t.rows<{ n: number }>(`SELECT count(*)::int AS n FROM files`))[0]?.n);

  it('takes an image that fits the slot, with its dimensions and thumbnail', async () => {
    const res = await upload('contest.png', await bannerImage('community', 'ok', '#000000', '#ffffff'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ type: 'png', width: 1280, height: 720, hasThumb: true });
  });

  it('refuses oversize, wrong dimensions and renamed non-images, storing nothing', async () => {
    const before = await fileCount();
    const big = await noise(1125, 375); // 3:1, but over the device slot's 1 MB
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const tooBig = await upload('big.png', big, 'device');
    expect(tooBig.statusCode).toBe(400);
    expect(codes(tooBig)).toEqual(['file:appContent.imageTooLarge']);
    const square = await upload(
      'square.png',
      await sharp({ create: { width: 800, height: 800, channels: 3, background: '#123456' } })
        .png()
        .toBuffer(),
    );
    expect(square.statusCode).toBe(400);
    expect(codes(square)).toEqual(['file:appContent.imageSize']);
    const small = await upload(
      'small.png',
      await sharp({ create: { width: 320, height: 180, channels: 3, background: '#123456' } })
        .png()
        .toBuffer(),
    );
    expect(codes(small)).toEqual(['file:appContent.imageSize']);
    const pdf = await upload('banner.png', Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'));
    expect(pdf.statusCode).toBe(400);
    expect(codes(pdf)).toEqual(['file:file.typeNotAllowed']);
    const text = await upload('banner.jpg', Buffer.from('just some text pretending to be a picture\n'));
    expect(text.statusCode).toBe(400);
    expect(codes(text)[0]).toMatch(/^file:file\.(typeNotAllowed|unknownType)$/);
    expect(await fileCount()).toBe(before);
  });

  it('checks the image again on save: a file of another shape or another kind is refused', async () => {
    const { payload: body, headers } = multipart(
      {},
      {
        name: 'sq.png',
        bytes: await sharp({ create: { width: 900, height: 900, channels: 3, background: '#000' } })
          .png()
          .toBuffer(),
      },
    );
    const generic = await t.app.inject({
      method: 'POST',
      url: '/api/files/upload?purpose=image',
      payload: body,
      headers: { ...headers, authorization: `Bearer ${admin}` },
    });
    expect(generic.statusCode, generic.body).toBe(200);
    const res = await t.call('POST', B, { token: admin, body: { name: 'sq', imageFileId: generic.json().data.id, altEn: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(codes(res)).toEqual(['imageFileId:appContent.imageSize']);
    const missing = await t.call('POST', B, { token: admin, body: { name: 'sq', imageFileId: 2147483647, altEn: 'x' } });
    expect(codes(missing)).toEqual(['imageFileId:appContent.imageMissing']);
  });
});

describe('banner writes and states', () => {
  const fresh = async (state: ContentState) =>
    row({
      state,
      start: state === 'scheduled' ? new Date(Date.now() + 86_400_000).toISOString() : null,
      end: null,
    });
  const act = (id: number, action: ContentAction, version = 1) =>
    t.call('POST', `${B}/${id}/actions`, { token: admin, body: { action, version } });

  it('moves each state by the machine and refuses the rest with a 409 naming the state', async () => {
    const allowed: Record<ContentState, ContentAction[]> = {
      draft: ['publish', 'schedule'],
      scheduled: ['publish', 'unschedule', 'archive'],
      published: ['archive'],
      archived: ['publish', 'schedule'],
    };
    const to: Record<ContentAction, ContentState> = {
      publish: 'published',
      schedule: 'scheduled',
      unschedule: 'draft',
      archive: 'archived',
    };
    for (const state of CONTENT_STATES) {
      for (const action of CONTENT_ACTIONS) {
        const id = await fresh(state);
        // Scheduling needs a start to come: give the drafts and archived ones one.
        if (action === 'schedule')
          await t.rows(`UPDATE app_content SET window_start = now() + interval '1 day' WHERE id = $1`, [id]);
        const res = await act(id, action);
        if (allowed[state].includes(action)) {
          expect(res.statusCode, `${state} × ${action}: ${res.body}`).toBe(200);
          expect(res.json().data.state).toBe(to[action]);
          expect(res.json().data.version).toBe(2);
        } else {
          expect(res.statusCode, `${state} × ${action}`).toBe(409);
          expect(res.json().data.state).toBe(state);
          const [after] = await t.rows<{ state: string; version: number }>(
            `SELECT state, version FROM app_content WHERE id = $1`,
            [id],
          );
          expect(after).toEqual({ state, version: 1 });
        }
      }
    }
    const zh = await t.call('POST', `${B}/${await fresh('published')}/actions`, {
      token: admin,
      body: { action: 'unschedule', version: 1 },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.json().msg).toContain('已发布');
  });

  it('publishes now (a later start becomes now), refuses a window that is over, and schedules only a start to come', async () => {
    const later = await row({ state: 'draft', start: new Date(Date.now() + 3_600_000).toISOString() });
    const pub = await act(later, 'publish');
    expect(pub.statusCode).toBe(200);
    expect(Date.parse(pub.json().data.windowStart)).toBeLessThanOrEqual(Date.now());
    const over = await row({ state: 'draft', start: '2020-01-01T00:00:00Z', end: '2020-02-01T00:00:00Z' });
    expect(codes(await act(over, 'publish'))).toEqual(['windowEnd:appContent.windowOver']);
    const noStart = await row({ state: 'draft' });
    expect(codes(await act(noStart, 'schedule'))).toEqual(['windowStart:appContent.startNotFuture']);
    expect((await t.rows(`SELECT state FROM app_content WHERE id = ANY($1)`, [[over, noStart]])).map((r) => r.state)).toEqual([
      'draft',
      'draft',
    ]);
  });

  it('edits with the version it read (409 stale otherwise), not archived ones; deletes drafts and archived ones only', async () => {
    const id = await fresh('draft');
    const body = {
      name: 'edited',
      imageFileId: imageId,
      altZh: '改',
      countries: ['de', 'FR'],
      models: [],
      versionRange: '>=3.2 <4',
    };
    const ok = await t.call('PUT', `${B}/${id}`, { token: admin, body: { ...body, version: 1 } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      name: 'edited',
      version: 2,
      targeting: { countries: ['DE', 'FR'], versionRange: '>=3.2 <4' },
    });
    const stale = await t.call('PUT', `${B}/${id}`, { token: admin, body: { ...body, name: 'again', version: 1 } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe(ERROR_CODES.STALE_VERSION);
    expect(await act(id, 'publish', 1).then((r) => r.statusCode)).toBe(409);
    const archived = await fresh('archived');
    expect((await t.call('PUT', `${B}/${archived}`, { token: admin, body: { ...body, version: 1 } })).statusCode).toBe(409);
    const published = await fresh('published');
    expect((await t.call('DELETE', `${B}/${published}`, { token: admin })).statusCode).toBe(409);
    expect((await t.call('DELETE', `${B}/${archived}`, { token: admin })).statusCode).toBe(200);
    expect((await t.call('DELETE', `${B}/${id}`, { token: admin })).statusCode).toBe(200);
    const audits = await t.rows(`SELECT action FROM audit_log WHERE entity = 'app_content' AND entity_id = $1 ORDER BY id`, [
      String(id),
    ]);
    expect(audits.map((a) => a.action)).toEqual(['update', 'delete']);
  });

  it('refuses bad input with coded 400s and changes nothing; refuses callers without the button', async () => {
    const before = (await t.rows(`SELECT count(*)::int AS n FROM app_content`))[0]?.n;
    const bad = await t.call('POST', B, {
      token: admin,
      body: {
        name: '',
        imageFileId: imageId,
        altZh: '',
        altEn: '',
        link: 'javascript:alert(1)',
        countries: ['USA'],
        languages: ['english'],
        versionRange: '^3.2',
        platforms: ['windows'],
        windowStart: '2030-01-02T00:00:00Z',
        windowEnd: '2030-01-01T00:00:00Z',
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(codes(bad).sort()).toEqual(
      expect.arrayContaining([
        'countries.0:appContent.country',
        'languages.0:appContent.language',
        'link:appContent.link',
        'versionRange:appContent.versionRange',
      ]),
    );
    const unknownModel = await t.call('POST', B, {
      token: admin,
      body: { name: 'm', imageFileId: imageId, altEn: 'm', models: ['NOPE1'] },
    });
    expect(codes(unknownModel)).toEqual(['models:appContent.unknownModel']);
    expect((await t.rows(`SELECT count(*)::int AS n FROM app_content`))[0]?.n).toBe(before);
    expect((await t.call('POST', B, { token: manager, body: { name: 'm', imageFileId: imageId, altEn: 'm' } })).statusCode).toBe(
      403,
    );
  });
});
