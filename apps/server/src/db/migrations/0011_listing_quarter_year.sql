CREATE TABLE "sales_listing_quarter" (
	"listing_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"market_id" smallint NOT NULL,
	"product_line_id" integer NOT NULL,
	"position_id" integer NOT NULL,
	"quarter" date NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	"refunds_cents" bigint DEFAULT 0 NOT NULL,
	"fees_cents" bigint DEFAULT 0 NOT NULL,
	"ad_spend_cents" bigint DEFAULT 0 NOT NULL,
	"cogs_cents" bigint DEFAULT 0 NOT NULL,
	"other_costs_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_listing_quarter_listing_id_quarter_pk" PRIMARY KEY("listing_id","quarter")
);
--> statement-breakpoint
CREATE TABLE "sales_listing_year" (
	"listing_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"market_id" smallint NOT NULL,
	"product_line_id" integer NOT NULL,
	"position_id" integer NOT NULL,
	"year" date NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	"refunds_cents" bigint DEFAULT 0 NOT NULL,
	"fees_cents" bigint DEFAULT 0 NOT NULL,
	"ad_spend_cents" bigint DEFAULT 0 NOT NULL,
	"cogs_cents" bigint DEFAULT 0 NOT NULL,
	"other_costs_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_listing_year_listing_id_year_pk" PRIMARY KEY("listing_id","year")
);
--> statement-breakpoint
CREATE INDEX "sales_listing_quarter_quarter_idx" ON "sales_listing_quarter" USING btree ("quarter","shop_id");--> statement-breakpoint
CREATE INDEX "sales_listing_year_year_idx" ON "sales_listing_year" USING btree ("year","shop_id");