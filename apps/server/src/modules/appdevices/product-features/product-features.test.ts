/**
 * The app's product settings (/user-platform/productSetting): limits in range, one model at
 * least, and a model set by one record that is not archived (a 400 on `models` naming the record
 * that sets it, on create, on edit and when an archived record is published again); each refusal
 * writes nothing. The app gets the flags, the features that are on and the limits for its model;
 * the preview answers the same items and ETag. Without the screen's permission: 403.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fieldCodesOf, rowCount, testAppPerFile } from '../../../../test/harness';

const t = testAppPerFile({ config: { APP_CONTENT_CACHE_MS: 0 }, admin: true, signIn: { manager: 'sales.manager' } });
const B = '/api/appcontent/rest/v1/product-features/main';
const count = () => rowCount(t, 'app_content', `kind = 'productFeatures'`);

/** Catalogue models no demo record sets (the last ones). */
let free: string[] = [];
beforeAll(async () => {
  free = (
    await t.rows<{ model: string }>(
      `SELECT upper(p.model) AS model FROM products p WHERE NOT EXISTS (
         SELECT 1 FROM app_content c WHERE c.kind = 'productFeatures' AND upper(p.model) = ANY (c.models))
       ORDER BY p.id DESC LIMIT 3`,
    )
  ).map((r) => r.model);
});

const body = (more: Record<string, unknown> = {}) => ({
  name: 'features',
  features: { musicMode: true, scenes: true, segmentControl: true },
  maxSegments: 12,
  maxScenes: 40,
  models: [free[0]],
  ...more,
});
const act = (rec: { id: number; version: number }, action: string) =>
  t.call('POST', `${B}/${rec.id}/actions`, { token: t.admin, body: { action, version: rec.version } });

describe('product settings', () => {
  it('refuses limits out of range, no model, an unknown model or feature, writing nothing', async () => {
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [{ models: [] }, 'models:appDevices.modelRequired'],
      [{ models: ['NO-SUCH-MODEL'] }, 'models:appContent.unknownModel'],
      [{ maxSegments: 0 }, 'maxSegments:atLeast'],
      [{ maxSegments: 256 }, 'maxSegments:atMost'],
      [{ maxSegments: 2.5 }, 'maxSegments:notANumber'],
      [{ maxScenes: 0 }, 'maxScenes:atLeast'],
      [{ maxScenes: 101 }, 'maxScenes:atMost'],
      [{ features: { teleport: true } }, 'features:unknownKeys'],
      [{ features: { timer: 'yes' } }, 'features.timer:invalidType'],
    ];
    for (const [change, code] of cases) {
      const res = await t.call('POST', B, { token: t.admin, body: body(change) });
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldCodesOf(res)).toContain(code);
    }
    expect(await count()).toBe(before);
  });

  it('sets a model from one live record: a second is refused naming the first, until the first is archived', async () => {
    const [m1, m2] = free as [string, string];
    const first = (await t.call('POST', B, { token: t.admin, body: body({ name: 'first', models: [m1] }) })).json().data;
    const before = await count();
    const twice = await t.call('POST', B, { token: t.admin, body: body({ name: 'second', models: [m2, m1.toLowerCase()] }) });
    expect(twice.statusCode, twice.body).toBe(400);
    const field = twice.json().data.fields[0];
    expect(field).toMatchObject({
      path: 'models',
      code: 'appDevices.modelTaken',
      params: { models: m1, id: first.id, name: 'first' },
    });
    expect(await count()).toBe(before);

    // Another model is fine; editing it onto the first's model is refused too.
    const second = (await t.call('POST', B, { token: t.admin, body: body({ name: 'second', models: [m2] }) })).json().data;
    const onto = await t.call('PUT', `${B}/${second.id}`, {
      token: t.admin,
      body: { ...body({ name: 'second', models: [m1, m2] }), version: second.version },
    });
    expect(fieldCodesOf(onto)).toEqual(['models:appDevices.modelTaken']);
    // A record keeps its own models on an edit.
    const kept = await t.call('PUT', `${B}/${first.id}`, {
      token: t.admin,
      body: { ...body({ name: 'first', models: [m1], maxScenes: 50 }), version: first.version },
    });
    expect(kept.statusCode, kept.body).toBe(200);

    // Archived, the first holds nothing: a new record may take m1; then the first cannot come back.
    const published = (await act(kept.json().data, 'publish')).json().data;
    const archived = (await act(published, 'archive')).json().data;
    const third = await t.call('POST', B, { token: t.admin, body: body({ name: 'third', models: [m1] }) });
    expect(third.statusCode, third.body).toBe(200);
    const back = await act(archived, 'publish');
    expect(back.statusCode).toBe(400);
    expect(fieldCodesOf(back)).toEqual(['models:appDevices.modelTaken']);
    expect((await t.rows<{ state: string }>(`SELECT state FROM app_content WHERE id = $1`, [first.id]))[0]?.state).toBe(
      'archived',
    );
  });

  it('answers the model’s features to the app as the preview does', async () => {
    const m3 = free[2] as string;
    const rec = (
      await t.call('POST', B, {
        token: t.admin,
        body: body({ name: 'read', models: [m3], features: { dreamView: true, timer: true } }),
      })
    ).json().data;
    expect((await act(rec, 'publish')).statusCode).toBe(200);
    const read = await t.app.inject({ method: 'GET', url: `/api/app/v1/content/productFeatures?model=${m3.toLowerCase()}` });
    const items = read.json().data.items as {
      id: number;
      enabled: string[];
      features: Record<string, boolean>;
      maxSegments: number;
    }[];
    const item = items.find((i) => i.id === rec.id);
    expect(item?.enabled).toEqual(['dreamView', 'timer']);
    expect(item?.features.musicMode).toBe(false);
    expect(item?.maxSegments).toBe(12);
    const preview = await t.call('POST', `${B}/preview`, { token: t.admin, body: { model: m3 } });
    expect(preview.json().data.items).toEqual(read.json().data.items);
    expect(preview.json().data.etag).toBe(read.headers.etag);
  });

  it('refuses a user without the screen’s permission', async () => {
    expect((await t.call('GET', B, { token: t.as.manager })).statusCode).toBe(403);
    expect((await t.call('POST', B, { token: t.as.manager, body: body() })).statusCode).toBe(403);
  });
});
