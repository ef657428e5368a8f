/**
 * The demo of the growth badges (docs/growth.md "Badges"): six badges (one retired), the first
 * three tied to the company values in their order, and awards on the demo staff given by their
 * leaders and the administrator, one of them revoked. Applied once (app_meta `seed.growth.badges`);
 * a database that has badges of its own is left alone.
 */
import type { BadgeIcon } from '@bo/contract/growth/badges';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { applyDemoOnce } from '../../seed/demo-once';
import { userDirectory } from '../access/access.reads';

export const BADGES_SEED_KEY = 'seed.growth.badges';

const BADGES: { zh: string; en: string; icon: BadgeIcon; description: string; value: number | null; retired?: boolean }[] = [
  { zh: '客户之星', en: 'Customer star', icon: 'heart', description: 'Went out of the way for a customer.', value: 0 },
  { zh: '数据达人', en: 'Data wizard', icon: 'bulb', description: 'A number that changed a decision.', value: 1 },
  { zh: '团队助攻', en: 'Team assist', icon: 'team', description: 'Made a colleague’s win possible.', value: 2 },
  { zh: '火箭上线', en: 'Rocket launch', icon: 'rocket', description: 'Shipped a launch on time.', value: null },
  { zh: '年度之星', en: 'Star of the year', icon: 'trophy', description: 'The year’s outstanding contribution.', value: null },
  { zh: '旧版勋章', en: 'Legacy medal', icon: 'crown', description: 'Replaced by Star of the year.', value: null, retired: true },
];

/** Awards: badge (English name), employee, awarder, days ago, reason; `revoked`: why it was taken back. */
const AWARDS: { badge: string; to: string; by: string; ago: number; reason: string; revoked?: string }[] = [
  {
    badge: 'Data wizard',
    to: 'sales.analyst',
    by: 'sales.manager',
    ago: 40,
    reason: 'The weekly profit pack found the fee leak.',
  },
  { badge: 'Data wizard', to: 'sales.analyst', by: 'sales.manager', ago: 8, reason: 'Forecast error down to 9 %.' },
  { badge: 'Team assist', to: 'sales.analyst', by: 'admin', ago: 20, reason: 'Covered the PPC reports during the holidays.' },
  {
    badge: 'Rocket launch',
    to: 'ppc.specialist',
    by: 'sales.manager',
    ago: 12,
    reason: 'Prime Day campaigns live two days early.',
  },
  { badge: 'Customer star', to: 'cs.agent', by: 'cs.lead', ago: 5, reason: 'Turned a one-star review into a five-star one.' },
  {
    badge: 'Customer star',
    to: 'cs.agent',
    by: 'cs.lead',
    ago: 30,
    reason: 'Duplicate entry.',
    revoked: 'Given twice for the same case',
  },
  { badge: 'Rocket launch', to: 'pm', by: 'admin', ago: 60, reason: 'Gen 2 light bar passed D3 on schedule.' },
  { badge: 'Star of the year', to: 'planner', by: 'admin', ago: 90, reason: 'No stock-out on the top 20 SKUs all year.' },
];

async function build(tx: DbOrTx) {
  const users = await tx.execute<{ id: number; login_name: string }>(
    sql`SELECT u.id, u.login_name FROM ${userDirectory} u WHERE u.account_id = 1`,
  );
  const idOf = new Map(users.rows.map((u) => [u.login_name, Number(u.id)]));
  const values = await tx.execute<{ id: number }>(sql`SELECT id FROM growth_values WHERE account_id = 1 ORDER BY sort, id`);
  const badgeIds = new Map<string, number>();
  for (const b of BADGES) {
    const valueId = b.value === null ? null : (values.rows[b.value]?.id ?? null);
    const r = await tx.execute<{ id: number }>(sql`
      INSERT INTO growth_badges (account_id, name_zh, name_en, description, icon, value_id, state, updated_by)
      VALUES (1, ${b.zh}, ${b.en}, ${b.description}, ${b.icon}, ${valueId}, ${b.retired ? 'retired' : 'active'}, ${idOf.get('admin') ?? null})
      RETURNING id`);
    badgeIds.set(b.en, Number(r.rows[0]?.id));
  }
  for (const a of AWARDS) {
    const [badge, to, by] = [badgeIds.get(a.badge), idOf.get(a.to), idOf.get(a.by)];
    if (badge === undefined || to === undefined || by === undefined) continue;
    await tx.execute(sql`
      INSERT INTO growth_badge_awards (account_id, badge_id, employee_id, reason, day, awarded_by, state, revoked_by, revoked_at,
                                       revoke_reason, created_at, updated_at)
      VALUES (1, ${badge}, ${to}, ${a.reason}, current_date - ${a.ago}::int, ${by}, ${a.revoked ? 'revoked' : 'awarded'},
              ${a.revoked ? by : null}, ${a.revoked ? sql`now() - make_interval(days => ${a.ago - 1})` : null}, ${a.revoked ?? null},
              now() - make_interval(days => ${a.ago}), now() - make_interval(days => ${a.revoked ? a.ago - 1 : a.ago}))`);
  }
}

export const applyBadgesDemoOnce = (db: Db) =>
  applyDemoOnce(db, BADGES_SEED_KEY, sql`EXISTS (SELECT 1 FROM growth_badges)`, build);
