/**
 * New products, accessories, featured cards, scene tabs, DIY categories, the square and life apps
 * (docs/appcontent.md "New products, accessories, featured, scenes, DIY categories, the square and
 * life apps"): per kind its validation rules (each refusal names its field and writes nothing), its
 * check of the rows it names (catalogue SKUs and models, light effects, content records), the item
 * the read API answers (the preview the same, with the same ETag) and a refusal to a user without
 * the screen.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fieldCodesOf, rowCount, testAppPerFile } from '../../../test/harness';
import { multipart } from '../../../test/multipart';
import { bannerImage } from './appcontent.seed';
import { gradientPng } from './covers/cover-image';
import { iconPng } from './icons/icon-image';

const t = testAppPerFile({ config: { APP_CONTENT_CACHE_MS: 0 }, admin: true, signIn: { outsider: 'sales.manager' } });
const P = '/api/appcontent/rest/v1';
const count = (kind: string) => rowCount(t, 'app_content', `kind = $1`, [kind]);

const upload = async (segment: string, bytes: Buffer) => {
  const { payload, headers } = multipart({}, { name: 'image.png', bytes });
  const res = await t.app.inject({
    method: 'POST',
    url: `${P}/${segment}/main/image`,
    payload,
    headers: { ...headers, authorization: `Bearer ${t.admin}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
};
const post = (url: string, body: object) => t.call('POST', url, { token: t.admin, body });
const publish = async (url: string, rec: { id: number; version: number }) => {
  const res = await post(`${url}/${rec.id}/actions`, { action: 'publish', version: rec.version });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; version: number };
};
const read = (kind: string, q: string) => t.app.inject({ method: 'GET', url: `/api/app/v1/content/${kind}?${q}` });
const itemOf = async (kind: string, q: string, id: number) =>
  ((await read(kind, q)).json().data.items as Record<string, unknown>[]).find((i) => i.id === id);
/** The preview answers what the read API answers for the same app: the same items, the same ETag. */
async function previewMatches(url: string, kind: string, body: Record<string, string>) {
  const preview = await post(`${url}/preview`, body);
  expect(preview.statusCode, preview.body).toBe(200);
  const answer = await read(kind, new URLSearchParams(body).toString());
  expect(preview.json().data.etag).toBe(answer.headers.etag);
  expect(preview.json().data.items).toEqual(answer.json().data.items);
}
/** Each body is refused with its field code; nothing is written. */
async function refuses(url: string, kind: string, valid: object, cases: [object, string][], status = 400) {
  const before = await count(kind);
  for (const [change, code] of cases) {
    const res = await post(url, { ...valid, ...change });
    expect(res.statusCode, `${code}: ${res.body}`).toBe(status);
    expect(fieldCodesOf(res)).toContain(code);
  }
  expect(await count(kind)).toBe(before);
}

let sku = '';
let models: string[] = [];
let effects: number[] = [];
let archivedEffect = 0;
beforeAll(async () => {
  sku = (await t.rows<{ sku: string }>(`SELECT sku FROM skus ORDER BY id LIMIT 1`))[0]?.sku ?? '';
  models = (await t.rows<{ model: string }>(`SELECT upper(model) AS model FROM products ORDER BY id LIMIT 2`)).map(
    (r) => r.model,
  );
  effects = (
    await t.rows<{ id: number }>(
      `SELECT id FROM app_content WHERE kind = 'lightEffect' AND state <> 'archived' ORDER BY id LIMIT 4`,
    )
  ).map((r) => Number(r.id));
  archivedEffect = Number(
    (
      await t.rows<{ id: number }>(
        `INSERT INTO app_content (kind, slot, name, payload, state) SELECT kind, slot, 'archived copy', payload, 'archived'
           FROM app_content WHERE id = $1 RETURNING id`,
        [effects[0]],
      )
    )[0]?.id,
  );
});

