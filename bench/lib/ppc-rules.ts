/**
 * The rule-engine benchmark (issue #5: a rule run over 100,000 keywords < 30 s): gives an
 * advertising shop of the data a campaign with `keywords` keywords and 7 settled days of
 * keyword facts each (straight into the tables), writes a keyword rule that matches every
 * one of them, and times its run through the API: one set-based evaluation and one
 * `applyChanges` of every bid.
 */
import pg from 'pg';

export interface RuleRunResult {
  keywords: number;
  changed: number;
  seconds: number;
}

export async function ruleRunBench(base: string, token: string, dbUrl: string, keywords: number): Promise<RuleRunResult> {
  const pool = new pg.Pool({ connectionString: dbUrl, max: 1 });
  let shopId: number;
  let campaignId: number;
  try {
    const shop = (
      await pool.query<{ shop_id: number; market_id: number; currency: string }>(
        `SELECT p.shop_id, p.market_id, p.currency FROM ppc_profiles p
           JOIN ppc_campaign_day d ON d.shop_id = p.shop_id GROUP BY p.shop_id, p.market_id, p.currency ORDER BY p.shop_id LIMIT 1`,
      )
    ).rows[0];
    if (!shop) throw new Error('no advertising shop with data');
    shopId = shop.shop_id;
    const name = `BENCH rules ${Date.now()}`;
    campaignId = (
      await pool.query<{ id: number }>(
        `INSERT INTO ppc_campaigns (shop_id, market_id, campaign_type, name, targeting, daily_budget, bidding_strategy)
         VALUES ($1, $2, 'sp', $3, 'manual', 100, 'legacy') RETURNING id`,
        [shopId, shop.market_id, name],
      )
    ).rows[0]?.id as number;
    const group = (
      await pool.query<{ id: number }>(
        `INSERT INTO ppc_ad_groups (campaign_id, shop_id, name, default_bid) VALUES ($1, $2, 'bench', 1) RETURNING id`,
        [campaignId, shopId],
      )
    ).rows[0]?.id as number;
    await pool.query(
      `INSERT INTO ppc_keywords (ad_group_id, campaign_id, shop_id, keyword_text, match_type, bid)
       SELECT $1, $2, $3, 'bench keyword ' || g, 'exact', 1 + (g % 100) / 100.0 FROM generate_series(1, $4::int) g`,
      [group, campaignId, shopId, keywords],
    );
    // The window ends at the shop's last day of data, 3 days ago at the latest: facts on the 7 days before.
    await pool.query(
      `WITH w AS (SELECT least(max(day), current_date - 3) AS e FROM ppc_campaign_day WHERE shop_id = $3)
       INSERT INTO ppc_performance (entity_type, entity_id, day, shop_id, market_id, campaign_id, ad_group_id, campaign_type,
                                    currency, rate, impressions, clicks, spend, orders, sales, units, source)
       SELECT 'keyword', k.id, w.e - d, k.shop_id, $4, k.campaign_id, k.ad_group_id, 'sp', $5, 1, 100, 2, 1.5, 0, 0, 0, 'bench'
         FROM ppc_keywords k, w, generate_series(0, 6) d WHERE k.ad_group_id = $1 AND k.campaign_id = $2`,
      [group, campaignId, shopId, shop.market_id, shop.currency],
    );
  } finally {
    await pool.end();
  }
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const created = await fetch(`${base}/api/ppc/rest/v1/rules`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({
      name: `bench ${keywords} keywords`,
      level: 'keyword',
      scope: { shopIds: [shopId], campaignIds: [campaignId] },
      windowDays: 7,
      conditions: [
        [
          { metric: 'clicks', op: 'gte', value: 10 },
          { metric: 'orders', op: 'eq', value: 0 },
        ],
      ],
      action: { type: 'bid_pct', value: -10, floor: 0.1 },
      scheduleHour: null,
      maxChanges: 200_000,
    }),
  });
  const rule = (await created.json()) as { code: number; msg: string; data: { id: number } };
  if (rule.code !== 0) throw new Error(`the rule was refused: ${rule.msg}`);
  const t0 = performance.now();
  const res = await fetch(`${base}/api/ppc/rest/v1/rules/${rule.data.id}/run`, {
    method: 'POST',
    headers: { authorization: auth.authorization },
  });
  const run = (await res.json()) as {
    code: number;
    msg: string;
    data: { changed: number; status: string; error: string | null };
  };
  const seconds = (performance.now() - t0) / 1000;
  if (run.data?.status === 'failed') throw new Error(`the run failed: ${run.data.error}`);
  if (run.code !== 0 && run.code !== 252) throw new Error(`the run answered ${run.msg}`);
  return { keywords, changed: run.data.changed, seconds };
}
