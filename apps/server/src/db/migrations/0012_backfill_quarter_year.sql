-- Fill the quarter and year listing rollups of data written before they existed, from the
-- month rows (the same sums the writers compute).
INSERT INTO sales_listing_quarter (listing_id, shop_id, market_id, product_line_id, position_id, quarter, units, orders,
  revenue_cents, refunds_cents, fees_cents, ad_spend_cents, cogs_cents, other_costs_cents)
SELECT listing_id, min(shop_id), min(market_id), min(product_line_id), min(position_id), date_trunc('quarter', month)::date,
       sum(units)::bigint, sum(orders)::bigint, sum(revenue_cents)::bigint, sum(refunds_cents)::bigint, sum(fees_cents)::bigint,
       sum(ad_spend_cents)::bigint, sum(cogs_cents)::bigint, sum(other_costs_cents)::bigint
  FROM sales_listing_month
 GROUP BY listing_id, date_trunc('quarter', month)::date
 ORDER BY 6;
--> statement-breakpoint
INSERT INTO sales_listing_year (listing_id, shop_id, market_id, product_line_id, position_id, year, units, orders,
  revenue_cents, refunds_cents, fees_cents, ad_spend_cents, cogs_cents, other_costs_cents)
SELECT listing_id, min(shop_id), min(market_id), min(product_line_id), min(position_id), date_trunc('year', month)::date,
       sum(units)::bigint, sum(orders)::bigint, sum(revenue_cents)::bigint, sum(refunds_cents)::bigint, sum(fees_cents)::bigint,
       sum(ad_spend_cents)::bigint, sum(cogs_cents)::bigint, sum(other_costs_cents)::bigint
  FROM sales_listing_month
 GROUP BY listing_id, date_trunc('year', month)::date
 ORDER BY 6;
