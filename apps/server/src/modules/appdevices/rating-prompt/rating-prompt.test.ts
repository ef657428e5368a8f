/**
 * Rating prompts (/user-platform/assessSetting): every bound of the rule and the texts' rules
 * refused with its code, nothing written; the app of a platform gets its platform's rule apart
 * and the texts in its language, as the preview answers; 403 without the screen.
 */
import { describe, expect, it } from 'vitest';
import { fieldCodesOf, rowCount, testAppPerFile } from '../../../../test/harness';

const t = testAppPerFile({ config: { APP_CONTENT_CACHE_MS: 0 }, admin: true, signIn: { manager: 'sales.manager' } });
const B = '/api/appcontent/rest/v1/rating-prompts/main';
const count = () => rowCount(t, 'app_content', `kind = 'ratingPrompt'`);
const body = (more: Record<string, unknown> = {}) => ({
  name: 'prompt',
  daysSinceInstall: 3,
  successfulConnections: 2,
  minDaysBetween: 30,
  maxPerYear: 3,
  titleZh: '喜欢吗？',
  titleEn: 'Like it?',
  textZh: '评个分吧',
  textEn: 'Rate us',
  ...more,
});

describe('rating prompts', () => {
  it('refuses every bound and text rule with its code, writing nothing', async () => {
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [{ daysSinceInstall: -1 }, 'daysSinceInstall:notNegative'],
      [{ daysSinceInstall: 366 }, 'daysSinceInstall:atMost'],
      [{ successfulConnections: -1 }, 'successfulConnections:notNegative'],
      [{ successfulConnections: 1001 }, 'successfulConnections:atMost'],
      [{ minDaysBetween: 0 }, 'minDaysBetween:atLeast'],
      [{ minDaysBetween: 366 }, 'minDaysBetween:atMost'],
      [{ maxPerYear: 0 }, 'maxPerYear:atLeast'],
      [{ maxPerYear: 13 }, 'maxPerYear:atMost'],
      [{ titleZh: '', titleEn: '' }, 'titleZh:appContent.titleRequired'],
      [{ textEn: '' }, 'textEn:appDevices.textRequired'],
      [{ textZh: '' }, 'textZh:appDevices.textRequired'],
      [{ textEn: 'x'.repeat(301) }, 'textEn:tooLong'],
      [{ platforms: ['windows'] }, 'platforms.0:invalidOption'],
    ];
    for (const [change, code] of cases) {
      const res = await t.call('POST', B, { token: t.admin, body: body(change) });
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldCodesOf(res)).toContain(code);
    }
    expect(await count()).toBe(before);
  });

  it('gives each platform its rule apart and the texts in the app’s language, as the preview does', async () => {
    const rec = (
      await t.call('POST', B, {
        token: t.admin,
        body: body({ name: 'android', platforms: ['android'], priority: 900, titleZh: '', textZh: '', maxPerYear: 6 }),
      })
    ).json().data;
    await t.call('POST', `${B}/${rec.id}/actions`, { token: t.admin, body: { action: 'publish', version: rec.version } });
    const read = await t.app.inject({ method: 'GET', url: '/api/app/v1/content/ratingPrompt?platform=android&lang=zh-CN' });
    const items = read.json().data.items as { id: number; rule: object; title: string }[];
    expect(items[0]).toMatchObject({
      id: rec.id,
      title: 'Like it?',
      rule: { daysSinceInstall: 3, successfulConnections: 2, minDaysBetween: 30, maxPerYear: 6 },
    });
    const ios = await t.app.inject({ method: 'GET', url: '/api/app/v1/content/ratingPrompt?platform=ios' });
    expect((ios.json().data.items as { id: number }[]).map((i) => i.id)).not.toContain(rec.id);
    const preview = await t.call('POST', `${B}/preview`, { token: t.admin, body: { platform: 'android', lang: 'zh-CN' } });
    expect(preview.json().data.items).toEqual(read.json().data.items);
    expect(preview.json().data.etag).toBe(read.headers.etag);
  });

  it('refuses a user without the screen’s permission', async () => {
    expect((await t.call('GET', B, { token: t.as.manager })).statusCode).toBe(403);
    expect((await t.call('POST', B, { token: t.as.manager, body: body() })).statusCode).toBe(403);
  });
});
