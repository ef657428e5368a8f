import type { ApprovalFlowDef } from '@bo/contract/approvals/approval-flow';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { type Database, openDatabase } from '../../db/client';
import { AppError } from '../errors';
import { actOnApproval, approvalFor, awaitingEntityIds, pendingCount, readApproval, timelineOf } from './approvals';

/** A test flow: two leads in parallel (all), then a director (any); a rejection needs a reason. */
const flow: ApprovalFlowDef = {
  key: 'test.price',
  rejectNeedsRemark: true,
  steps: [
    { key: 'leads', label: { zh: '组长', en: 'Leads' }, mode: 'all' },
    { key: 'director', label: { zh: '总监', en: 'Director' }, mode: 'any' },
  ],
};
const SUBMITTER = 101;
const LEAD_A = 102;
const LEAD_B = 103;
const DIRECTOR = 104;
const APPROVERS = [[LEAD_A, LEAD_B], [DIRECTOR]];
const en = (userId: number) => ({ userId, lang: 'en-US' as const });

let t: TestApp;
let second: Database;

beforeAll(async () => {
  t = await createTestApp();
  // A second server process is a second pool on the same database.
  second = openDatabase(t.config.DATABASE_URL as string, { max: 2 });
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const db = () => t.database.db;
const count = async (q: ReturnType<typeof sql>) => Number((await db().execute<{ n: number }>(q)).rows[0]?.n);
async function start(entityId: string) {
  return db().transaction(async (tx) => {
    const a = await approvalFor(tx, flow, entityId, { accountId: 1, submitterId: SUBMITTER });
    return (
      await actOnApproval(tx, flow, entityId, en(SUBMITTER), { action: 'submit', version: a.version, approvers: APPROVERS })
    ).approval;
  });
}
const act = (entityId: string, userId: number, action: 'approve' | 'reject' | 'withdraw', version: number, remark?: string) =>
  db().transaction((tx) => actOnApproval(tx, flow, entityId, en(userId), { action, version, remark }));
async function refusal(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected a refusal, got ${String(err)}`);
  return err;
}

describe('approvals on the database', () => {
  it('runs a two-step flow: waits, counts and the timeline follow every action', async () => {
    const a = await start('P-1');
    expect(a.status).toBe('submitted');
    expect(await pendingCount(db(), LEAD_A)).toBe(1);
    expect(await pendingCount(db(), LEAD_A, ['other.flow'])).toBe(0);
    expect(await awaitingEntityIds(db(), LEAD_B, flow.key)).toEqual(['P-1']);
    expect(await pendingCount(db(), DIRECTOR)).toBe(0);

    const one = await act('P-1', LEAD_A, 'approve', a.version);
    expect(one.approval.status).toBe('pending');
    expect(await pendingCount(db(), LEAD_A)).toBe(0);
    const two = await act('P-1', LEAD_B, 'approve', one.approval.version);
    expect([two.approval.status, two.approval.step]).toEqual(['pending', 1]);
    expect(two.notify).toEqual([DIRECTOR]);
    expect(await pendingCount(db(), DIRECTOR)).toBe(1);
    const done = await act('P-1', DIRECTOR, 'approve', two.approval.version);
    expect(done.approval.status).toBe('approved');
    expect(await count(sql`SELECT count(*)::int AS n FROM approval_waits WHERE approval_id = ${a.id}`)).toBe(0);

    const stored = await readApproval(db(), flow, 'P-1');
    expect(stored).toMatchObject({ status: 'approved', version: 4, round: 1 });
    const line = await timelineOf(db(), a.id);
    expect(line.map((e) => [e.action, e.userId, e.from, e.to])).toEqual([
      ['submit', SUBMITTER, 1, 2],
      ['approve', LEAD_A, 2, 4],
      ['approve', LEAD_B, 4, 4],
      ['approve', DIRECTOR, 4, 5],
    ]);
  });

  it('lets one of two approvers acting at once win; the other is refused 409 and writes nothing', async () => {
    const a = await start('P-2');
    let releaseFirst: () => void = () => {};
    const held = new Promise<void>((r) => {
      releaseFirst = r;
    });
    let firstActed: () => void = () => {};
    const acted = new Promise<void>((r) => {
      firstActed = r;
    });
    // The first approver's transaction acts and stays open, holding the row.
    const first = db().transaction(async (tx) => {
      const out = await actOnApproval(tx, flow, 'P-2', en(LEAD_A), { action: 'approve', version: a.version });
      firstActed();
      await held;
      return out;
    });
    await acted;
    // The second, in another process, saw the same version and rejects: it waits for the lock.
    const secondTry = second.db.transaction((tx) =>
      actOnApproval(tx, flow, 'P-2', en(LEAD_B), { action: 'reject', version: a.version, remark: 'too low' }),
    );
    await new Promise((r) => setTimeout(r, 150));
    releaseFirst();
    expect((await first).approval.status).toBe('pending');
    const err = await refusal(secondTry);
    expect(err.status).toBe(409);
    expect(err.message).toMatch(/meanwhile/);
    const stored = await readApproval(db(), flow, 'P-2');
    expect(stored).toMatchObject({ status: 'pending', version: a.version + 1 });
    expect(await count(sql`SELECT count(*)::int AS n FROM approval_events WHERE approval_id = ${a.id}`)).toBe(2);
  });

  it('refuses the wrong person (403), the wrong state (400) and a rejection without a reason, changing nothing', async () => {
    const a = await start('P-3');
    const stranger = await refusal(
      db().transaction((tx) =>
        actOnApproval(tx, flow, 'P-3', { userId: DIRECTOR, lang: 'zh-CN' }, { action: 'approve', version: a.version }),
      ),
    );
    expect(stranger.status).toBe(403);
    expect(stranger.message).toBe('你不是当前步骤的审批人');
    const noReason = await refusal(act('P-3', LEAD_A, 'reject', a.version, '  '));
    expect(noReason.status).toBe(400);
    const rejected = await act('P-3', LEAD_A, 'reject', a.version, 'Margin under 20 %');
    expect(rejected.approval.status).toBe('rejected');
    expect(rejected.notify).toEqual([SUBMITTER]);
    const late = await refusal(act('P-3', LEAD_B, 'approve', rejected.approval.version));
    expect(late.status).toBe(400);
    expect(late.message).toMatch(/rejected/);
    expect(await awaitingEntityIds(db(), LEAD_B, flow.key)).not.toContain('P-3');
    const stored = await readApproval(db(), flow, 'P-3');
    expect(stored?.version).toBe(rejected.approval.version);
    const line = await timelineOf(db(), a.id);
    expect(line.at(-1)).toMatchObject({ action: 'reject', remark: 'Margin under 20 %', from: 2, to: 3 });
  });

  it('answers 404 for an approval that does not exist', async () => {
    const err = await refusal(act('nope', LEAD_A, 'approve', 0));
    expect(err.status).toBe(404);
  });
});
