/**
 * The declared kinds beyond banners (FAQ, roadmap, app guides, buying guides): per kind, a bad payload is a 400 with field
 * codes and writes nothing; a valid one is created as a draft, published through the model's
 * machine, and the read API answers it to an app its targeting takes only, in the app's
 * language; the preview answers the same. The model's own rules (windows, states, versions)
 * are appcontent.test.ts's.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fieldCodesOf, rowCount, testAppPerFile } from '../../../test/harness';

const t = testAppPerFile({ config: { APP_CONTENT_CACHE_MS: 0 }, admin: true });
const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await t.database.pool.query(text, params)).rows as T[];
const count = (kind: string) => rowCount(t, 'app_content', 'kind = $1', [kind]);

interface Case {
  kind: string;
  segment: string;
  valid: Record<string, unknown>;
  bad: { body: Record<string, unknown>; codes: string[] }[];
  /** The field of the item that carries the text in the app's language, and its value in Chinese and English. */
  text: [string, string, string];
}

const CASES: Case[] = [
  {
    kind: 'faq',
    segment: 'faq',
    valid: {
      questionZh: '测试问题',
      questionEn: 'Test question',
      answerZh: '测试回答',
      answerEn: 'Test answer',
      category: 'app',
    },
    bad: [
      { body: { questionZh: '', questionEn: '', answerEn: 'A' }, codes: ['questionZh:appContent.questionRequired'] },
      { body: { questionEn: 'Q', answerEn: '' }, codes: ['answerEn:appContent.answerRequired'] },
      { body: { questionEn: 'Q', answerEn: 'A', category: 'shipping' }, codes: ['category:invalidOption'] },
    ],
    text: ['question', '测试问题', 'Test question'],
  },
  {
    kind: 'roadmap',
    segment: 'roadmap',
    valid: { titleZh: '测试路线', titleEn: 'Test item', descriptionEn: 'Soon', status: 'building', quarter: '2027-q2' },
    bad: [
      { body: { titleZh: '', titleEn: '', quarter: '2027-Q1' }, codes: ['titleZh:appContent.titleRequired'] },
      { body: { titleEn: 'T', quarter: '2027-Q5' }, codes: ['quarter:appContent.quarter'] },
      { body: { titleEn: 'T', quarter: '2027-Q1', status: 'done' }, codes: ['status:invalidOption'] },
    ],
    text: ['title', '测试路线', 'Test item'],
  },
  {
    kind: 'appGuide',
    segment: 'app-guide',
    valid: {
      titleZh: '测试指南',
      titleEn: 'Test guide',
      steps: [
        { textZh: '第一步', textEn: 'First' },
        { textZh: '', textEn: 'Second' },
      ],
      topic: 'scenes',
    },
    bad: [
      { body: { titleZh: '', titleEn: '', steps: [{ textEn: 'S' }] }, codes: ['titleZh:appContent.titleRequired'] },
      { body: { titleEn: 'T', steps: [] }, codes: ['steps:tooFewItems'] },
      { body: { titleEn: 'T', steps: Array.from({ length: 21 }, () => ({ textEn: 'S' })) }, codes: ['steps:tooManyItems'] },
      {
        body: { titleEn: 'T', steps: [{ textEn: 'S' }, { textZh: '', textEn: '' }] },
        codes: ['steps.1.textZh:appContent.stepRequired'],
      },
      { body: { titleEn: 'T', steps: [{ textEn: 'S' }], topic: 'shopping' }, codes: ['topic:invalidOption'] },
    ],
    text: ['title', '测试指南', 'Test guide'],
  },
  {
    kind: 'buyingGuide',
    segment: 'buying-guide',
    // Its SKUs: the catalogue's first two (beforeAll), one written in lower case.
    valid: { titleZh: '测试选购', titleEn: 'Test buying guide', bodyZh: '正文', bodyEn: 'Body' },
    bad: [
      { body: { titleZh: '', titleEn: '', skus: ['X'] }, codes: ['titleZh:appContent.titleRequired'] },
      { body: { titleEn: 'T', bodyEn: '', skus: ['X'] }, codes: ['bodyEn:appContent.bodyRequired'] },
      { body: { titleEn: 'T', bodyEn: 'B', skus: [] }, codes: ['skus:tooFewItems'] },
      { body: { titleEn: 'T', bodyEn: 'B', skus: Array.from({ length: 21 }, (_, i) => `S${i}`) }, codes: ['skus:tooManyItems'] },
      { body: { titleEn: 'T', bodyEn: 'B', skus: ['NO-SUCH-SKU-1'] }, codes: ['skus:appContent.unknownSku'] },
    ],
    text: ['title', '测试选购', 'Test buying guide'],
  },
];

/** The catalogue's first two SKUs, as it spells them. */
let catalogue: string[] = [];
beforeAll(async () => {
  catalogue = (await q<{ sku: string }>(`SELECT sku FROM skus ORDER BY id LIMIT 2`)).map((r) => r.sku);
  const bg = CASES.find((c) => c.kind === 'buyingGuide') as Case;
  bg.valid.skus = [catalogue[0]?.toLowerCase(), catalogue[1]];
});

