import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../test/harness';
import { SLOW_EXPORT, slowExportArea } from '../../../test/slow-export';

const t = testAppPerFile({ extraAreas: [slowExportArea] });
let admin: string;
let tester: string;
let testerId: number;
let testerRole: number;

const PRODUCTS = 'GET product/rest/v1/products/excel';
const JOBS = '/api/files/exports/jobs';

async function makeTester(): Promise<void> {
  const [pm] = await t.rows<{ password_hash: string }>(`SELECT password_hash FROM users WHERE login_name = 'pm'`);
  const [u] = await t.rows<{ id: number }>(
    `INSERT INTO users (account_id, login_name, user_name, password_hash, user_type) VALUES (1, 'bg.tester', 'bg.tester', $1, 1) RETURNING id`,
    [pm?.password_hash],
  );
  testerId = Number(u?.id);
  const [r] = await t.rows<{ id: number }>(`INSERT INTO roles (account_id, name) VALUES (1, 'bg tester') RETURNING id`);
  testerRole = Number(r?.id);
  await t.rows(`INSERT INTO user_roles VALUES ($1, $2)`, [testerId, testerRole]);
  await t.rows(
    `INSERT INTO role_permissions SELECT $1, id FROM permission_items
      WHERE active AND auth_pattern IN ('tools:download', 'product:manage', 'product:manage:export')`,
    [testerRole],
  );
}

