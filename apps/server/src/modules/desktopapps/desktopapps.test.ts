/**
 * Desktop app products and releases through the API: coded 400s with nothing written, the
 * "above every release that went out" rule, 409s (stale, taken, refused moves, deleting what is
 * in use), 403 without the permission, the audited rollout, and the public update call (app-key
 * admission, rollout buckets, mandatory, beta, pause, rollback) agreeing with the preview.
 */
import { bucketOf } from '@bo/contract/desktopapps/rollout';
import { describe, expect, it } from 'vitest';
import { dataOf, fieldCodesOf, rowCount, testAppPerFile } from '../../../test/harness';
import { DEMO_APP_KEY } from '../appcontent/appcontent.seed';

const API = '/api/desktopapps/rest/v1';
const CHECK = '/api/app/v1/desktop/update';
const SHA = 'ab'.repeat(32);
const t = testAppPerFile({ admin: true });

const post = (path: string, body: unknown) => t.call('POST', `${API}/${path}`, { token: t.admin, body });
const put = (path: string, body: unknown) => t.call('PUT', `${API}/${path}`, { token: t.admin, body });
const count = (table: string) => rowCount(t, table);
const fieldsOf = (res: { json(): unknown }) => fieldCodesOf(res).sort();

interface Rel {
  id: number;
  rowVersion: number;
  state: string;
  percentage: number;
}

async function product(code: string, platforms = ['windows', 'macos']) {
  const res = await post('products', { code, nameEn: `${code} app`, platforms });
  expect(res.statusCode, res.body).toBe(200);
  return dataOf<{ id: number; version: number; code: string }>(res);
}
const body = (productId: number, version: string, extra: Record<string, unknown> = {}) => ({
  productId,
  version,
  platform: 'windows',
  downloadUrl: `https://downloads.example.com/${version}.exe`,
  sha256: SHA,
  notesEn: `Release ${version}`,
  ...extra,
});
async function release(productId: number, version: string, extra: Record<string, unknown> = {}) {
  const res = await post('releases', body(productId, version, extra));
  expect(res.statusCode, res.body).toBe(200);
  return dataOf<Rel>(res);
}
async function act(r: Rel, action: string, percentage?: number) {
  const res = await post(`releases/${r.id}/actions`, { action, rowVersion: r.rowVersion, percentage });
  expect(res.statusCode, res.body).toBe(200);
  return dataOf<Rel>(res);
}
const check = (q: Record<string, string>, headers: Record<string, string> = { 'x-app-key': DEMO_APP_KEY }) =>
  t.call('GET', CHECK, { query: { platform: 'windows', ...q }, headers });
const offered = async (q: Record<string, string>) => {
  const res = await check(q);
  expect(res.statusCode, res.body).toBe(200);
  return dataOf<{ update: { version: string; mandatory: boolean; rollback: boolean; url: string } | null }>(res).update;
};
/** Devices inside and outside a release's first `pct` percent. */
const devicesOf = (code: string, version: string, pct: number) => {
  const all = Array.from({ length: 400 }, (_, i) => `device-${i}`);
  return {
    inside: all.find((d) => bucketOf(code, version, d) < pct * 100) as string,
    outside: all.find((d) => bucketOf(code, version, d) >= pct * 100) as string,
  };
};