describe('new product launches', () => {
  const B = `${P}/new-products/main`;
  it('refuses a missing headline or launch date, an unknown SKU, http links, bad countries, a country twice, days out of 1–90', async () => {
    const image = await upload('new-products', await bannerImage('home', 'T', '#000000', '#ffffff'));
    const valid = { name: 'launch', sku, headlineEn: 'New', imageFileId: image, windowStart: '2030-01-01T00:00:00Z' };
    await refuses(B, 'newProduct', valid, [
      [{ headlineEn: '' }, 'headlineZh:appContent.headlineRequired'],
      [{ windowStart: null }, 'windowStart:appContent.launchDate'],
      [{ sku: 'NO-SUCH-SKU' }, 'sku:appContent.unknownSku'],
      [{ buyLinks: [{ country: 'US', url: 'http://shop.example.com' }] }, 'buyLinks.0.url:appContent.httpsOnly'],
      [{ buyLinks: [{ country: 'USA', url: 'https://shop.example.com' }] }, 'buyLinks.0.country:appContent.country'],
      [
        {
          buyLinks: [
            { country: 'US', url: 'https://a.example.com' },
            { country: 'us', url: 'https://b.example.com' },
          ],
        },
        'buyLinks.1.country:listedTwice',
      ],
      [{ newDays: 0 }, 'newDays:atLeast'],
      [{ newDays: 91 }, 'newDays:atMost'],
      [
        { imageFileId: await upload('accessories', await gradientPng([600, 600], 's', '#000', '#fff')) },
        'imageFileId:appContent.imageSize',
      ],
    ]);
  });

  it('answers a launch with its SKU as the catalogue spells it, its links, its launch and the end of the badge', async () => {
    const image = await upload('new-products', await bannerImage('home', 'N', '#000000', '#ffffff'));
    const launch = new Date(Date.now() - 2 * 86_400_000);
    launch.setUTCMilliseconds(0);
    const made = await post(B, {
      name: 'test launch',
      sku: sku.toLowerCase(),
      headlineZh: '新品',
      headlineEn: 'New',
      textEn: 'Text',
      newDays: 10,
      imageFileId: image,
      windowStart: launch.toISOString(),
      buyLinks: [{ country: 'de', url: 'https://shop.example.com/de' }],
      countries: ['BR'],
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data.sku).toBe(sku);
    const rec = await publish(B, made.json().data);
    const item = await itemOf('newProduct', 'country=BR&lang=zh', rec.id);
    expect(item).toMatchObject({
      sku,
      headline: '新品',
      text: 'Text',
      buyLinks: [{ country: 'DE', url: 'https://shop.example.com/de' }],
      image: { url: `/api/app/v1/media/${image}`, width: 1080, height: 540 },
      newDays: 10,
    });
    expect(Date.parse(String(item?.launchAt))).toBe(launch.getTime());
    expect(Date.parse(String(item?.newUntil))).toBe(launch.getTime() + 10 * 86_400_000);
    await previewMatches(B, 'newProduct', { country: 'BR', lang: 'en' });
  });

  it('refuses a user without the screen', async () => {
    expect((await t.call('GET', B, { token: t.as.outsider })).statusCode).toBe(403);
    expect((await t.call('POST', B, { token: t.as.outsider, body: { name: 'x' } })).statusCode).toBe(403);
  });
});

describe('accessories', () => {
  const B = `${P}/accessories/main`;
  it('refuses no model, an unknown model or SKU, an http link, a missing name and a wide image', async () => {
    const image = await upload('accessories', await gradientPng([600, 600], 'A', '#000000', '#ffffff'));
    const valid = { name: 'acc', sku, nameEn: 'Clips', imageFileId: image, buyLink: 'https://shop.example.com/a', models };
    await refuses(B, 'accessory', valid, [
      [{ models: [] }, 'models:appDevices.modelRequired'],
      [{ models: ['NOPE1'] }, 'models:appContent.unknownModel'],
      [{ sku: 'NO-SUCH-SKU' }, 'sku:appContent.unknownSku'],
      [{ buyLink: 'http://shop.example.com/a' }, 'buyLink:appContent.httpsOnly'],
      [{ buyLink: 'lumio://shop' }, 'buyLink:appContent.httpsOnly'],
      [{ nameEn: '' }, 'nameZh:appContent.nameRequired'],
      [
        { imageFileId: await upload('new-products', await bannerImage('home', 'W', '#000', '#fff')) },
        'imageFileId:appContent.imageSize',
      ],
    ]);
  });

  it('answers a model the accessories that fit it, naming the models', async () => {
    const [a, b] = models as [string, string];
    const image = await upload('accessories', await gradientPng([600, 600], 'B', '#000000', '#ffffff'));
    const made = await post(B, {
      name: 'test acc',
      sku,
      nameZh: '卡扣',
      nameEn: 'Clips',
      imageFileId: image,
      buyLink: 'https://shop.example.com/clips',
      models: [a],
      countries: ['BR'],
    });
    expect(made.statusCode, made.body).toBe(200);
    const rec = await publish(B, made.json().data);
    expect(await itemOf('accessory', `country=BR&model=${a}&lang=en`, rec.id)).toMatchObject({
      sku,
      name: 'Clips',
      buyLink: 'https://shop.example.com/clips',
      models: [a],
      image: { width: 600, height: 600 },
    });
    if (b && b !== a) expect(await itemOf('accessory', `country=BR&model=${b}`, rec.id)).toBeUndefined();
    await previewMatches(B, 'accessory', { country: 'BR', model: a });
  });

  it('refuses a user without the screen', async () => {
    expect((await t.call('GET', B, { token: t.as.outsider })).statusCode).toBe(403);
  });
});

describe('featured cards', () => {
  const B = `${P}/featured/main`;
  it('refuses a missing, archived or other-kind target, a card with no target, an http URL and no title', async () => {
    const image = await upload('featured', await gradientPng([1200, 800], 'F', '#000000', '#ffffff'));
    const banner = Number(
      (await t.rows<{ id: number }>(`SELECT id FROM app_content WHERE kind = 'banner' ORDER BY id LIMIT 1`))[0]?.id,
    );
    const valid = {
      name: 'card',
      titleEn: 'Card',
      imageFileId: image,
      targetType: 'content',
      targetKind: 'lightEffect',
      targetId: effects[0],
    };
    await refuses(B, 'featured', valid, [
      [{ targetId: 99999999 }, 'targetId:appContent.targetMissing'],
      [{ targetId: archivedEffect }, 'targetId:appContent.targetMissing'],
      [{ targetId: banner }, 'targetId:appContent.targetMissing'],
      [{ targetKind: 'faq' }, 'targetKind:invalidOption'],
      [{ targetKind: null }, 'targetKind:required'],
      [{ targetType: 'url', url: '' }, 'url:required'],
      [{ targetType: 'url', url: 'http://example.com' }, 'url:appContent.httpsOnly'],
      [{ titleEn: '' }, 'titleZh:appContent.titleRequired'],
    ]);
  });

  it('answers what a card opens: a record of a kind, or a URL; offers the records of a kind not archived', async () => {
    const image = await upload('featured', await gradientPng([1200, 800], 'G', '#000000', '#ffffff'));
    const toEffect = await post(B, {
      name: 'to effect',
      titleZh: '极光',
      titleEn: 'Aurora',
      subtitleEn: 'Try it',
      imageFileId: image,
      targetType: 'content',
      targetKind: 'lightEffect',
      targetId: effects[1],
      url: 'https://ignored.example.com',
      countries: ['BR'],
    });
    expect(toEffect.statusCode, toEffect.body).toBe(200);
    expect(toEffect.json().data).toMatchObject({ url: '', targetKind: 'lightEffect' });
    const a = await publish(B, toEffect.json().data);
    const toUrl = await post(B, {
      name: 'to url',
      titleEn: 'Blog',
      imageFileId: image,
      targetType: 'url',
      targetKind: 'lightEffect',
      targetId: effects[1],
      url: 'https://blog.example.com',
      countries: ['BR'],
    });
    const b = await publish(B, toUrl.json().data);
    expect(await itemOf('featured', 'country=BR&lang=zh', a.id)).toMatchObject({
      title: '极光',
      subtitle: 'Try it',
      target: { type: 'content', kind: 'lightEffect', id: effects[1] },
    });
    expect((await itemOf('featured', 'country=BR', b.id))?.target).toEqual({ type: 'url', url: 'https://blog.example.com' });
    await previewMatches(B, 'featured', { country: 'BR' });
    const targets = await t.call('GET', `${B}/targets`, { token: t.admin, query: { kind: 'lightEffect' } });
    const ids = (targets.json().data as { id: number }[]).map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining(effects));
    expect(ids).not.toContain(archivedEffect);
  });

  it('refuses a user without the screen', async () => {
    expect((await t.call('GET', `${B}/targets`, { token: t.as.outsider, query: { kind: 'lightEffect' } })).statusCode).toBe(403);
  });
});

