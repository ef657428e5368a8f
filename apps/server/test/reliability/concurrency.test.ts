/**
 * Optimistic locking under contention: two writers each send 1,000 updates of one role,
 * each carrying the version it last saw. Every update made on a version that another
 * writer has already moved is refused with 409 in the envelope, and no committed update
 * is lost: the successful ones form one unbroken chain of versions, the audit log holds
 * exactly one row per success, and the record ends as the last success left it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../harness';

const UPDATES = Number(process.env.CONCURRENCY_UPDATES ?? 1000);
const t = testAppPerFile({ admin: true });
let roleId: number;

beforeAll(async () => {
  const res = await t.call('POST', '/api/user/rest/v1/roles', {
    token: t.admin,
    body: { name: 'contended role', description: 'start', permissionIds: [] },
  });
  roleId = res.json().data.id;
});

interface Outcome {
  writer: string;
  status: number;
  code: number;
  sentVersion: number;
  newVersion?: number;
  description: string;
}

async function writer(name: string): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let known = 1;
  for (let i = 0; i < UPDATES; i++) {
    const description = `${name}-${i}`;
    const res = await t.call('PUT', '/api/user/rest/v1/roles', {
      token: t.admin,
      body: { id: roleId, version: known, name: 'contended role', description, permissionIds: [] },
    });
    const body = res.json() as { code: number; data: { version?: number } | null };
    outcomes.push({
      writer: name,
      status: res.statusCode,
      code: body.code,
      sentVersion: known,
      newVersion: body.data?.version,
      description,
    });
    if (res.statusCode === 200 && body.data?.version) known = body.data.version;
    // After a refusal, every third time the writer tries again on the version it had (still stale).
    else if (i % 3 !== 0)
      known = (await t.database.pool.query('SELECT version FROM roles WHERE id = $1', [roleId])).rows[0].version;
  }
  return outcomes;
}

describe('two writers, one record', () => {
  it(`refuses every stale update of ${UPDATES} x 2 and loses none`, async () => {
    const all = (await Promise.all([writer('a'), writer('b')])).flat();
    expect(all.filter((o) => o.status !== 200 && o.status !== 409)).toEqual([]);
    const ok = all.filter((o) => o.status === 200);
    const refused = all.filter((o) => o.status === 409);
    expect(refused.length).toBeGreaterThan(0);
    expect(ok.length).toBeGreaterThan(0);
    for (const r of refused) expect(r.code).not.toBe(0);
    // Each success moved the version by exactly one from the one it was sent with: one chain, no forks.
    const versions = ok.map((o) => o.newVersion).sort((a, b) => (a ?? 0) - (b ?? 0));
    expect(versions).toEqual(Array.from({ length: ok.length }, (_, i) => i + 2));
    for (const o of ok) expect(o.newVersion).toBe(o.sentVersion + 1);
    const row = (await t.database.pool.query('SELECT version, description FROM roles WHERE id = $1', [roleId])).rows[0];
    expect(row.version).toBe(ok.length + 1);
    const last = ok.find((o) => o.newVersion === row.version);
    expect(row.description).toBe(last?.description);
    const audited = (
      await t.database.pool.query(
        `SELECT count(*)::int AS n FROM audit_log WHERE action = 'role.update' AND entity = 'role' AND entity_id = $1`,
        [String(roleId)],
      )
    ).rows[0].n;
    expect(audited).toBe(ok.length);
  }, 600_000);
});
