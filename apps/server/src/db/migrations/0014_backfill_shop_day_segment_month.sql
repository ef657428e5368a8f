-- Fill the shop-day and segment-month rollups of data written before they existed, from the
-- segment-day rows (the same sums the writers compute).
INSERT INTO sales_shop_day (shop_id, day, market_id, units, orders, revenue_cents, refunds_cents, fees_cents,
  ad_spend_cents, cogs_cents, other_costs_cents, settlement)
SELECT s.shop_id, s.day, min(s.market_id), sum(s.units)::bigint, sum(s.orders)::bigint, (sum(s.revenue) * 100)::bigint,
       (sum(s.refunds) * 100)::bigint, (sum(s.fees) * 100)::bigint, (sum(s.ad_spend) * 100)::bigint,
       (sum(s.cogs) * 100)::bigint, (sum(s.other_costs) * 100)::bigint, min(s.settlement)
  FROM sales_segment_day s
 GROUP BY s.shop_id, s.day
 ORDER BY s.day;
--> statement-breakpoint
INSERT INTO sales_segment_month (month, shop_id, market_id, product_line_id, position_id, units, orders, revenue_cents,
  refunds_cents, fees_cents, ad_spend_cents, cogs_cents, other_costs_cents, settlement)
SELECT date_trunc('month', s.day)::date, s.shop_id, min(s.market_id), s.product_line_id, s.position_id,
       sum(s.units)::bigint, sum(s.orders)::bigint, (sum(s.revenue) * 100)::bigint, (sum(s.refunds) * 100)::bigint,
       (sum(s.fees) * 100)::bigint, (sum(s.ad_spend) * 100)::bigint, (sum(s.cogs) * 100)::bigint,
       (sum(s.other_costs) * 100)::bigint, min(s.settlement)
  FROM sales_segment_day s
 GROUP BY 1, s.shop_id, s.product_line_id, s.position_id
 ORDER BY 1;
