/**
 * /backMgr/backendAdmin (backmgr/rest/v1/jobs): only the back-office user; the list's filters,
 * sort and paging; a job's log as the worker writes it (queued, started, retrying, failed);
 * retry and cancel move only the states JOB_MACHINE allows, answer 409 naming the state
 * otherwise, log who did it and are audited.
 */
import { describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../../test/harness';
import { enqueue, JobWorker } from '../../../platform/jobs/jobs';

const API = '/api/backmgr/rest/v1/jobs';
const t = testAppPerFile({ admin: true });

/** A worker of its own, with kinds the app does not run, that fails `bo.test.fail` every time. */
function worker() {
  return new JobWorker(t.database.db, t.app.log, { backoffMs: 1, maxBackoffMs: 1, workerId: 'test-worker' })
    .register('bo.test.ok', async () => undefined)
    .register('bo.test.fail', async () => {
      throw new Error('the remote answered 502');
    });
}

describe('the back-office job screen', () => {
  it('refuses everyone but the back-office user with a coded 403 in their language, whatever they hold', async () => {
    expect((await t.call('GET', API)).statusCode).toBe(401);
    const manager = await t.login('sales.manager');
    const res = await t.call('GET', API, { token: manager, headers: { 'accept-language': 'zh-CN' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(40304);
    expect(res.json().msg).toMatch(/后台管理/);
    const en = await t.call('GET', API, { token: manager });
    expect(en.json().msg).toMatch(/reserved to the back-office user/);
    // A user named otherwise that holds backMgr:manage too.
    await t.rows(`INSERT INTO role_permissions SELECT r.id, p.id FROM roles r, permission_items p
              WHERE r.id IN (SELECT role_id FROM user_roles ur JOIN users u ON u.id = ur.user_id WHERE u.login_name = 'sales.manager')
                AND p.auth_pattern = 'backMgr:manage' ON CONFLICT DO NOTHING`);
    expect((await t.call('GET', API, { token: await t.login('sales.manager') })).statusCode).toBe(403);
    expect((await t.call('GET', API, { token: t.admin })).statusCode).toBe(200);
  });

  it('logs what the worker does, lists with filters, and shows a job with its log', async () => {
    const ok = (await enqueue(t.database.db, 'bo.test.ok', { n: 1 })) as number;
    const bad = (await enqueue(t.database.db, 'bo.test.fail', { n: 2 }, { maxAttempts: 2 })) as number;
    const w = worker();
    await w.drain();
    await new Promise((r) => setTimeout(r, 20));
    await w.drain();

    const failed = await t.call('GET', API, { token: t.admin, query: { state: 'failed', kind: 'bo.test.fail' } });
    expect(failed.statusCode, failed.body).toBe(200);
    const page = failed.json().data;
    expect(page.list.map((j: { id: number }) => j.id)).toEqual([bad]);
    expect(page.list[0]).toMatchObject({ attempts: 2, maxAttempts: 2, lastError: 'the remote answered 502' });
    const byError = (await t.call('GET', API, { token: t.admin, query: { error: 'remote answered' } })).json().data;
    expect(byError.list.map((j: { id: number }) => j.id)).toContain(bad);
    expect(byError.list.map((j: { id: number }) => j.id)).not.toContain(ok);
    const sorted = (
      await t.call('GET', API, { token: t.admin, query: { sortField: 'createdAt', sortOrder: 'asc', pageSize: '1' } })
    ).json().data;
    expect(sorted.list).toHaveLength(1);
    expect(sorted.total).toBeGreaterThanOrEqual(2);

    const detail = (await t.call('GET', `${API}/${bad}`, { token: t.admin })).json().data;
    expect(detail.payload).toEqual({ n: 2 });
    expect(detail.events.map((e: { event: string }) => e.event)).toEqual(['queued', 'started', 'retrying', 'started', 'failed']);
    expect(detail.events[4]).toMatchObject({ attempt: 2, message: 'the remote answered 502', by: null });
    const done = (await t.call('GET', `${API}/${ok}`, { token: t.admin })).json().data;
    expect(done.state).toBe('done');
    expect(done.events.map((e: { event: string }) => e.event)).toEqual(['queued', 'started', 'done']);
    expect((await t.call('GET', `${API}/999999`, { token: t.admin })).statusCode).toBe(404);

    const kinds = (await t.call('GET', `${API}/kinds`, { token: t.admin })).json().data as string[];
    expect(kinds).toContain('bo.test.fail');
  });

  it('retries a failed job from 0 attempts and cancels a queued one; refuses the other states with 409 naming them', async () => {
    const bad = (await enqueue(t.database.db, 'bo.test.fail', {}, { maxAttempts: 1 })) as number;
    await worker().drain();
    const retried = await t.call('POST', `${API}/${bad}/retry`, { token: t.admin });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data).toMatchObject({ state: 'queued', attempts: 0, finishedAt: null });
    // Queued: no second retry; cancel it.
    const again = await t.call('POST', `${API}/${bad}/retry`, { token: t.admin, headers: { 'accept-language': 'zh-CN' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('任务当前为「排队中」，不能重试');
    expect(again.json().data).toEqual({ state: 'queued' });
    const cancelled = await t.call('POST', `${API}/${bad}/cancel`, { token: t.admin });
    expect(cancelled.json().data.state).toBe('cancelled');
    const twice = await t.call('POST', `${API}/${bad}/cancel`, { token: t.admin });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().msg).toBe('cannot cancel: the job is cancelled');
    // A cancelled job is not claimed.
    expect(await worker().drain()).toBe(0);

    const ok = (await enqueue(t.database.db, 'bo.test.ok', {})) as number;
    await worker().drain();
    const doneRetry = await t.call('POST', `${API}/${ok}/retry`, { token: t.admin });
    expect(doneRetry.statusCode).toBe(409);
    expect(doneRetry.json().msg).toBe('cannot retry: the job is done');

    const log = (await t.call('GET', `${API}/${bad}`, { token: t.admin })).json().data.events as {
      event: string;
      by: string | null;
    }[];
    expect(log.filter((e) => e.by !== null).map((e) => e.event)).toEqual(['requeued', 'cancelled']);
    const audits = await t.rows<{ action: string }>(
      `SELECT action FROM audit_log WHERE entity = 'job' AND entity_id = $1 ORDER BY id`,
      [String(bad)],
    );
    expect(audits.map((a) => a.action)).toEqual(['backMgr.jobRetry', 'backMgr.jobCancel']);
  });

  it('does not retry a job while another with its dedupe key is queued', async () => {
    const first = (await enqueue(t.database.db, 'bo.test.fail', {}, { maxAttempts: 1, dedupeKey: 'bo.test.key' })) as number;
    await worker().drain();
    await enqueue(t.database.db, 'bo.test.ok', {}, { dedupeKey: 'bo.test.key' });
    const res = await t.call('POST', `${API}/${first}/retry`, { token: t.admin });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toMatch(/same key \(bo\.test\.key\)/);
  });
});