describe('scene tabs', () => {
  const B = `${P}/scenes/main`;
  it('refuses a missing, archived or non-effect record, an effect twice, none or more than 50, and no name', async () => {
    const icon = await upload('scenes', await iconPng('S', '#123456'));
    const banner = Number(
      (await t.rows<{ id: number }>(`SELECT id FROM app_content WHERE kind = 'banner' ORDER BY id LIMIT 1`))[0]?.id,
    );
    const valid = { name: 'tab', nameEn: 'Relax', imageFileId: icon, effectIds: effects.slice(0, 2) };
    await refuses(B, 'sceneCategory', valid, [
      [{ effectIds: [effects[0], 99999999] }, 'effectIds:appContent.effectMissing'],
      [{ effectIds: [archivedEffect] }, 'effectIds:appContent.effectMissing'],
      [{ effectIds: [banner] }, 'effectIds:appContent.effectMissing'],
      [{ effectIds: [effects[0], effects[1], effects[0]] }, 'effectIds.2:listedTwice'],
      [{ effectIds: [] }, 'effectIds:tooFewItems'],
      [{ effectIds: Array.from({ length: 51 }, (_, i) => 1000 + i) }, 'effectIds:tooManyItems'],
      [{ nameEn: '' }, 'nameZh:appContent.nameRequired'],
    ]);
  });

  it('answers a tab with its icon and its effects in order', async () => {
    const icon = await upload('scenes', await iconPng('T', '#654321'));
    const order = [effects[2], effects[0], effects[1]] as number[];
    const made = await post(B, {
      name: 'test tab',
      nameZh: '放松',
      nameEn: 'Relax',
      imageFileId: icon,
      effectIds: order,
      countries: ['BR'],
    });
    expect(made.statusCode, made.body).toBe(200);
    const rec = await publish(B, made.json().data);
    expect(await itemOf('sceneCategory', 'country=BR&lang=en', rec.id)).toMatchObject({
      name: 'Relax',
      effectIds: order,
      icon: { url: `/api/app/v1/media/${icon}`, width: 256, height: 256 },
    });
    await previewMatches(B, 'sceneCategory', { country: 'BR', lang: 'en' });
    for (const url of [`${B}/effects`, `${P}/light-effect-square/effects`]) {
      const ids = ((await t.call('GET', url, { token: t.admin })).json().data as { id: number }[]).map((e) => e.id);
      expect(ids).toEqual(expect.arrayContaining(effects));
      expect(ids).not.toContain(archivedEffect);
    }
  });

  it('refuses a user without the screen', async () => {
    expect((await t.call('GET', B, { token: t.as.outsider })).statusCode).toBe(403);
  });
});

