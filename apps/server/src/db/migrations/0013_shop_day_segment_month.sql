CREATE TABLE "sales_segment_month" (
	"month" date NOT NULL,
	"shop_id" integer NOT NULL,
	"market_id" smallint NOT NULL,
	"product_line_id" integer NOT NULL,
	"position_id" integer NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	"refunds_cents" bigint DEFAULT 0 NOT NULL,
	"fees_cents" bigint DEFAULT 0 NOT NULL,
	"ad_spend_cents" bigint DEFAULT 0 NOT NULL,
	"cogs_cents" bigint DEFAULT 0 NOT NULL,
	"other_costs_cents" bigint DEFAULT 0 NOT NULL,
	"settlement" smallint NOT NULL,
	CONSTRAINT "sales_segment_month_month_shop_id_product_line_id_position_id_pk" PRIMARY KEY("month","shop_id","product_line_id","position_id")
);
--> statement-breakpoint
CREATE TABLE "sales_shop_day" (
	"shop_id" integer NOT NULL,
	"day" date NOT NULL,
	"market_id" smallint NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	"refunds_cents" bigint DEFAULT 0 NOT NULL,
	"fees_cents" bigint DEFAULT 0 NOT NULL,
	"ad_spend_cents" bigint DEFAULT 0 NOT NULL,
	"cogs_cents" bigint DEFAULT 0 NOT NULL,
	"other_costs_cents" bigint DEFAULT 0 NOT NULL,
	"settlement" smallint NOT NULL,
	CONSTRAINT "sales_shop_day_shop_id_day_pk" PRIMARY KEY("shop_id","day")
);
--> statement-breakpoint
CREATE INDEX "sales_segment_month_shop_idx" ON "sales_segment_month" USING btree ("shop_id","month");--> statement-breakpoint
CREATE INDEX "sales_shop_day_day_idx" ON "sales_shop_day" USING btree ("day");