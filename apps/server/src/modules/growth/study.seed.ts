/**
 * The demo of the study records (docs/growth.md "Study records"): the study page
 * (digitize:grow:study) for the company's demo roles and records of the demo employees in every
 * state: confirmed hours earlier in the year, completed ones waiting for the leader, courses in
 * progress, plans and a dropped book. Applied once (app_meta `seed.growth.study`); a database
 * that has study records of its own is left alone.
 */
import type { StudyKind, StudyState } from '@bo/contract/growth/study';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { userDirectory } from '../access/access.reads';
import { leaderOf } from '../organization/organization.reads';

export const STUDY_SEED_KEY = 'seed.growth.study';

interface DemoRecord {
  login: string;
  title: string;
  kind: StudyKind;
  provider: string;
  hours: number;
  state: StudyState;
  /** Days before today it started and ended (ended: null while it runs). */
  started: number;
  ended: number | null;
  link?: string;
  note?: string;
  returned?: string;
}

const RECORDS: DemoRecord[] = [
  {
    login: 'sales.analyst',
    title: 'Amazon PPC advanced',
    kind: 'course',
    provider: 'Seller University',
    hours: 12,
    state: 'confirmed',
    started: 60,
    ended: 40,
    link: 'https://sellercentral.amazon.com/learn',
  },
  {
    login: 'sales.analyst',
    title: 'Storytelling with Data',
    kind: 'book',
    provider: 'Cole Nussbaumer Knaflic',
    hours: 8,
    state: 'completed',
    started: 20,
    ended: 3,
    note: 'Used chapter 4 for the weekly sales pack.',
  },
  {
    login: 'sales.analyst',
    title: 'Cross-border e-commerce summit',
    kind: 'conference',
    provider: 'CCEE Shenzhen',
    hours: 16,
    state: 'planned',
    started: -30,
    ended: null,
  },
  {
    login: 'ppc.specialist',
    title: 'Amazon Ads certification: Sponsored Products',
    kind: 'certification',
    provider: 'Amazon Ads Learning Console',
    hours: 20,
    state: 'inProgress',
    started: 15,
    ended: null,
    link: 'https://learningconsole.amazonadvertising.com',
  },
  {
    login: 'ppc.specialist',
    title: 'Keyword research workshop',
    kind: 'training',
    provider: 'In-house',
    hours: 6,
    state: 'confirmed',
    started: 75,
    ended: 74,
  },
  {
    login: 'ppc.specialist',
    title: 'Lean Analytics',
    kind: 'book',
    provider: "O'Reilly",
    hours: 10,
    state: 'dropped',
    started: 50,
    ended: null,
    note: 'Put aside for the certification.',
  },
  {
    login: 'cs.agent',
    title: 'Customer service excellence',
    kind: 'training',
    provider: 'In-house',
    hours: 8,
    state: 'completed',
    started: 10,
    ended: 9,
  },
  {
    login: 'cs.agent',
    title: 'Handling difficult conversations',
    kind: 'course',
    provider: 'Coursera',
    hours: 4,
    state: 'confirmed',
    started: 35,
    ended: 30,
  },
  {
    login: 'cs.agent',
    title: 'Returns policy deep dive',
    kind: 'course',
    provider: 'Seller University',
    hours: 3,
    state: 'inProgress',
    started: 5,
    ended: null,
    returned: 'Add the certificate link, please.',
  },
  {
    login: 'sales.manager',
    title: 'Coaching for team leads',
    kind: 'course',
    provider: 'LinkedIn Learning',
    hours: 12,
    state: 'inProgress',
    started: 25,
    ended: null,
  },
  {
    login: 'pm',
    title: 'Inspired: How to Create Tech Products',
    kind: 'book',
    provider: 'Marty Cagan',
    hours: 10,
    state: 'confirmed',
    started: 90,
    ended: 65,
  },
  {
    login: 'planner',
    title: 'Demand forecasting fundamentals',
    kind: 'course',
    provider: 'APICS',
    hours: 15,
    state: 'planned',
    started: -10,
    ended: null,
  },
];

async function build(tx: DbOrTx) {
  // The study page is every staff member's: the company's demo roles get digitize:grow:study.
  await tx.execute(sql`
    INSERT INTO role_permissions (role_id, permission_id)
    SELECT r.id, p.id FROM roles r JOIN permission_items p ON p.auth_pattern = 'digitize:grow:study' AND p.active
     WHERE r.account_id = 1
    ON CONFLICT DO NOTHING`);
  const users = await tx.execute<{ id: number; login_name: string }>(
    sql`SELECT u.id, u.login_name FROM ${userDirectory} u WHERE u.account_id = 1`,
  );
  const idOf = new Map(users.rows.map((u) => [u.login_name, Number(u.id)]));
  const admin = idOf.get('admin') ?? null;
  const day = (n: number | null) => (n === null ? null : sql`current_date - ${n}::int`);
  for (const r of RECORDS) {
    const employee = idOf.get(r.login);
    if (employee === undefined) continue;
    const confirmer = r.state === 'confirmed' ? ((await leaderOf(tx, employee)) ?? admin) : null;
    await tx.execute(sql`
      INSERT INTO growth_study (account_id, employee_id, title, kind, provider, hours, start_day, end_day, state, link, note,
                                confirmed_by, confirmed_at, return_remark, created_at, updated_at)
      VALUES (1, ${employee}, ${r.title}, ${r.kind}, ${r.provider}, ${r.hours}, ${day(r.started)}, ${day(r.ended)}, ${r.state},
              ${r.link ?? null}, ${r.note ?? ''}, ${confirmer},
              ${confirmer === null ? null : sql`now() - make_interval(days => ${Math.max(0, (r.ended ?? 0) - 2)})`},
              ${r.returned ?? null}, now() - make_interval(days => ${Math.max(0, r.started)}),
              now() - make_interval(days => ${Math.max(0, r.ended ?? 0)}))`);
  }
}

export async function applyStudyDemoOnce(db: Db): Promise<void> {
  const done = await db.execute(sql`SELECT 1 FROM app_meta WHERE key = ${STUDY_SEED_KEY}`);
  if (done.rows.length) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${STUDY_SEED_KEY}))`);
    const s = await tx.execute<{ done: boolean; taken: boolean }>(sql`
      SELECT EXISTS (SELECT 1 FROM app_meta WHERE key = ${STUDY_SEED_KEY}) AS done, EXISTS (SELECT 1 FROM growth_study) AS taken`);
    if (s.rows[0]?.done) return;
    const taken = Boolean(s.rows[0]?.taken);
    if (!taken) await build(tx);
    await tx.execute(
      sql`INSERT INTO app_meta (key, value) VALUES (${STUDY_SEED_KEY}, ${taken ? 'skipped' : 'applied'}) ON CONFLICT (key) DO NOTHING`,
    );
  });
}