describe('DIY categories', () => {
  const B = `${P}/diy-categories/main`;
  it('refuses a key that is not a lower-case slug and a missing name', async () => {
    const icon = await upload('diy-categories', await iconPng('D', '#123456'));
    const valid = { name: 'diy', key: 'valid-key', nameEn: 'Valid', imageFileId: icon };
    await refuses(B, 'diyCategory', valid, [
      [{ key: 'Party' }, 'key:appContent.slug'],
      [{ key: 'two words' }, 'key:appContent.slug'],
      [{ key: '-party' }, 'key:appContent.slug'],
      [{ key: 'a' }, 'key:appContent.slug'],
      [{ key: '' }, 'key:required'],
      [{ nameEn: '' }, 'nameZh:appContent.nameRequired'],
    ]);
  });

  it('keeps a key unique among the categories not archived: on create, edit and publishing an archived one again (409)', async () => {
    const icon = await upload('diy-categories', await iconPng('U', '#123456'));
    const body = (key: string) => ({ name: `diy ${key}`, key, nameEn: key, imageFileId: icon, countries: ['BR'] });
    const first = await post(B, body('unique-one'));
    expect(first.statusCode, first.body).toBe(200);
    const before = await count('diyCategory');
    const again = await post(B, body('unique-one'));
    expect(again.statusCode).toBe(409);
    expect(fieldCodesOf(again)).toEqual(['key:appContent.keyTaken']);
    expect(await count('diyCategory')).toBe(before);
    // Its own key is no conflict on an edit; another's is.
    const own = await t.call('PUT', `${B}/${first.json().data.id}`, {
      token: t.admin,
      body: { ...body('unique-one'), nameZh: '一', version: first.json().data.version },
    });
    expect(own.statusCode, own.body).toBe(200);
    const second = (await post(B, body('unique-two'))).json().data;
    const clash = await t.call('PUT', `${B}/${second.id}`, {
      token: t.admin,
      body: { ...body('unique-one'), version: second.version },
    });
    expect(clash.statusCode).toBe(409);
    expect(fieldCodesOf(clash)).toEqual(['key:appContent.keyTaken']);
    // Archived, the key is free again; publishing the archived one back over the new one is refused.
    const one = await publish(B, own.json().data);
    const archived = (await post(`${B}/${one.id}/actions`, { action: 'archive', version: one.version })).json().data;
    const reuse = await post(B, body('unique-one'));
    expect(reuse.statusCode, reuse.body).toBe(200);
    const back = await post(`${B}/${archived.id}/actions`, { action: 'publish', version: archived.version });
    expect(back.statusCode).toBe(409);
    expect(fieldCodesOf(back)).toEqual(['key:appContent.keyTaken']);
    expect((await t.rows<{ state: string }>(`SELECT state FROM app_content WHERE id = $1`, [archived.id]))[0]?.state).toBe(
      'archived',
    );
  });

  it('answers a category with its key, name and icon', async () => {
    const icon = await upload('diy-categories', await iconPng('K', '#654321'));
    const made = await post(B, {
      name: 'test diy',
      key: 'cosy-home',
      nameZh: '温馨',
      nameEn: 'Cosy home',
      imageFileId: icon,
      countries: ['BR'],
    });
    const rec = await publish(B, made.json().data);
    expect(await itemOf('diyCategory', 'country=BR&lang=zh', rec.id)).toMatchObject({
      key: 'cosy-home',
      name: '温馨',
      nameEn: 'Cosy home',
      icon: { url: `/api/app/v1/media/${icon}` },
    });
    await previewMatches(B, 'diyCategory', { country: 'BR', lang: 'zh' });
  });

  it('refuses a user without the screen', async () => {
    expect((await t.call('POST', B, { token: t.as.outsider, body: { name: 'x' } })).statusCode).toBe(403);
  });
});

