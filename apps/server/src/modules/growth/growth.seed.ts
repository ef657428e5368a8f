/**
 * The demo of the growth area: five company values, the growth pages (user:info) for the
 * company's demo roles, this quarter's review cycle opened with a review for every demo
 * employee in several states (the analyst's self review waiting for the sales manager, the CS
 * agent's completed review waiting for the acknowledgement, drafts for the rest, the PPC
 * specialist's among them), and last quarter's cycle closed with every review acknowledged.
 */
import type { Dimension } from '@bo/contract/growth/performance';
import { quarterOf } from '@bo/contract/okr/okr';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { userDirectory } from '../access/access.reads';
import { leaderOf, userDepartmentsToday } from '../organization/organization.reads';

export const GROWTH_SEED_KEY = 'seed.growth';

const VALUES = [
  {
    zh: '客户第一',
    en: 'Customer first',
    description: 'We start from what the buyer needs and finish when they are happy.',
    behaviours: ['Reads the reviews and mails of their products every week', 'Fixes the cause, not only the complaint'],
  },
  {
    zh: '数据说话',
    en: 'Decide with data',
    description: 'A claim comes with its figure, and the figure with its source.',
    behaviours: ['Brings the numbers to a decision', 'Says when the data is not enough'],
  },
  {
    zh: '主人翁',
    en: 'Ownership',
    description: 'We own the result, not only the task.',
    behaviours: ['Follows a task to its end without being chased', 'Raises a risk early'],
  },
  {
    zh: '协作共赢',
    en: 'Win together',
    description: 'Teams succeed together or not at all.',
    behaviours: ['Shares what they learn', 'Helps a colleague before being asked'],
  },
  {
    zh: '持续精进',
    en: 'Keep improving',
    description: 'A little better every week.',
    behaviours: ['Learns one new skill a quarter', 'Runs a retrospective after a launch'],
  },
] as const;

type DemoState = 'draft' | 'selfSubmitted' | 'leaderReviewed' | 'acknowledged';
interface Plan {
  state: DemoState;
  rating?: number;
}
/** This quarter's open cycle: who is where (anyone else: an empty draft). */
const OPEN_PLAN: Record<string, Plan> = {
  'sales.analyst': { state: 'selfSubmitted' },
  'cs.agent': { state: 'leaderReviewed', rating: 4 },
};
/** Last quarter's closed cycle: everyone acknowledged. */
const CLOSED_RATING: Record<string, number> = { 'sales.analyst': 4, 'ppc.specialist': 3, 'cs.agent': 3, pm: 5 };

const SELF = {
  goals: 'Met the quarter goals I set with my leader; one slipped by two weeks (see comments).',
  achievements: 'Shipped the weekly sales pack, cut the report time from a day to an hour, trained two colleagues.',
  comments: 'The slipped goal waited on a supplier; I will plan a buffer next quarter.',
};

const previousQuarter = (q: string) => {
  const y = Number(q.slice(0, 4));
  const n = Number(q.slice(5));
  return n === 1 ? `${y - 1}Q4` : `${y}Q${n - 1}`;
};