describe('buying guides and the catalogue', () => {
  const B = '/api/appcontent/rest/v1/buying-guide/main';
  it('keeps the SKUs as the catalogue spells them, each once, and the app item carries them', async () => {
    expect(catalogue.length).toBe(2);
    const [a, b] = catalogue as [string, string];
    const made = await t.call('POST', B, {
      token: t.admin,
      body: { name: 'skus', titleEn: 'T', bodyEn: 'B', skus: [b, a.toLowerCase(), b] },
    });
    expect(made.statusCode, made.body).toBe(200);
    const rec = made.json().data;
    expect(rec.skus).toEqual([b, a]);
    await t.call('POST', `${B}/${rec.id}/actions`, { token: t.admin, body: { action: 'publish', version: rec.version } });
    const read = await t.app.inject({ method: 'GET', url: '/api/app/v1/content/buyingGuide?lang=en' });
    const item = (read.json().data.items as { id: number; skus: string[] }[]).find((i) => i.id === rec.id);
    expect(item?.skus).toEqual([b, a]);
  });

  it('names the unknown SKUs on the skus field and writes nothing', async () => {
    const before = await count('buyingGuide');
    const res = await t.call('POST', B, {
      token: t.admin,
      body: { name: 'bad skus', titleEn: 'T', bodyEn: 'B', skus: [catalogue[0], 'NO-SUCH-SKU-2'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields).toEqual([expect.objectContaining({ path: 'skus', code: 'appContent.unknownSku' })]);
    expect(JSON.stringify(res.json().data.fields[0].params)).toContain('NO-SUCH-SKU-2');
    expect(await count('buyingGuide')).toBe(before);
  });

  it('offers the catalogue’s SKUs to choose from, by keyword', async () => {
    const [a] = catalogue as [string];
    const res = await t.call('GET', `${B}/skus?keyword=${encodeURIComponent(a)}`, { token: t.admin });
    expect(res.statusCode).toBe(200);
    expect((res.json().data as { sku: string }[]).map((s) => s.sku)).toContain(a);
  });
});

describe.each(CASES)('the $kind kind', (c) => {
  const B = `/api/appcontent/rest/v1/${c.segment}/main`;
  const READ = `/api/app/v1/content/${c.kind}`;

  it('refuses a bad payload with field codes and writes nothing', async () => {
    const before = await count(c.kind);
    for (const bad of c.bad) {
      const res = await t.call('POST', B, { token: t.admin, body: { name: 'bad', ...bad.body } });
      expect(res.statusCode, res.body).toBe(400);
      for (const code of bad.codes) expect(fieldCodesOf(res)).toContain(code);
    }
    const noName = await t.call('POST', B, { token: t.admin, body: c.valid });
    expect(fieldCodesOf(noName)).toContain('name:required');
    expect(await count(c.kind)).toBe(before);
  });

  it('answers the published item to the apps its targeting takes only, in their language; the preview the same', async () => {
    const made = await t.call('POST', B, {
      token: t.admin,
      body: { name: `read ${c.kind}`, ...c.valid, countries: ['DE'], platforms: ['android'] },
    });
    expect(made.statusCode, made.body).toBe(200);
    const rec = made.json().data;
    expect(rec.state).toBe('draft');
    const ids = async (query: string) =>
      ((await t.app.inject({ method: 'GET', url: `${READ}?${query}` })).json().data.items as { id: number }[]).map((i) => i.id);
    expect(await ids('country=DE&platform=android')).not.toContain(rec.id);

    const pub = await t.call('POST', `${B}/${rec.id}/actions`, {
      token: t.admin,
      body: { action: 'publish', version: rec.version },
    });
    expect(pub.statusCode, pub.body).toBe(200);
    expect(await ids('country=DE&platform=android')).toContain(rec.id);
    expect(await ids('country=DE&platform=ios')).not.toContain(rec.id);
    expect(await ids('country=FR&platform=android')).not.toContain(rec.id);
    expect(await ids('platform=android')).not.toContain(rec.id);

    const [field, zh, en] = c.text;
    const item = async (lang: string) => {
      const res = await t.app.inject({ method: 'GET', url: `${READ}?slot=main&country=DE&platform=android&lang=${lang}` });
      return (res.json().data.items as Record<string, unknown>[]).find((i) => i.id === rec.id);
    };
    expect((await item('zh-CN'))?.[field]).toBe(zh);
    expect((await item('en-US'))?.[field]).toBe(en);

    const preview = await t.call('POST', `${B}/preview`, {
      token: t.admin,
      body: { country: 'DE', platform: 'android', lang: 'en' },
    });
    const read = await t.app.inject({ method: 'GET', url: `${READ}?slot=main&country=DE&platform=android&lang=en` });
    expect(preview.json().data.etag).toBe(read.headers.etag);
    expect(preview.json().data.items).toEqual(read.json().data.items);

    const archived = await t.call('POST', `${B}/${rec.id}/actions`, { token: t.admin, body: { action: 'archive', version: 2 } });
    expect(archived.statusCode).toBe(200);
    expect(await ids('country=DE&platform=android')).not.toContain(rec.id);
    expect((await t.call('DELETE', `${B}/${rec.id}`, { token: t.admin })).statusCode).toBe(200);
  });

  it('lists its seeded records, searching the payload, and refuses another kind’s id', async () => {
    const list = await t.call('GET', B, { token: t.admin });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.total).toBeGreaterThan(2);
    const [banner] = await q<{ id: number }>(`SELECT id FROM app_content WHERE kind = 'banner' ORDER BY id LIMIT 1`);
    const wrong = await t.call('DELETE', `${B}/${banner?.id}`, { token: t.admin });
    expect(wrong.statusCode).toBe(404);
  });
});
