CREATE TABLE "sales_listing_day" (
	"listing_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"market_id" smallint NOT NULL,
	"product_line_id" integer NOT NULL,
	"position_id" integer NOT NULL,
	"day" date NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	"refunds_cents" bigint DEFAULT 0 NOT NULL,
	"fees_cents" bigint DEFAULT 0 NOT NULL,
	"ad_spend_cents" bigint DEFAULT 0 NOT NULL,
	"cogs_cents" bigint DEFAULT 0 NOT NULL,
	"other_costs_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_listing_day_listing_id_day_pk" PRIMARY KEY("listing_id","day")
);
--> statement-breakpoint
CREATE TABLE "sales_listing_week" (
	"listing_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"market_id" smallint NOT NULL,
	"product_line_id" integer NOT NULL,
	"position_id" integer NOT NULL,
	"week" date NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	"refunds_cents" bigint DEFAULT 0 NOT NULL,
	"fees_cents" bigint DEFAULT 0 NOT NULL,
	"ad_spend_cents" bigint DEFAULT 0 NOT NULL,
	"cogs_cents" bigint DEFAULT 0 NOT NULL,
	"other_costs_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_listing_week_listing_id_week_pk" PRIMARY KEY("listing_id","week")
);
--> statement-breakpoint
ALTER TABLE "sales_listing_month" ADD COLUMN "revenue_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_listing_month" ADD COLUMN "refunds_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_listing_month" ADD COLUMN "fees_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_listing_month" ADD COLUMN "ad_spend_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_listing_month" ADD COLUMN "cogs_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_listing_month" ADD COLUMN "other_costs_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "sales_listing_day_day_idx" ON "sales_listing_day" USING btree ("day","shop_id");--> statement-breakpoint
CREATE INDEX "sales_listing_week_week_idx" ON "sales_listing_week" USING btree ("week","shop_id");--> statement-breakpoint
ALTER TABLE "sales_listing_month" DROP COLUMN "revenue";--> statement-breakpoint
ALTER TABLE "sales_listing_month" DROP COLUMN "refunds";--> statement-breakpoint
ALTER TABLE "sales_listing_month" DROP COLUMN "fees";--> statement-breakpoint
ALTER TABLE "sales_listing_month" DROP COLUMN "ad_spend";--> statement-breakpoint
ALTER TABLE "sales_listing_month" DROP COLUMN "cogs";--> statement-breakpoint
ALTER TABLE "sales_listing_month" DROP COLUMN "other_costs";--> statement-breakpoint
-- Backfill: the listing rollups from the facts, as refreshRollups computes them (cents of usd() figures).
TRUNCATE "sales_listing_month";--> statement-breakpoint
INSERT INTO "sales_listing_day" (listing_id, shop_id, market_id, product_line_id, position_id, day, units, orders,
  revenue_cents, refunds_cents, fees_cents, ad_spend_cents, cogs_cents, other_costs_cents)
SELECT f.listing_id, f.shop_id, f.market_id, f.product_line_id, f.position_id, f.day, f.units, f.orders,
  (round(f.revenue * f.rate, 2) * 100)::bigint, (round(f.refunds * f.rate, 2) * 100)::bigint,
  (round(f.marketplace_fees * f.rate, 2) * 100)::bigint + (round(f.fulfilment_fees * f.rate, 2) * 100)::bigint,
  (round(f.ad_spend * f.rate, 2) * 100)::bigint, (round(f.cogs * f.rate, 2) * 100)::bigint,
  (round(f.other_costs * f.rate, 2) * 100)::bigint
FROM sales_facts f ORDER BY f.day;--> statement-breakpoint
INSERT INTO "sales_listing_week" (listing_id, shop_id, market_id, product_line_id, position_id, week, units, orders,
  revenue_cents, refunds_cents, fees_cents, ad_spend_cents, cogs_cents, other_costs_cents)
SELECT listing_id, min(shop_id), min(market_id), min(product_line_id), min(position_id), date_trunc('week', day)::date,
  sum(units), sum(orders), sum(revenue_cents), sum(refunds_cents), sum(fees_cents), sum(ad_spend_cents), sum(cogs_cents), sum(other_costs_cents)
FROM sales_listing_day GROUP BY listing_id, date_trunc('week', day)::date ORDER BY 6;--> statement-breakpoint
INSERT INTO "sales_listing_month" (listing_id, shop_id, market_id, product_line_id, position_id, month, units, orders,
  revenue_cents, refunds_cents, fees_cents, ad_spend_cents, cogs_cents, other_costs_cents)
SELECT listing_id, min(shop_id), min(market_id), min(product_line_id), min(position_id), date_trunc('month', day)::date,
  sum(units), sum(orders), sum(revenue_cents), sum(refunds_cents), sum(fees_cents), sum(ad_spend_cents), sum(cogs_cents), sum(other_costs_cents)
FROM sales_listing_day GROUP BY listing_id, date_trunc('month', day)::date ORDER BY 6;
