CREATE TABLE "ppc_entity_day" (
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"day" date NOT NULL,
	"shop_id" integer NOT NULL,
	"market_id" smallint NOT NULL,
	"campaign_id" integer NOT NULL,
	"ad_group_id" integer,
	"campaign_type" text NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"spend_cents" bigint DEFAULT 0 NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"sales_cents" bigint DEFAULT 0 NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ppc_entity_day_entity_type_entity_id_day_pk" PRIMARY KEY("entity_type","entity_id","day")
);
--> statement-breakpoint
CREATE TABLE "ppc_entity_week" (
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"week" date NOT NULL,
	"shop_id" integer NOT NULL,
	"market_id" smallint NOT NULL,
	"campaign_id" integer NOT NULL,
	"ad_group_id" integer,
	"campaign_type" text NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"spend_cents" bigint DEFAULT 0 NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"sales_cents" bigint DEFAULT 0 NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ppc_entity_week_entity_type_entity_id_week_pk" PRIMARY KEY("entity_type","entity_id","week")
);
--> statement-breakpoint
CREATE INDEX "ppc_entity_day_shop_type_day_idx" ON "ppc_entity_day" USING btree ("shop_id","entity_type","day");--> statement-breakpoint
CREATE INDEX "ppc_entity_week_shop_type_week_idx" ON "ppc_entity_week" USING btree ("shop_id","entity_type","week");--> statement-breakpoint
-- Fill the entity rollups from the facts written before they existed (the same rows and
-- sums refreshPpcRollups computes: each fact's money in whole cents of the reporting currency).
INSERT INTO ppc_entity_day (entity_type, entity_id, day, shop_id, market_id, campaign_id, ad_group_id, campaign_type,
  impressions, clicks, spend_cents, orders, sales_cents, units)
SELECT f.entity_type, f.entity_id, f.day, f.shop_id, f.market_id, f.campaign_id, f.ad_group_id, f.campaign_type,
       f.impressions, f.clicks, (round(f.spend * f.rate, 2) * 100)::bigint, f.orders, (round(f.sales * f.rate, 2) * 100)::bigint,
       f.units
  FROM ppc_performance f
 WHERE f.entity_type IN ('keyword', 'target', 'product_ad')
 ORDER BY f.day;
--> statement-breakpoint
INSERT INTO ppc_entity_week (entity_type, entity_id, week, shop_id, market_id, campaign_id, ad_group_id, campaign_type,
  impressions, clicks, spend_cents, orders, sales_cents, units)
SELECT f.entity_type, f.entity_id, date_trunc('week', f.day)::date, max(f.shop_id), max(f.market_id), max(f.campaign_id),
       max(f.ad_group_id), max(f.campaign_type), sum(f.impressions)::bigint, sum(f.clicks)::bigint,
       sum((round(f.spend * f.rate, 2) * 100)::bigint)::bigint, sum(f.orders)::bigint,
       sum((round(f.sales * f.rate, 2) * 100)::bigint)::bigint, sum(f.units)::bigint
  FROM ppc_performance f
 WHERE f.entity_type IN ('keyword', 'target', 'product_ad')
 GROUP BY f.entity_type, f.entity_id, date_trunc('week', f.day)::date;
--> statement-breakpoint
ANALYZE ppc_entity_day, ppc_entity_week;
