/**
 * Joint QR codes through the API and their public redirect: the generated short code, coded
 * 400s, the version, the redirect while active (a scan counted, a unique per address and day),
 * the "ended" and "not begun" pages in the browser's language, an unknown code, delete refused
 * once scanned, the scans per day and the audit history.
 */
import { describe, expect, it } from 'vitest';
import { fieldCodesOf, okDataOf, rowCount, testAppPerFile } from '../../../test/harness';

const API = '/api/appdata/rest/v1';
const t = testAppPerFile({ admin: true });
const day = 86_400_000;
const at = (d: number) => new Date(Date.now() + d * day).toISOString();
interface Qr {
  id: number;
  code: string;
  path: string;
  status: string;
  scans: number;
  uniques: number;
  version: number;
}
const body = (extra: Record<string, unknown> = {}) => ({
  partner: 'Partner',
  campaign: 'Spring',
  target: 'https://partner.example.com/spring?x=1',
  startsAt: at(-1),
  endsAt: at(10),
  ...extra,
});
const create = async (extra: Record<string, unknown> = {}) =>
  okDataOf<Qr>(await t.call('POST', `${API}/qr-codes`, { token: t.admin, body: body(extra) }));
const open = (code: string, ip = '203.0.113.7', lang = 'en-US,en;q=0.9') =>
  t.call('GET', `/q/${code}`, { ip, headers: { 'accept-language': lang } });

describe('joint QR codes', () => {
  it('generates a short code, refuses bad input with codes, keeps the version', async () => {
    const q = await create();
    expect(q.code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect(q).toMatchObject({ path: `/q/${q.code}`, status: 'active', scans: 0, version: 1 });
    const before = await rowCount(t, 'app_data_qr_codes');
    const bad = await t.call('POST', `${API}/qr-codes`, {
      token: t.admin,
      body: body({ partner: '', target: 'http://plain.example.com', endsAt: at(-2) }),
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldCodesOf(bad).sort()).toEqual(['endsAt:appData.qrWindow', 'partner:required', 'target:appData.qrTarget']);
    expect(await rowCount(t, 'app_data_qr_codes')).toBe(before);
    const deep = await create({ target: 'lumio://effects/42' });
    expect(deep.status).toBe('active');
    const edited = okDataOf<Qr>(
      await t.call('PUT', `${API}/qr-codes/${q.id}`, { token: t.admin, body: { ...body({ campaign: 'Summer' }), version: 1 } }),
    );
    expect(edited).toMatchObject({ code: q.code, version: 2 });
    const stale = await t.call('PUT', `${API}/qr-codes/${q.id}`, { token: t.admin, body: { ...body(), version: 1 } });
    expect(stale.statusCode).toBe(409);
  });

  it('redirects while active, counting scans and uniques per day; refuses deleting a scanned code', async () => {
    const q = await create();
    const first = await open(q.code);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('https://partner.example.com/spring?x=1');
    expect((await open(q.code.toLowerCase())).statusCode).toBe(302);
    expect((await open(q.code, '198.51.100.9')).statusCode).toBe(302);
    const [row] = await t.rows<{ scans: number; uniques: number }>(
      'SELECT scans, uniques FROM app_data_qr_scans WHERE qr_id = $1',
      [q.id],
    );
    expect(row).toEqual({ scans: 3, uniques: 2 });
    // No address is kept: only hashes.
    const hashes = await t.rows<{ hash: string }>('SELECT hash FROM app_data_qr_scanners WHERE qr_id = $1', [q.id]);
    expect(hashes.every((h) => /^[0-9a-f]{64}$/.test(h.hash))).toBe(true);
    const scans = okDataOf<{ days: { day: string; scans: number; uniques: number }[] }>(
      await t.call('GET', `${API}/qr-codes/${q.id}/scans`, { token: t.admin }),
    );
    expect(scans.days.at(-1)).toEqual({ day: new Date().toISOString().slice(0, 10), scans: 3, uniques: 2 });
    const del = await t.call('DELETE', `${API}/qr-codes/${q.id}`, { token: t.admin });
    expect(del.statusCode).toBe(409);
    expect(fieldCodesOf(del)).toEqual(['id:appData.qrScanned']);
    const unscanned = await create();
    expect((await t.call('DELETE', `${API}/qr-codes/${unscanned.id}`, { token: t.admin })).statusCode).toBe(200);
    const history = okDataOf<{ list: { action: string }[] }>(
      await t.call('GET', `/api/user/rest/v1/history/app_data_qr_code/${unscanned.id}`, { token: t.admin }),
    );
    expect(history.list.map((h) => h.action)).toEqual(['delete', 'create']);
  });

  it('answers a page in the browser language for an ended or future code, 404 for an unknown one, and counts nothing', async () => {
    const ended = await create({ startsAt: at(-10), endsAt: at(-1) });
    expect(ended.status).toBe('ended');
    const en = await open(ended.code);
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toMatch(/text\/html/);
    expect(en.body).toContain('This code has ended');
    expect(en.body).toContain('data-kind="ended"');
    const zh = await open(ended.code, '203.0.113.7', 'zh-CN,zh;q=0.9');
    expect(zh.body).toContain('此二维码的活动已结束');
    const soon = await create({ startsAt: at(2), endsAt: at(5) });
    expect(soon.status).toBe('upcoming');
    expect((await open(soon.code)).body).toContain('data-kind="upcoming"');
    const unknown = await open('ZZZZZZZZ');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('data-kind="unknown"');
    expect((await open('../../api')).statusCode).toBe(404);
    expect(await rowCount(t, 'app_data_qr_scans', 'qr_id = ANY($1)', [[ended.id, soon.id]])).toBe(0);
  });

  it('lists with filters; the demo has a running and an ended code with scans', async () => {
    const list = okDataOf<{ list: Qr[] }>(
      await t.call('GET', `${API}/qr-codes`, { token: t.admin, query: { keyword: 'MediaMarkt', status: 'ended' } }),
    );
    expect(list.list).toHaveLength(1);
    expect(list.list[0]?.scans).toBeGreaterThan(0);
    const running = okDataOf<{ list: Qr[] }>(
      await t.call('GET', `${API}/qr-codes`, { token: t.admin, query: { keyword: 'BestBuy', status: 'active' } }),
    );
    expect(running.list[0]?.scans).toBeGreaterThan(0);
  });
});
