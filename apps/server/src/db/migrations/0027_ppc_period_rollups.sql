CREATE TABLE "ppc_ad_group_week" (
	"ad_group_id" integer NOT NULL,
	"week" date NOT NULL,
	"campaign_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"market_id" smallint NOT NULL,
	"campaign_type" text NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"spend_cents" bigint DEFAULT 0 NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"sales_cents" bigint DEFAULT 0 NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ppc_ad_group_week_ad_group_id_week_pk" PRIMARY KEY("ad_group_id","week")
);
--> statement-breakpoint
CREATE TABLE "ppc_campaign_week" (
	"campaign_id" integer NOT NULL,
	"week" date NOT NULL,
	"shop_id" integer NOT NULL,
	"market_id" smallint NOT NULL,
	"campaign_type" text NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"spend_cents" bigint DEFAULT 0 NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"sales_cents" bigint DEFAULT 0 NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ppc_campaign_week_campaign_id_week_pk" PRIMARY KEY("campaign_id","week")
);
--> statement-breakpoint
CREATE TABLE "ppc_shop_day" (
	"shop_id" integer NOT NULL,
	"day" date NOT NULL,
	"campaign_type" text NOT NULL,
	"market_id" smallint NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"spend_cents" bigint DEFAULT 0 NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"sales_cents" bigint DEFAULT 0 NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ppc_shop_day_shop_id_day_campaign_type_pk" PRIMARY KEY("shop_id","day","campaign_type")
);
--> statement-breakpoint
CREATE TABLE "ppc_sku_week" (
	"listing_id" integer NOT NULL,
	"week" date NOT NULL,
	"campaign_type" text NOT NULL,
	"shop_id" integer NOT NULL,
	"market_id" smallint NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"spend_cents" bigint DEFAULT 0 NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"sales_cents" bigint DEFAULT 0 NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ppc_sku_week_listing_id_week_campaign_type_pk" PRIMARY KEY("listing_id","week","campaign_type")
);
--> statement-breakpoint
CREATE INDEX "ppc_ad_group_week_shop_week_idx" ON "ppc_ad_group_week" USING btree ("shop_id","week");--> statement-breakpoint
CREATE INDEX "ppc_campaign_week_shop_week_idx" ON "ppc_campaign_week" USING btree ("shop_id","week");--> statement-breakpoint
CREATE INDEX "ppc_sku_week_shop_week_idx" ON "ppc_sku_week" USING btree ("shop_id","week");
--> statement-breakpoint
-- Fill the week rollups from the day rollups written before they existed (what refreshPpcRollups computes).
INSERT INTO ppc_campaign_week (campaign_id, week, shop_id, market_id, campaign_type, impressions, clicks, spend_cents, orders, sales_cents, units)
SELECT campaign_id, date_trunc('week', day)::date, max(shop_id), max(market_id), max(campaign_type), sum(impressions), sum(clicks),
       sum(spend_cents), sum(orders), sum(sales_cents), sum(units)
  FROM ppc_campaign_day GROUP BY campaign_id, date_trunc('week', day)::date;
--> statement-breakpoint
INSERT INTO ppc_ad_group_week (ad_group_id, week, campaign_id, shop_id, market_id, campaign_type, impressions, clicks, spend_cents, orders, sales_cents, units)
SELECT ad_group_id, date_trunc('week', day)::date, max(campaign_id), max(shop_id), max(market_id), max(campaign_type), sum(impressions),
       sum(clicks), sum(spend_cents), sum(orders), sum(sales_cents), sum(units)
  FROM ppc_ad_group_day GROUP BY ad_group_id, date_trunc('week', day)::date;
--> statement-breakpoint
INSERT INTO ppc_sku_week (listing_id, week, campaign_type, shop_id, market_id, impressions, clicks, spend_cents, orders, sales_cents, units)
SELECT listing_id, date_trunc('week', day)::date, campaign_type, max(shop_id), max(market_id), sum(impressions), sum(clicks),
       sum(spend_cents), sum(orders), sum(sales_cents), sum(units)
  FROM ppc_sku_day GROUP BY listing_id, date_trunc('week', day)::date, campaign_type;
--> statement-breakpoint
INSERT INTO ppc_shop_day (shop_id, day, campaign_type, market_id, impressions, clicks, spend_cents, orders, sales_cents, units)
SELECT shop_id, day, campaign_type, max(market_id), sum(impressions), sum(clicks), sum(spend_cents), sum(orders), sum(sales_cents), sum(units)
  FROM ppc_campaign_day GROUP BY shop_id, day, campaign_type;
--> statement-breakpoint
ANALYZE ppc_campaign_week, ppc_ad_group_week, ppc_sku_week, ppc_shop_day;
