/**
 * Related light effects (/user-platform/lightEffectRelated): the recommended effects are ordered,
 * never the effect itself, each once, and every named effect is a light effect that is not
 * archived; each refusal names its field and writes nothing. A published list is answered to the
 * app in the operator's order; the preview answers the same items and ETag as the read API.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fieldCodesOf, rowCount, testAppPerFile } from '../../../../test/harness';

const t = testAppPerFile({ config: { APP_CONTENT_CACHE_MS: 0 }, admin: true });
const B = '/api/appcontent/rest/v1/related-effects/main';
const lists = () => rowCount(t, 'app_content', `kind = 'relatedEffect'`);

let effects: number[] = [];
let archived = 0;
let banner = 0;
beforeAll(async () => {
  effects = (
    await t.rows<{ id: number }>(
      `SELECT id FROM app_content WHERE kind = 'lightEffect' AND state <> 'archived' ORDER BY id LIMIT 4`,
    )
  ).map((r) => Number(r.id));
  archived = Number(
    (
      await t.rows<{ id: number }>(
        `INSERT INTO app_content (kind, slot, name, payload, state) SELECT kind, slot, 'archived copy', payload, 'archived'
           FROM app_content WHERE id = $1 RETURNING id`,
        [effects[0]],
      )
    )[0]?.id,
  );
  banner = Number((await t.rows<{ id: number }>(`SELECT id FROM app_content WHERE kind = 'banner' ORDER BY id LIMIT 1`))[0]?.id);
});

describe('related light effects', () => {
  it('refuses itself, a duplicate, a missing, archived or non-effect record, and too many, writing nothing', async () => {
    const [a, b, c] = effects as [number, number, number];
    const before = await lists();
    const cases: [Record<string, unknown>, string][] = [
      [{ effectId: a, relatedIds: [b, a] }, 'relatedIds.1:appContent.relatedSelf'],
      [{ effectId: a, relatedIds: [b, c, b] }, 'relatedIds.2:listedTwice'],
      [{ effectId: a, relatedIds: [] }, 'relatedIds:tooFewItems'],
      [{ effectId: a, relatedIds: Array.from({ length: 13 }, (_, i) => 1000 + i) }, 'relatedIds:tooManyItems'],
      [{ effectId: a, relatedIds: [b, 99999999] }, 'relatedIds:appContent.effectMissing'],
      [{ effectId: a, relatedIds: [archived] }, 'relatedIds:appContent.effectMissing'],
      [{ effectId: a, relatedIds: [banner] }, 'relatedIds:appContent.effectMissing'],
      [{ effectId: archived, relatedIds: [b] }, 'effectId:appContent.effectMissing'],
    ];
    for (const [change, code] of cases) {
      const res = await t.call('POST', B, { token: t.admin, body: { name: 'related', ...change } });
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldCodesOf(res)).toContain(code);
    }
    expect(await lists()).toBe(before);
  });

  it('answers a published list in the operator’s order; the preview the same', async () => {
    const [a, b, c, d] = effects as [number, number, number, number];
    const made = await t.call('POST', B, {
      token: t.admin,
      body: { name: 'test related', effectId: d, relatedIds: [c, a, b], countries: ['BR'] },
    });
    expect(made.statusCode, made.body).toBe(200);
    const rec = made.json().data;
    await t.call('POST', `${B}/${rec.id}/actions`, { token: t.admin, body: { action: 'publish', version: rec.version } });
    const read = (q: string) => t.app.inject({ method: 'GET', url: `/api/app/v1/content/relatedEffect?${q}` });
    const items = (await read('country=BR')).json().data.items as { id: number; effectId: number; relatedIds: number[] }[];
    expect(items.find((i) => i.id === rec.id)).toMatchObject({ effectId: d, relatedIds: [c, a, b] });
    const preview = await t.call('POST', `${B}/preview`, { token: t.admin, body: { country: 'BR' } });
    const answer = await read('country=BR');
    expect(preview.json().data.etag).toBe(answer.headers.etag);
    expect(preview.json().data.items).toEqual(answer.json().data.items);
  });

  it('offers the effects that are not archived to choose from, and lists the seeded lists', async () => {
    const choices = await t.call('GET', `${B}/effects`, { token: t.admin });
    expect(choices.statusCode).toBe(200);
    const ids = (choices.json().data as { id: number }[]).map((e) => e.id);
    expect(ids).toEqual(expect.arrayContaining(effects));
    expect(ids).not.toContain(archived);
    const list = await t.call('GET', B, { token: t.admin });
    expect(list.json().data.total).toBeGreaterThanOrEqual(2);
  });
});