const queue = (token: string, body: unknown) => t.call('POST', JOBS, { token, body });
const job = async (token: string, id: number) => {
  const res = await t.call('GET', `${JOBS}/${id}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    state: string;
    rowsDone: number;
    rowsEstimated: number | null;
    storedExportId: number | null;
    errorCode: string | null;
    error: string | null;
  };
};
const drain = () => t.app.jobs.drain();

beforeAll(async () => {
  await makeTester();
  [admin, tester] = await Promise.all([t.login('admin'), t.login('bg.tester')]);
});

describe('background exports', () => {
  it('queues an export, runs it into the download centre with its row count, and tells the user', async () => {
    const res = await queue(tester, { endpoint: PRODUCTS, query: { keyword: 'a' } });
    expect(res.statusCode, res.body).toBe(200);
    const queued = res.json().data;
    expect(queued).toMatchObject({ state: 'queued', rowsDone: 0, endpoint: PRODUCTS });
    await drain();
    const done = await job(tester, queued.id);
    expect(done.state).toBe('done');
    expect(done.rowsEstimated).toBe(done.rowsDone);
    expect(done.storedExportId).not.toBeNull();
    const list = (await t.call('GET', '/api/files/exports', { token: tester })).json().data.list;
    expect(list[0]).toMatchObject({ id: done.storedExportId, rows: done.rowsDone, filters: { keyword: 'a' } });
    const file = await t.call('GET', `/api/files/exports/${done.storedExportId}`, { token: tester });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
    const [n] = await t.rows<{ kind: string; link: string }>(`SELECT kind, link FROM notifications WHERE user_id = $1`, [
      testerId,
    ]);
    expect(n).toMatchObject({ kind: 'export.done', link: '/assets/download' });
    // The caller's list shows it; another user cannot see it.
    expect((await t.call('GET', JOBS, { token: tester })).json().data[0]).toMatchObject({ id: queued.id, state: 'done' });
    expect((await t.call('GET', `${JOBS}/${queued.id}`, { token: admin })).statusCode).toBe(404);
  });

  it('refuses what is not exportable, a permission the caller lacks, and bad filters, queueing nothing', async () => {
    const before = await t.rows<{ n: number }>(`SELECT count(*)::int AS n FROM export_jobs`);
    const notExportable = await queue(tester, { endpoint: 'GET product/rest/v1/costs/template', query: {} });
    expect(notExportable.statusCode).toBe(400);
    expect(notExportable.json().data.fields[0].code).toBe('exports.notExportable');
    const noPermission = await queue(tester, {
      endpoint: 'GET sales/rest/v1/sales_profit/{dimension}/excel',
      params: { dimension: 'shop' },
    });
    expect(noPermission.statusCode).toBe(403);
    expect(noPermission.json().data.fields[0]).toMatchObject({ code: 'exports.permissionGone' });
    const badQuery = await queue(tester, { endpoint: SLOW_EXPORT, query: { rows: 'many' } });
    expect(badQuery.statusCode).toBe(400);
    const badParams = await queue(admin, {
      endpoint: 'GET sales/rest/v1/sales_profit/{dimension}/excel',
      params: { dimension: 'galaxy' },
    });
    expect(badParams.statusCode).toBe(400);
    // A shop outside the caller's scope (an external shop id that does not exist for it).
    const shop = await queue(tester, { endpoint: SLOW_EXPORT, query: { shopId: 999_999 } });
    expect([403]).toContain(shop.statusCode);
    expect(shop.json().data.fields[0].code).toBe('exports.shopGone');
    expect(await t.rows<{ n: number }>(`SELECT count(*)::int AS n FROM export_jobs`)).toEqual(before);
  });

  it('reports progress while it runs, and a cancel stops it without keeping a file', async () => {
    const id = (await queue(tester, { endpoint: SLOW_EXPORT, query: { rows: 200, pauseMs: 15 } })).json().data.id;
    const run = drain();
    let seen = await job(tester, id);
    for (let i = 0; i < 200 && !(seen.state === 'running' && seen.rowsDone > 0); i++) {
      await new Promise((r) => setTimeout(r, 50));
      seen = await job(tester, id);
    }
    expect(seen).toMatchObject({ state: 'running', rowsEstimated: 200 });
    expect(seen.rowsDone).toBeGreaterThan(0);
    expect(seen.rowsDone).toBeLessThan(200);
    const cancel = await t.call('POST', `${JOBS}/${id}/cancel`, { token: tester });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await run;
    const end = await job(tester, id);
    expect(end.state).toBe('cancelled');
    expect(end.storedExportId).toBeNull();
    // Cancelling again names the state.
    const again = await t.call('POST', `${JOBS}/${id}/cancel`, { token: tester, headers: { 'accept-language': 'en-US' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toMatch(/is cancelled/);
  });

  it('a queued export cancelled never runs', async () => {
    const id = (await queue(tester, { endpoint: SLOW_EXPORT, query: { rows: 3 } })).json().data.id;
    expect((await t.call('POST', `${JOBS}/${id}/cancel`, { token: tester })).statusCode).toBe(200);
    await drain();
    expect((await job(tester, id)).state).toBe('cancelled');
    const [j] = await t.rows<{ state: string }>(
      `SELECT j.state FROM jobs j JOIN export_jobs e ON e.job_id = j.id WHERE e.id = $1`,
      [id],
    );
    expect(j?.state).toBe('cancelled');
  });

  it('bounds the queue per user, and runs one export per user at a time', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await queue(tester, { endpoint: SLOW_EXPORT, query: { rows: 2 } });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().data.id);
    }
    const full = await queue(tester, { endpoint: SLOW_EXPORT, query: { rows: 2 } });
    expect(full.statusCode).toBe(409);
    expect(full.json().data.fields[0]).toMatchObject({ code: 'exports.queueFull' });
    // Another user's queue is their own.
    expect((await queue(admin, { endpoint: SLOW_EXPORT, query: { rows: 1 } })).statusCode).toBe(200);

    // While one of the user's exports runs, the next waits (queued again a moment later).
    await t.rows(`UPDATE export_jobs SET state = 'running' WHERE id = $1`, [ids[0]]);
    await t.app.jobs.drain(10);
    expect((await job(tester, ids[1] as number)).state).toBe('queued');
    expect((await job(tester, ids[2] as number)).state).toBe('queued');
    await t.rows(`UPDATE export_jobs SET state = 'done' WHERE id = $1`, [ids[0]]);
    await t.rows(`UPDATE jobs SET run_at = now() WHERE kind = 'files.export-job' AND state = 'queued'`);
    await drain();
    await t.rows(`UPDATE jobs SET run_at = now() WHERE kind = 'files.export-job' AND state = 'queued'`);
    await drain();
    expect((await job(tester, ids[1] as number)).state).toBe('done');
    expect((await job(tester, ids[2] as number)).state).toBe('done');
  });

  it('checks the permission again when it runs: removed in between, the export fails and keeps nothing', async () => {
    const id = (await queue(tester, { endpoint: PRODUCTS, query: {} })).json().data.id;
    await t.rows(
      `DELETE FROM role_permissions WHERE role_id = $1
          AND permission_id IN (SELECT id FROM permission_items WHERE auth_pattern = 'product:manage:export')`,
      [testerRole],
    );
    const stored = await t.rows<{ n: number }>(`SELECT count(*)::int AS n FROM stored_exports WHERE user_id = $1`, [testerId]);
    await drain();
    const end = await job(tester, id);
    expect(end).toMatchObject({ state: 'failed', errorCode: 'exports.permissionGone', storedExportId: null });
    expect(await t.rows<{ n: number }>(`SELECT count(*)::int AS n FROM stored_exports WHERE user_id = $1`, [testerId])).toEqual(
      stored,
    );
    await t.rows(
      `INSERT INTO role_permissions SELECT $1, id FROM permission_items WHERE auth_pattern = 'product:manage:export'`,
      [testerRole],
    );
  });

  it('lists the exportable endpoints the caller holds', async () => {
    const mine = (await t.call('GET', '/api/files/exports/exportables', { token: tester })).json().data as { endpoint: string }[];
    expect(mine.map((e) => e.endpoint)).toContain(PRODUCTS);
    expect(mine.map((e) => e.endpoint)).not.toContain('GET sales/rest/v1/sales_profit/{dimension}/excel');
    const all = (await t.call('GET', '/api/files/exports/exportables', { token: admin })).json().data as {
      endpoint: string;
      params: { name: string; values: string[] }[];
    }[];
    expect(all.find((e) => e.endpoint === 'GET sales/rest/v1/sales_profit/{dimension}/excel')?.params[0]).toMatchObject({
      name: 'dimension',
      values: ['sku', 'shop', 'product_line', 'sale_director'],
    });
  });
});