describe('products', () => {
  it('adds with a lower-cased unique code, refuses bad input with codes and writes nothing', async () => {
    const p = await product('T-Desk');
    expect(p).toMatchObject({ code: 't-desk', version: 1 });
    const before = await count('desktop_app_products');
    const taken = await post('products', { code: 't-desk', nameZh: '再来', platforms: ['macos'] });
    expect(taken.statusCode).toBe(409);
    expect(fieldsOf(taken)).toEqual(['code:desktop.productCodeTaken']);
    const bad = await post('products', { code: 'x', platforms: [] });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['code:desktop.productCode', 'nameZh:desktop.nameRequired', 'platforms:tooFewItems']);
    expect(await count('desktop_app_products')).toBe(before);
  });

  it('keeps the platforms its releases use, refuses a stale version, deletes only without releases', async () => {
    const p = await product('t-keep');
    await release(p.id, '1.0.0', { platform: 'macos' });
    const drop = await put(`products/${p.id}`, { code: 't-keep', nameEn: 'Keep', platforms: ['windows'], version: p.version });
    expect(drop.statusCode).toBe(400);
    expect(fieldsOf(drop)).toEqual(['platforms:desktop.platformInUse']);
    const ok = await put(`products/${p.id}`, {
      code: 't-keep',
      nameEn: 'Kept',
      platforms: ['macos', 'windows'],
      version: p.version,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const stale = await put(`products/${p.id}`, { code: 't-keep', nameEn: 'Again', platforms: ['macos'], version: p.version });
    expect(stale.statusCode).toBe(409);
    const del = await t.call('DELETE', `${API}/products/${p.id}`, { token: t.admin });
    expect(del.statusCode).toBe(409);
    expect(fieldsOf(del)).toEqual(['id:desktop.productHasReleases']);
    const empty = await product('t-empty');
    expect((await t.call('DELETE', `${API}/products/${empty.id}`, { token: t.admin })).statusCode).toBe(200);
    const history = await t.call('GET', `/api/user/rest/v1/history/desktop_app_product/${p.id}`, { token: t.admin });
    expect(history.statusCode).toBe(200);
    expect(dataOf<{ list: { action: string }[] }>(history).list.map((e) => e.action)).toEqual(['update', 'create']);
  });
});

describe('releases', () => {
  it('refuses bad input with codes, a platform the product lacks, a minimum above the version', async () => {
    const p = await product('t-codes', ['windows']);
    const before = await count('desktop_app_releases');
    const bad = await post('releases', { ...body(p.id, '1.0'), downloadUrl: 'http://x.example/a', sha256: 'zz', notesEn: '' });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual([
      'downloadUrl:desktop.httpsUrl',
      'notesZh:desktop.notesRequired',
      'sha256:desktop.sha256',
      'version:desktop.releaseVersion',
    ]);
    const mac = await post('releases', body(p.id, '1.0.0', { platform: 'macos' }));
    expect(fieldsOf(mac)).toEqual(['platform:desktop.platformNotOffered']);
    const min = await post('releases', body(p.id, '1.0.0', { minimumVersion: '1.2.0' }));
    expect(fieldsOf(min)).toEqual(['minimumVersion:desktop.minimumAbove']);
    const unknown = await post('releases', body(999_999, '1.0.0'));
    expect(fieldsOf(unknown)).toEqual(['productId:desktop.unknownProduct']);
    expect(await count('desktop_app_releases')).toBe(before);
  });

  it('must be above every release of its lane that went out; a version twice is a 409', async () => {
    const p = await product('t-order');
    const a = await act(await release(p.id, '2.0.0'), 'release');
    expect(a).toMatchObject({ state: 'released', percentage: 100 });
    const low = await post('releases', body(p.id, '1.9.9'));
    expect(low.statusCode).toBe(400);
    expect(fieldsOf(low)).toEqual(['version:desktop.versionNotAbove']);
    expect((await post('releases', body(p.id, '2.0.0'))).statusCode).toBe(409);
    // Another channel or platform is another lane; drafts do not count.
    await release(p.id, '1.0.0', { channel: 'beta' });
    await release(p.id, '1.0.0', { platform: 'macos' });
    const d1 = await release(p.id, '2.2.0');
    const d2 = await release(p.id, '2.1.0');
    await act(d1, 'rollout', 5);
    // 2.1.0 went below 2.2.0 while it waited: it cannot go out.
    const late = await post(`releases/${d2.id}/actions`, { action: 'release', rowVersion: d2.rowVersion });
    expect(late.statusCode).toBe(400);
    expect(fieldsOf(late)).toEqual(['version:desktop.versionNotAbove']);
  });

  it('moves by the machine: rollout % audited, pause, resume, release, rollback final; 409 refused and stale', async () => {
    const p = await product('t-moves');
    let r = await release(p.id, '1.0.0');
    const noPct = await post(`releases/${r.id}/actions`, { action: 'rollout', rowVersion: r.rowVersion });
    expect(fieldsOf(noPct)).toEqual(['percentage:required']);
    const paused = await post(`releases/${r.id}/actions`, { action: 'pause', rowVersion: r.rowVersion });
    expect(paused.statusCode).toBe(409);
    r = await act(r, 'rollout', 10);
    expect(r).toMatchObject({ state: 'rolling', percentage: 10 });
    const stale = await post(`releases/${r.id}/actions`, { action: 'rollout', percentage: 20, rowVersion: r.rowVersion - 1 });
    expect(stale.statusCode).toBe(409);
    r = await act(r, 'rollout', 20);
    r = await act(r, 'pause');
    expect(r).toMatchObject({ state: 'paused', percentage: 20 });
    r = await act(r, 'rollout', 30);
    r = await act(r, 'release');
    expect(r).toMatchObject({ state: 'released', percentage: 100 });
    // Once out: notes change, the download does not; a draft only is deleted.
    const frozen = await put(`releases/${r.id}`, {
      ...body(p.id, '1.0.0', { sha256: 'cd'.repeat(32) }),
      rowVersion: r.rowVersion,
    });
    expect(fieldsOf(frozen)).toEqual(['sha256:desktop.frozen']);
    const notes = await put(`releases/${r.id}`, { ...body(p.id, '1.0.0', { notesZh: '说明' }), rowVersion: r.rowVersion });
    expect(notes.statusCode, notes.body).toBe(200);
    r = dataOf<Rel>(notes);
    expect((await t.call('DELETE', `${API}/releases/${r.id}`, { token: t.admin })).statusCode).toBe(409);
    r = await act(r, 'rollBack');
    expect(r.state).toBe('rolledBack');
    const again = await post(`releases/${r.id}/actions`, { action: 'rollout', percentage: 10, rowVersion: r.rowVersion });
    expect(again.statusCode).toBe(409);
    const log = await t.rows<{ action: string; after: { percentage: number } }>(
      `SELECT action, after FROM audit_log WHERE entity = 'desktop_app_release' AND entity_id = $1 ORDER BY id`,
      [String(r.id)],
    );
    expect(log.map((l) => l.action)).toEqual([
      'create',
      'desktopRelease.rollout',
      'desktopRelease.rollout',
      'desktopRelease.pause',
      'desktopRelease.rollout',
      'desktopRelease.release',
      'update',
      'desktopRelease.rollBack',
    ]);
    expect(log.filter((l) => l.action === 'desktopRelease.rollout').map((l) => l.after.percentage)).toEqual([10, 20, 30]);
    const draft = await release(p.id, '1.1.0');
    expect((await t.call('DELETE', `${API}/releases/${draft.id}`, { token: t.admin })).statusCode).toBe(200);
  });

  it('refuses holders without the permission (403) and external accounts', async () => {
    const manager = await t.login('sales.manager');
    expect((await t.call('GET', `${API}/releases`, { token: manager })).statusCode).toBe(403);
    expect(
      (await t.call('POST', `${API}/products`, { token: manager, body: { code: 'nope', nameEn: 'x', platforms: ['windows'] } }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.call('POST', `${API}/releases/check`, {
          token: manager,
          body: { product: 'a', platform: 'windows', version: '1.0.0', device: 'd' },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('the update call', () => {
  it('admits a known app key or none, refuses an unknown key, and 400s a version it cannot read', async () => {
    await product('t-keys');
    expect((await check({ product: 't-keys', version: '1.0.0', device: 'd' })).statusCode).toBe(200);
    expect((await check({ product: 't-keys', version: '1.0.0', device: 'd' }, {})).statusCode).toBe(200);
    expect((await check({ product: 't-keys', version: '1.0.0', device: 'd' }, { 'x-app-key': 'made-up' })).statusCode).toBe(401);
    const bad = await check({ product: 't-keys', version: 'latest', device: 'd' });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['version:desktop.appVersion']);
    expect(await offered({ product: 'no-such-product', version: '1.0.0', device: 'd' })).toBeNull();
  });

  it('answers per device: a 10 % rollout to its buckets, raised to 20 % keeping them; mandatory; pause; rollback', async () => {
    const code = 't-roll';
    const p = await product(code);
    await act(await release(p.id, '1.0.0'), 'release');
    let r = await act(await release(p.id, '1.1.0', { minimumVersion: '1.0.0' }), 'rollout', 10);
    const { inside, outside } = devicesOf(code, '1.1.0', 10);
    expect((await offered({ product: code, version: '1.0.0', device: inside }))?.version).toBe('1.1.0');
    expect(await offered({ product: code, version: '1.0.0', device: outside })).toBeNull();
    // Below 1.0.0 it must update; outside the rollout it gets 1.0.0.
    expect(await offered({ product: code, version: '0.9.0', device: inside })).toMatchObject({
      version: '1.1.0',
      mandatory: true,
    });
    expect(await offered({ product: code, version: '0.9.0', device: outside })).toMatchObject({
      version: '1.0.0',
      mandatory: false,
    });

    // The preview answers what the call answers, and says why.
    const preview = await post('releases/check', { product: code, platform: 'windows', version: '1.0.0', device: outside });
    expect(dataOf<{ update: null; considered: { version: string; skipped: string | null }[] }>(preview)).toMatchObject({
      update: null,
      considered: [
        { version: '1.1.0', skipped: 'outsideRollout' },
        { version: '1.0.0', skipped: 'notNewer' },
      ],
    });

    r = await act(r, 'rollout', 20);
    expect((await offered({ product: code, version: '1.0.0', device: inside }))?.version).toBe('1.1.0');
    r = await act(r, 'pause');
    expect(await offered({ product: code, version: '1.0.0', device: inside })).toBeNull();
    r = await act(r, 'rollout', 20);
    r = await act(r, 'rollBack');
    expect(await offered({ product: code, version: '1.1.0', device: inside })).toMatchObject({
      version: '1.0.0',
      mandatory: true,
      rollback: true,
    });
    expect(await offered({ product: code, version: '1.0.0', device: inside })).toBeNull();
  });

  it('gives a beta device the beta and a stable device never; nothing for a disabled product', async () => {
    const code = 't-beta';
    const p = await product(code);
    await act(await release(p.id, '1.0.0'), 'release');
    await act(await release(p.id, '1.1.0', { channel: 'beta' }), 'release');
    expect((await offered({ product: code, version: '1.0.0', device: 'd', channel: 'beta' }))?.version).toBe('1.1.0');
    expect(await offered({ product: code, version: '1.0.0', device: 'd', channel: 'stable' })).toBeNull();
    await put(`products/${p.id}`, { code, nameEn: 'Off', platforms: ['windows', 'macos'], enabled: false, version: p.version });
    expect(await offered({ product: code, version: '1.0.0', device: 'd', channel: 'beta' })).toBeNull();
  });
});