describe('the light-effect square', () => {
  const url = (slot: string) => `${P}/light-effect-square/${slot}`;
  it('refuses a missing, archived or non-effect record', async () => {
    const banner = Number(
      (await t.rows<{ id: number }>(`SELECT id FROM app_content WHERE kind = 'banner' ORDER BY id LIMIT 1`))[0]?.id,
    );
    await refuses(url('hot'), 'squarePick', { name: 'pick', effectId: effects[0], noteEn: 'n' }, [
      [{ effectId: 99999999 }, 'effectId:appContent.effectMissing'],
      [{ effectId: archivedEffect }, 'effectId:appContent.effectMissing'],
      [{ effectId: banner }, 'effectId:appContent.effectMissing'],
      [{ noteEn: 'x'.repeat(201) }, 'noteEn:tooLong'],
    ]);
  });

  it('answers each section its own picks, the note in the app language', async () => {
    const made = await post(url('staff'), {
      name: 'test pick',
      effectId: effects[3],
      noteZh: '推荐',
      noteEn: 'Pick',
      countries: ['BR'],
    });
    expect(made.statusCode, made.body).toBe(200);
    const rec = await publish(url('staff'), made.json().data);
    expect(await itemOf('squarePick', 'slot=staff&country=BR&lang=zh', rec.id)).toMatchObject({
      slot: 'staff',
      effectId: effects[3],
      note: '推荐',
    });
    expect(await itemOf('squarePick', 'slot=hot&country=BR', rec.id)).toBeUndefined();
    const preview = await post(`${url('staff')}/preview`, { country: 'BR' });
    const answer = await read('squarePick', 'slot=staff&country=BR');
    expect(preview.json().data.etag).toBe(answer.headers.etag);
    expect(preview.json().data.items).toEqual(answer.json().data.items);
  });

  it('refuses a user without the screen', async () => {
    expect((await t.call('GET', url('new'), { token: t.as.outsider })).statusCode).toBe(403);
  });
});

