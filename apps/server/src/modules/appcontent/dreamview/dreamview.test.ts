/**
 * DreamView scenes (/user-platform/lightEffectDreamViewScene): a scene is held to the light
 * effects' rules (a moving mode needs a speed of 1–100 and a still one has none; a blending mode
 * two colours; each segment names a colour) and must name a model of the catalogue; each refusal
 * names its field and writes nothing. A published scene reaches the apps of its models only, in
 * their language; the preview answers the same items and ETag as the read API.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fieldCodesOf, rowCount, testAppPerFile } from '../../../../test/harness';

const t = testAppPerFile({ config: { APP_CONTENT_CACHE_MS: 0 }, admin: true });
const B = '/api/appcontent/rest/v1/dreamview-scenes/main';
const scenes = () => rowCount(t, 'app_content', `kind = 'dreamViewScene'`);

let model = '';
beforeAll(async () => {
  model = String((await t.rows<{ model: string }>(`SELECT upper(model) AS model FROM products ORDER BY id LIMIT 1`))[0]?.model);
});

const valid = () => ({
  name: 'test scene',
  titleZh: '测试场景',
  titleEn: 'Test scene',
  category: 'game',
  mode: 'flow',
  colors: ['#ff0000', '#0000FF'],
  segments: [0, 1, 0, 1],
  speed: 70,
  brightness: 90,
  models: [model],
});

describe('DreamView scenes', () => {
  it('holds a scene to the light effects’ rules and a model, with field codes, writing nothing', async () => {
    const before = await scenes();
    const cases: [Record<string, unknown>, string][] = [
      [{ speed: null }, 'speed:appContent.speedRequired'],
      [{ speed: 101 }, 'speed:atMost'],
      [{ mode: 'static', speed: 10 }, 'speed:appContent.speedNotMoving'],
      [{ colors: ['#FF0000'], segments: [0] }, 'colors:appContent.twoColors'],
      [{ segments: [0, 1, 2] }, 'segments.2:appContent.segmentColor'],
      [{ colors: ['#FF0000', 'blue'] }, 'colors.1:appContent.color'],
      [{ titleZh: '', titleEn: '' }, 'titleZh:appContent.titleRequired'],
      [{ models: [] }, 'models:appDevices.modelRequired'],
    ];
    for (const [change, code] of cases) {
      const res = await t.call('POST', B, { token: t.admin, body: { ...valid(), ...change } });
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldCodesOf(res)).toContain(code);
    }
    const unknown = await t.call('POST', B, { token: t.admin, body: { ...valid(), models: ['NO-SUCH-MODEL'] } });
    expect(unknown.statusCode).toBe(400);
    expect(await scenes()).toBe(before);
  });

  it('answers a published scene to the apps of its models, in their language; the preview the same', async () => {
    const made = await t.call('POST', B, { token: t.admin, body: valid() });
    expect(made.statusCode, made.body).toBe(200);
    const rec = made.json().data;
    expect(rec.colors).toEqual(['#FF0000', '#0000FF']);
    const pub = await t.call('POST', `${B}/${rec.id}/actions`, {
      token: t.admin,
      body: { action: 'publish', version: rec.version },
    });
    expect(pub.statusCode, pub.body).toBe(200);

    const read = (q: string) => t.app.inject({ method: 'GET', url: `/api/app/v1/content/dreamViewScene?${q}` });
    const mine = async (q: string) =>
      ((await read(q)).json().data.items as Record<string, unknown>[]).find((i) => i.id === rec.id);
    expect(await mine(`model=${model}&lang=zh-CN`)).toMatchObject({
      title: '测试场景',
      mode: 'flow',
      speed: 70,
      segments: [0, 1, 0, 1],
    });
    expect((await mine(`model=${model}&lang=en`))?.title).toBe('Test scene');
    expect(await mine('lang=en')).toBeUndefined();

    const preview = await t.call('POST', `${B}/preview`, { token: t.admin, body: { model, lang: 'en' } });
    const answer = await read(`model=${model}&lang=en`);
    expect(preview.json().data.etag).toBe(answer.headers.etag);
    expect(preview.json().data.items).toEqual(answer.json().data.items);
  });

  it('lists the seeded scenes', async () => {
    const list = await t.call('GET', B, { token: t.admin });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.total).toBeGreaterThanOrEqual(3);
  });
});
