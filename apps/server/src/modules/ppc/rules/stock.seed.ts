/**
 * The demo's stock rule (issue #22): one keyword rule of the internal account, disabled and run
 * on demand only, that pauses the keywords of SKUs whose days of cover are below their lead time
 * and restores them when the stock is back — so a new user finds it on /ppcRules, previews it
 * (the dry run lists the demo's red SKUs' keywords) and can switch it on. On the demo shop with
 * the most advertised listings in red, created by the built-in admin.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';

export const STOCK_RULE_SEED_KEY = 'seed.ppc.stock-rule';
export const STOCK_RULE_DEMO_NAME = 'Low stock: pause keywords (cover < lead time)';

export async function applyStockRuleDemoOnce(db: Db): Promise<{ ruleId: number } | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${STOCK_RULE_SEED_KEY}))`);
    const done = await tx.execute(sql`SELECT 1 FROM app_meta WHERE key = ${STOCK_RULE_SEED_KEY}`);
    if (done.rows.length) return null;
    // The shop with the most listings advertised by keyword ad groups; the rule's dry run shows which are low.
    const [shop] = (
      await tx.execute<{ shop_id: number; account_id: number; admin_id: number | null }>(sql`
        SELECT pa.shop_id, s.account_id,
               (SELECT u.id FROM users u WHERE u.account_id = s.account_id AND u.builtin ORDER BY u.id LIMIT 1) AS admin_id
          FROM ppc_product_ads pa JOIN shops s ON s.id = pa.shop_id
         WHERE pa.listing_id IS NOT NULL AND pa.state = 'enabled'
           AND EXISTS (SELECT 1 FROM ppc_keywords k WHERE k.ad_group_id = pa.ad_group_id)
         GROUP BY pa.shop_id, s.account_id
         ORDER BY count(DISTINCT pa.listing_id) DESC, pa.shop_id
         LIMIT 1`)
    ).rows;
    if (!shop?.admin_id) return null;
    const [rule] = (
      await tx.execute<{ id: number }>(sql`
        INSERT INTO ppc_rules (account_id, name, kind, level, scope, window_days, conditions, action, schedule_hour, enabled,
                               cooldown_days, max_changes, max_delta, created_by)
        VALUES (${shop.account_id}, ${STOCK_RULE_DEMO_NAME}, 'rule', 'keyword', ${JSON.stringify({ shopIds: [shop.shop_id] })}::jsonb,
                14, ${JSON.stringify([[{ metric: 'impressions', op: 'gte', value: 1 }]])}::jsonb,
                ${JSON.stringify({ type: 'pause', stock: { when: 'cover_below_lead' } })}::jsonb, NULL, false, 7, 1000, NULL,
                ${shop.admin_id})
        RETURNING id`)
    ).rows;
    await tx.execute(sql`INSERT INTO app_meta (key, value) VALUES (${STOCK_RULE_SEED_KEY}, 'done') ON CONFLICT (key) DO NOTHING`);
    return rule ? { ruleId: rule.id } : null;
  });
}