describe('life apps', () => {
  const B = `${P}/life-apps/main`;
  it('refuses no store link, http store links, an unsafe account link, no name and an unknown model', async () => {
    const icon = await upload('life-apps', await iconPng('L', '#123456'));
    const valid = {
      name: 'life',
      appName: 'Alexa',
      imageFileId: icon,
      iosUrl: 'https://apps.apple.com/a',
      accountLink: 'alexa://link',
    };
    await refuses(B, 'lifeApp', valid, [
      [{ iosUrl: '' }, 'iosUrl:appContent.storeRequired'],
      [{ iosUrl: 'http://apps.apple.com/a' }, 'iosUrl:appContent.httpsOnly'],
      [{ androidUrl: 'ftp://play.google.com/a' }, 'androidUrl:appContent.httpsOnly'],
      [{ accountLink: 'javascript://alert(1)' }, 'accountLink:appContent.link'],
      [{ accountLink: 'http://example.com' }, 'accountLink:appContent.link'],
      [{ appName: '' }, 'appName:required'],
      [{ models: ['NOPE1'] }, 'models:appContent.unknownModel'],
    ]);
  });

  it('answers an app with its links, icon and supported models', async () => {
    const icon = await upload('life-apps', await iconPng('H', '#654321'));
    const made = await post(B, {
      name: 'test life',
      appName: 'Home hub',
      descriptionZh: '中文',
      descriptionEn: 'English',
      imageFileId: icon,
      androidUrl: 'https://play.google.com/store/apps/details?id=x',
      accountLink: 'https://hub.example.com/link',
      models: models.slice(0, 1),
      countries: ['BR'],
    });
    expect(made.statusCode, made.body).toBe(200);
    const rec = await publish(B, made.json().data);
    expect(await itemOf('lifeApp', `country=BR&lang=en&model=${models[0]}`, rec.id)).toMatchObject({
      appName: 'Home hub',
      description: 'English',
      iosUrl: '',
      androidUrl: 'https://play.google.com/store/apps/details?id=x',
      accountLink: 'https://hub.example.com/link',
      models: models.slice(0, 1),
    });
    await previewMatches(B, 'lifeApp', { country: 'BR', model: models[0] as string });
  });

  it('refuses a user without the screen', async () => {
    expect((await t.call('GET', B, { token: t.as.outsider })).statusCode).toBe(403);
  });
});

describe('the demo', () => {
  it('seeds every kind', async () => {
    for (const kind of ['newProduct', 'accessory', 'featured', 'sceneCategory', 'diyCategory', 'squarePick', 'lifeApp'])
      expect(await count(kind), kind).toBeGreaterThanOrEqual(3);
  });
});