async function cycle(
  tx: DbOrTx,
  quarter: string,
  dimensions: Dimension[],
  adminId: number | null,
  planOf: (login: string) => Plan,
  daysAgo: number,
  closed: boolean,
) {
  const c = await tx.execute<{ id: number }>(sql`
    INSERT INTO growth_cycles (account_id, quarter, state, dimensions, opened_by, created_at, closed_at)
    VALUES (1, ${quarter}, ${closed ? 'closed' : 'open'}, ${JSON.stringify(dimensions)}::jsonb, ${adminId},
            now() - make_interval(days => ${daysAgo}), ${closed ? sql`now() - make_interval(days => ${daysAgo - 80})` : null})
    RETURNING id`);
  const cycleId = Number(c.rows[0]?.id);
  const people = await tx.execute<{ user_id: number; dept_name: string; login_name: string }>(sql`
    SELECT d.user_id, d.dept_name, u.login_name FROM ${userDepartmentsToday(1)} d
      JOIN ${userDirectory} u ON u.id = d.user_id WHERE u.enabled ORDER BY d.user_id`);
  for (const [n, p] of people.rows.entries()) {
    const leader = await leaderOf(tx, Number(p.user_id));
    const plan = planOf(p.login_name);
    const filled = plan.state !== 'draft';
    const reviewed = plan.state === 'leaderReviewed' || plan.state === 'acknowledged';
    const rating = plan.rating ?? 3;
    // Scores around the rating, varying by dimension and person.
    const scores = (base: number) =>
      JSON.stringify(dimensions.map((d, i) => ({ dimension: d.key, score: Math.min(5, Math.max(1, base + ((i + n) % 3) - 1)) })));
    const at = (days: number) => sql`now() - make_interval(days => ${days})`;
    const r = await tx.execute<{ id: number }>(sql`
      INSERT INTO growth_reviews (account_id, cycle_id, employee_id, leader_id, dept_name, state,
                                  self_goals, self_achievements, self_comments, self_scores, self_submitted_at,
                                  leader_scores, leader_comments, rating, reviewed_at, acknowledged_at, ack_comment)
      VALUES (1, ${cycleId}, ${p.user_id}, ${leader}, ${p.dept_name}, ${plan.state},
              ${filled ? SELF.goals : ''}, ${filled ? SELF.achievements : ''}, ${filled ? SELF.comments : ''},
              ${filled ? scores(4) : '[]'}::jsonb, ${filled ? at(daysAgo - 5) : null},
              ${reviewed ? scores(rating) : '[]'}::jsonb,
              ${reviewed ? 'Reliable and quick; next quarter take the lead on one project of your own.' : ''},
              ${reviewed ? rating : null}, ${reviewed ? at(daysAgo - 7) : null},
              ${plan.state === 'acknowledged' ? at(daysAgo - 8) : null},
              ${plan.state === 'acknowledged' ? 'Thanks, agreed.' : null})
      RETURNING id`);
    const id = Number(r.rows[0]?.id);
    const moves: [string, DemoState, DemoState, number, string, number][] = [];
    const reviewer = leader ?? adminId ?? Number(p.user_id);
    if (filled) moves.push(['submitSelf', 'draft', 'selfSubmitted', Number(p.user_id), '', daysAgo - 5]);
    if (reviewed) moves.push(['review', 'selfSubmitted', 'leaderReviewed', reviewer, '', daysAgo - 7]);
    if (plan.state === 'acknowledged')
      moves.push(['acknowledge', 'leaderReviewed', 'acknowledged', Number(p.user_id), 'Thanks, agreed.', daysAgo - 8]);
    for (const [action, from, to, by, remark, days] of moves)
      await tx.execute(sql`
        INSERT INTO growth_review_events (review_id, action, from_state, to_state, user_id, remark, at)
        VALUES (${id}, ${action}, ${from}, ${to}, ${by}, ${remark}, ${at(days)})`);
  }
}

async function build(tx: DbOrTx) {
  for (const [i, v] of VALUES.entries())
    await tx.execute(sql`
      INSERT INTO growth_values (account_id, name_zh, name_en, description, behaviours, sort)
      VALUES (1, ${v.zh}, ${v.en}, ${v.description}, ${JSON.stringify(v.behaviours)}::jsonb, ${i})`);
  // The growth pages are every staff member's: the company's demo roles get user:info.
  await tx.execute(sql`
    INSERT INTO role_permissions (role_id, permission_id)
    SELECT r.id, p.id FROM roles r JOIN permission_items p ON p.auth_pattern = 'user:info' AND p.active
     WHERE r.account_id = 1
    ON CONFLICT DO NOTHING`);
  const values = await tx.execute<{ id: number; name_zh: string; name_en: string; description: string }>(
    sql`SELECT id, name_zh, name_en, description FROM growth_values WHERE account_id = 1 ORDER BY sort, id`,
  );
  const dimensions: Dimension[] = values.rows.map((v) => ({
    key: `v${v.id}`,
    nameZh: v.name_zh,
    nameEn: v.name_en,
    description: v.description,
  }));
  const admin = await tx.execute<{ id: number }>(sql`SELECT id FROM ${userDirectory} u WHERE u.login_name = 'admin'`);
  const adminId = admin.rows[0]?.id == null ? null : Number(admin.rows[0].id);
  const quarter = quarterOf(new Date().toISOString().slice(0, 10));
  await cycle(tx, quarter, dimensions, adminId, (login) => OPEN_PLAN[login] ?? { state: 'draft' }, 10, false);
  await cycle(
    tx,
    previousQuarter(quarter),
    dimensions,
    adminId,
    (login) => ({ state: 'acknowledged', rating: CLOSED_RATING[login] ?? 3 }),
    100,
    true,
  );
}

export async function applyGrowthDemoOnce(db: Db): Promise<void> {
  const done = await db.execute(sql`SELECT 1 FROM app_meta WHERE key = ${GROWTH_SEED_KEY}`);
  if (done.rows.length) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${GROWTH_SEED_KEY}))`);
    const s = await tx.execute<{ done: boolean; taken: boolean }>(sql`
      SELECT EXISTS (SELECT 1 FROM app_meta WHERE key = ${GROWTH_SEED_KEY}) AS done,
             EXISTS (SELECT 1 FROM growth_values) OR EXISTS (SELECT 1 FROM growth_cycles) AS taken`);
    if (s.rows[0]?.done) return;
    const taken = Boolean(s.rows[0]?.taken);
    if (!taken) await build(tx);
    await tx.execute(
      sql`INSERT INTO app_meta (key, value) VALUES (${GROWTH_SEED_KEY}, ${taken ? 'skipped' : 'applied'}) ON CONFLICT (key) DO NOTHING`,
    );
  });
}
