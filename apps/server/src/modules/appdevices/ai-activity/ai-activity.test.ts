/**
 * AI activities (/user-platform/aiActivity): texts, suggestions (1–20, one language each, 200
 * characters), a 2:1 banner, both ends of the window and a model at least, each refusal coded and
 * nothing written; the app of a model gets the texts and suggestions in its language while the
 * activity runs, as the preview answers; 403 without the screen.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fieldCodesOf, rowCount, testAppPerFile } from '../../../../test/harness';
import { multipart } from '../../../../test/multipart';
import { gradientPng } from '../../appcontent/covers/cover-image';
import { AI_BANNER_SIZE } from './ai-activity.seed';

const t = testAppPerFile({ config: { APP_CONTENT_CACHE_MS: 0 }, admin: true, signIn: { manager: 'sales.manager' } });
const B = '/api/appcontent/rest/v1/ai-activities/main';
const count = () => rowCount(t, 'app_content', `kind = 'aiActivity'`);
const day = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

const upload = async (size: readonly [number, number]) => {
  const { payload, headers } = multipart({}, { name: 'ai.png', bytes: await gradientPng(size, 'ai', '#112233', '#445566') });
  return t.app.inject({
    method: 'POST',
    url: `${B}/image`,
    payload,
    headers: { ...headers, authorization: `Bearer ${t.admin}` },
  });
};

let image = 0;
let model = '';
beforeAll(async () => {
  const up = await upload(AI_BANNER_SIZE);
  expect(up.statusCode, up.body).toBe(200);
  image = up.json().data.id;
  model =
    (await t.rows<{ model: string }>(`SELECT upper(model) AS model FROM products ORDER BY id DESC LIMIT 1`))[0]?.model ?? '';
});

const body = (more: Record<string, unknown> = {}) => ({
  name: 'activity',
  titleZh: '描述房间',
  titleEn: 'Describe your room',
  rulesZh: '规则',
  rulesEn: 'Rules',
  prompts: [
    { zh: '日落', en: 'Sunset' },
    { zh: '', en: 'Aurora' },
  ],
  imageFileId: image,
  models: [model],
  windowStart: iso(Date.now() - day),
  windowEnd: iso(Date.now() + 7 * day),
  ...more,
});

describe('AI activities', () => {
  it('refuses a banner of another shape at upload', async () => {
    expect(fieldCodesOf(await upload([800, 800]))).toEqual(['file:appContent.imageSize']);
  });

  it('refuses every broken rule with its code, writing nothing', async () => {
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [{ titleZh: '', titleEn: '' }, 'titleZh:appContent.titleRequired'],
      [{ rulesEn: '' }, 'rulesEn:appDevices.textRequired'],
      [{ prompts: [] }, 'prompts:tooFewItems'],
      [{ prompts: Array.from({ length: 21 }, () => ({ en: 'x' })) }, 'prompts:tooManyItems'],
      [{ prompts: [{ zh: '', en: '' }] }, 'prompts.0.zh:appDevices.suggestionRequired'],
      [{ prompts: [{ en: 'x'.repeat(201) }] }, 'prompts.0.en:tooLong'],
      [{ windowEnd: null }, 'windowEnd:appContent.activityWindow'],
      [{ windowStart: null }, 'windowStart:appContent.activityWindow'],
      [{ models: [] }, 'models:appDevices.modelRequired'],
      [{ imageFileId: 99999999 }, 'imageFileId:appContent.imageMissing'],
    ];
    for (const [change, code] of cases) {
      const res = await t.call('POST', B, { token: t.admin, body: body(change) });
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldCodesOf(res)).toContain(code);
    }
    expect(await count()).toBe(before);
  });

  it('answers a running activity to the app of its model in its language, as the preview does', async () => {
    const rec = (await t.call('POST', B, { token: t.admin, body: body() })).json().data;
    const pub = await t.call('POST', `${B}/${rec.id}/actions`, {
      token: t.admin,
      body: { action: 'publish', version: rec.version },
    });
    expect(pub.statusCode, pub.body).toBe(200);
    const read = await t.app.inject({ method: 'GET', url: `/api/app/v1/content/aiActivity?model=${model}&lang=zh-CN` });
    const item = (read.json().data.items as { id: number }[]).find((i) => i.id === rec.id);
    expect(item).toMatchObject({
      title: '描述房间',
      suggestions: ['日落', 'Aurora'],
      image: { url: `/api/app/v1/media/${image}`, width: 1200, height: 600 },
    });
    const other = await t.app.inject({ method: 'GET', url: '/api/app/v1/content/aiActivity?model=NO-SUCH' });
    expect((other.json().data.items as { id: number }[]).map((i) => i.id)).not.toContain(rec.id);
    const preview = await t.call('POST', `${B}/preview`, { token: t.admin, body: { model, lang: 'zh-CN' } });
    expect(preview.json().data.items).toEqual(read.json().data.items);
    expect(preview.json().data.etag).toBe(read.headers.etag);
  });

  it('refuses a user without the screen’s permission', async () => {
    expect((await t.call('GET', B, { token: t.as.manager })).statusCode).toBe(403);
    expect((await t.call('POST', B, { token: t.as.manager, body: body() })).statusCode).toBe(403);
  });
});
