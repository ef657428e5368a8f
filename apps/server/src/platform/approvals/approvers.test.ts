/**
 * approversFor on the demo organisation: 'leader' and 'departmentLeader' resolve through the
 * organisation's published reads, walk up the tree, and never name the submitter.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../../test/harness';
import { approversFor } from './approvers';

const t = testAppPerFile();

const userId = async (login: string) =>
  Number((await t.database.db.execute<{ id: number }>(sql`SELECT id FROM users WHERE login_name = ${login}`)).rows[0]?.id);

describe('approversFor', () => {
  it('resolves the leader and the department leader of the submitter', async () => {
    const db = t.database.db;
    const [manager, ppc, agent, lead, planner] = await Promise.all(
      ['sales.manager', 'ppc.specialist', 'cs.agent', 'cs.lead', 'planner'].map(userId),
    );
    expect(await approversFor(db, 'leader', agent as number)).toEqual([lead]);
    expect(await approversFor(db, 'departmentLeader', agent as number)).toEqual([lead]);
    // The advertising team has no leader of its own: the sales department's leads.
    expect(await approversFor(db, 'leader', ppc as number)).toEqual([manager]);
    // A department's own leader is skipped; above a top department there is nobody.
    expect(await approversFor(db, 'departmentLeader', planner as number)).toEqual([]);
    // An employee's own leader counts for 'leader', not for 'departmentLeader'.
    await db.execute(sql`UPDATE org_employees SET leader_user_id = ${manager} WHERE employee_id = 'E1005'`);
    expect(await approversFor(db, 'leader', agent as number)).toEqual([manager]);
    expect(await approversFor(db, 'departmentLeader', agent as number)).toEqual([lead]);
    // Someone who is no employee has no approver from the organisation.
    expect(await approversFor(db, 'leader', await userId('admin'))).toEqual([]);
  });
});
