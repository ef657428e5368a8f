/**
 * The transition table of docs/projects.md, exhaustively: every scheduling status × run status
 * × stage × approval status × action × role (and no role), against the table written out here
 * a second time in the docs' words. The server's `enforce` and the web's buttons both call
 * `projectDecision`, so this is the table both apply. Then `enforce` itself on the database:
 * the department leader up the tree, 409 naming the state before 403 for the role.
 */
import {
  PROJECT_ACTIONS,
  PROJECT_ROLES,
  type ProjectAction,
  type ProjectRole,
  type ProjectStateView,
  projectDecision,
  RUN_STATUSES,
  SCHEDULE_STATUSES,
  STAGES,
} from '@bo/contract/projects/projects';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import type { RequestActor } from '../../platform/auth/actor';
import { enforce } from './projects.rules';

const APPROVALS = ['not', 'submitted', 'rejected', 'pending', 'approved'] as const;
const OVER = ['CLOSED', 'OVER_COMPLETE', 'CANCELED'];
const STEER = ['owner', 'deptLeader', 'admin'];

/** docs/projects.md, "The transition table": in which states, and who. */
const EXPECTED: Record<ProjectAction, { who: string[]; open: (s: ProjectStateView) => boolean }> = {
  edit: {
    who: ['owner', 'member', 'deptLeader', 'admin'],
    open: (s) => s.schedule === 'DRAFT' || (s.schedule === 'RELEASED' && ['NOT_START', 'RUNNING', 'PAUSED'].includes(s.run)),
  },
  commit: { who: ['owner'], open: (s) => s.schedule === 'DRAFT' && ['not', 'rejected'].includes(s.approval) },
  withdraw: { who: ['owner'], open: (s) => s.schedule === 'PENDING' && s.approval === 'submitted' },
  approve: { who: ['approver'], open: (s) => s.schedule === 'PENDING' && ['submitted', 'pending'].includes(s.approval) },
  reject: { who: ['approver'], open: (s) => s.schedule === 'PENDING' && ['submitted', 'pending'].includes(s.approval) },
  release: { who: STEER, open: (s) => s.schedule === 'PENDING' && s.approval === 'approved' },
  start: { who: STEER, open: (s) => s.schedule === 'RELEASED' && s.run === 'NOT_START' },
  pause: { who: STEER, open: (s) => s.schedule === 'RELEASED' && s.run === 'RUNNING' },
  resume: { who: STEER, open: (s) => s.schedule === 'RELEASED' && s.run === 'PAUSED' },
  complete: { who: STEER, open: (s) => s.schedule === 'RELEASED' && s.run === 'RUNNING' },
  close: { who: STEER, open: (s) => s.schedule === 'RELEASED' && ['RUNNING', 'PAUSED'].includes(s.run) },
  cancel: { who: STEER, open: (s) => s.schedule === 'RELEASED' && !OVER.includes(s.run) },
  advance: { who: STEER, open: (s) => s.schedule === 'RELEASED' && s.run === 'RUNNING' && s.stage !== 'D5' },
  delete: { who: ['owner', 'admin'], open: (s) => s.schedule === 'DRAFT' && ['not', 'rejected'].includes(s.approval) },
  replaceMember: { who: STEER, open: (s) => !OVER.includes(s.run) },
  work: { who: ['owner', 'member', 'approver', 'deptLeader', 'admin'], open: (s) => !OVER.includes(s.run) },
  reportNode: {
    who: ['owner', 'member', 'deptLeader', 'admin'],
    open: (s) => s.schedule === 'RELEASED' && !OVER.includes(s.run),
  },
  gateReview: { who: ['deptLeader', 'admin'], open: (s) => s.schedule === 'RELEASED' && s.run === 'RUNNING' && s.stage !== 'D5' },
};

describe('the transition table, every state × action × role', () => {
  it('allows exactly what docs/projects.md says, refusing the state before the role', () => {
    const roleSets: (readonly ProjectRole[])[] = [[], ...PROJECT_ROLES.map((r) => [r]), ['member', 'approver']];
    let cases = 0;
    const wrong: string[] = [];
    for (const schedule of SCHEDULE_STATUSES)
      for (const run of RUN_STATUSES)
        for (const stage of STAGES)
          for (const approval of APPROVALS)
            for (const action of PROJECT_ACTIONS)
              for (const roles of roleSets) {
                const s: ProjectStateView = { schedule, run, stage, approval };
                const e = EXPECTED[action];
                const want = !e.open(s) ? 'state' : roles.some((r) => e.who.includes(r)) ? 'ok' : 'role';
                const d = projectDecision(s, action, roles);
                const got = d.ok ? 'ok' : d.reason;
                cases++;
                if (got !== want)
                  wrong.push(`${schedule}/${run}/${stage}/${approval} ${action} as [${roles}]: ${got}, want ${want}`);
              }
    expect(wrong.slice(0, 20)).toEqual([]);
    expect(cases).toBe(3 * 6 * 8 * 5 * PROJECT_ACTIONS.length * 7);
  });
});

describe('enforce on the database', () => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  const depts: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    for (const r of (await db.execute<{ id: number; login_name: string }>(sql`SELECT id, login_name FROM users`)).rows)
      ids[r.login_name] = Number(r.id);
    for (const r of (await db.execute<{ id: number; name_en: string }>(sql`SELECT id, name_en FROM org_departments`)).rows)
      depts[r.name_en] = Number(r.id);
  });
  afterAll(async () => t.close());

  const actor = (login: string, extra: Partial<RequestActor> = {}) =>
    ({ userId: ids[login], accountId: 1, builtin: login === 'admin', impersonatorUserId: null, ...extra }) as RequestActor;
  const core = (over: Record<string, unknown> = {}) => ({
    id: 1,
    ownerId: ids['ppc.specialist'] as number,
    memberIds: [],
    deptId: depts.Advertising as number,
    schedule: 'RELEASED' as const,
    run: 'RUNNING' as const,
    stage: 'D1' as const,
    approval: 'approved' as const,
    approverIds: [],
    ...over,
  });

  it('finds the leader of a parent department (sales leads advertising) and refuses others with 403', async () => {
    expect(await enforce(t.database.db, core(), 'pause', actor('sales.manager'), 'en-US')).toEqual(['deptLeader']);
    await expect(enforce(t.database.db, core(), 'pause', actor('planner'), 'en-US')).rejects.toMatchObject({ status: 403 });
  });

  it('answers 409 naming the state when the state refuses, whoever asks', async () => {
    const err = await enforce(t.database.db, core({ run: 'CLOSED' }), 'pause', actor('admin'), 'en-US').catch((e) => e);
    expect(err).toMatchObject({ status: 409 });
    expect(String(err.message)).toMatch(/closed/);
    const zh = await enforce(t.database.db, core({ run: 'CLOSED' }), 'pause', actor('admin'), 'zh-CN').catch((e) => e);
    expect(String(zh.message)).toMatch(/已关闭/);
  });

  it('does not make the administrator an admin of projects while god-viewing someone', async () => {
    const god = actor('admin', { impersonatorUserId: ids.admin as number });
    await expect(enforce(t.database.db, core(), 'pause', god, 'en-US')).rejects.toMatchObject({ status: 403 });
  });
});
