CREATE TABLE "ppc_search_term_day" (
	"shop_id" integer NOT NULL,
	"day" date NOT NULL,
	"campaign_type" text NOT NULL,
	"search_term" text NOT NULL,
	"market_id" smallint NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"spend_cents" bigint DEFAULT 0 NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"sales_cents" bigint DEFAULT 0 NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ppc_search_term_day_shop_id_day_campaign_type_search_term_pk" PRIMARY KEY("shop_id","day","campaign_type","search_term")
);
--> statement-breakpoint
CREATE TABLE "ppc_search_term_week" (
	"shop_id" integer NOT NULL,
	"week" date NOT NULL,
	"campaign_type" text NOT NULL,
	"search_term" text NOT NULL,
	"market_id" smallint NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"spend_cents" bigint DEFAULT 0 NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"sales_cents" bigint DEFAULT 0 NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ppc_search_term_week_shop_id_week_campaign_type_search_term_pk" PRIMARY KEY("shop_id","week","campaign_type","search_term")
);
--> statement-breakpoint
-- Fill the search-term rollups from the rows written before they existed (what refreshSearchTermRollups computes).
INSERT INTO ppc_search_term_day (shop_id, day, campaign_type, search_term, market_id, impressions, clicks, spend_cents, orders, sales_cents, units)
WITH g AS MATERIALIZED (
  SELECT t.shop_id, t.day, c.campaign_type, t.search_term, t.currency, max(c.market_id) AS market_id,
         sum(t.impressions) AS impressions, sum(t.clicks) AS clicks, sum(t.spend) AS spend, sum(t.orders) AS orders,
         sum(t.sales) AS sales, sum(t.units) AS units
    FROM ppc_search_terms t JOIN ppc_campaigns c ON c.id = t.campaign_id
   GROUP BY t.shop_id, t.day, c.campaign_type, t.search_term, t.currency),
rt AS MATERIALIZED (
  SELECT x.currency, x.day,
         coalesce((SELECT er.rate FROM exchange_rates er WHERE er.currency = x.currency AND er.day <= x.day ORDER BY er.day DESC LIMIT 1),
                  CASE WHEN x.currency = 'USD' THEN 1 END) AS rate
    FROM (SELECT DISTINCT currency, day FROM g) x)
SELECT g.shop_id, g.day, g.campaign_type, g.search_term, max(g.market_id), sum(g.impressions)::bigint, sum(g.clicks)::bigint,
       coalesce(sum((round(g.spend * rt.rate, 2) * 100)::bigint), 0)::bigint, sum(g.orders)::bigint,
       coalesce(sum((round(g.sales * rt.rate, 2) * 100)::bigint), 0)::bigint, sum(g.units)::bigint
  FROM g JOIN rt ON rt.currency = g.currency AND rt.day = g.day
 GROUP BY g.shop_id, g.day, g.campaign_type, g.search_term;
--> statement-breakpoint
INSERT INTO ppc_search_term_week (shop_id, week, campaign_type, search_term, market_id, impressions, clicks, spend_cents, orders, sales_cents, units)
SELECT shop_id, date_trunc('week', day)::date, campaign_type, search_term, max(market_id), sum(impressions), sum(clicks), sum(spend_cents),
       sum(orders), sum(sales_cents), sum(units)
  FROM ppc_search_term_day GROUP BY shop_id, date_trunc('week', day)::date, campaign_type, search_term;
--> statement-breakpoint
ANALYZE ppc_search_term_day, ppc_search_term_week;
