CREATE TABLE "ppc_ad_group_day" (
	"ad_group_id" integer NOT NULL,
	"day" date NOT NULL,
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
	CONSTRAINT "ppc_ad_group_day_ad_group_id_day_pk" PRIMARY KEY("ad_group_id","day")
);
--> statement-breakpoint
CREATE TABLE "ppc_ad_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"external_id" text,
	"name" text NOT NULL,
	"default_bid" numeric(14, 2) NOT NULL,
	"state" text DEFAULT 'enabled' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ppc_campaign_day" (
	"campaign_id" integer NOT NULL,
	"day" date NOT NULL,
	"shop_id" integer NOT NULL,
	"market_id" smallint NOT NULL,
	"campaign_type" text NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"spend_cents" bigint DEFAULT 0 NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"sales_cents" bigint DEFAULT 0 NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ppc_campaign_day_campaign_id_day_pk" PRIMARY KEY("campaign_id","day")
);
--> statement-breakpoint
CREATE TABLE "ppc_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"market_id" smallint NOT NULL,
	"campaign_type" text NOT NULL,
	"external_id" text,
	"name" text NOT NULL,
	"targeting" text,
	"state" text DEFAULT 'enabled' NOT NULL,
	"daily_budget" numeric(14, 2) NOT NULL,
	"bidding_strategy" text,
	"start_date" date,
	"end_date" date,
	"portfolio_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ppc_keywords" (
	"id" serial PRIMARY KEY NOT NULL,
	"ad_group_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"keyword_text" text NOT NULL,
	"match_type" text NOT NULL,
	"bid" numeric(14, 2),
	"state" text DEFAULT 'enabled' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ppc_monitor_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"monitor_id" integer NOT NULL,
	"value" numeric(18, 4) NOT NULL,
	"threshold" numeric(14, 4) NOT NULL,
	"window_start" date NOT NULL,
	"window_end" date NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ppc_monitors" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"name" text NOT NULL,
	"scope" text NOT NULL,
	"campaign_id" integer,
	"listing_id" integer,
	"metric" text NOT NULL,
	"comparator" text NOT NULL,
	"threshold" numeric(14, 4) NOT NULL,
	"window_days" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ppc_negative_keywords" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"ad_group_id" integer,
	"shop_id" integer NOT NULL,
	"keyword_text" text NOT NULL,
	"match_type" text NOT NULL,
	"state" text DEFAULT 'enabled' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ppc_negative_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"ad_group_id" integer,
	"shop_id" integer NOT NULL,
	"asin" text NOT NULL,
	"state" text DEFAULT 'enabled' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ppc_performance" (
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"day" date NOT NULL,
	"shop_id" integer NOT NULL,
	"market_id" smallint NOT NULL,
	"campaign_id" integer NOT NULL,
	"ad_group_id" integer,
	"campaign_type" text NOT NULL,
	"listing_id" integer,
	"currency" text NOT NULL,
	"rate" numeric(18, 8) NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"spend" numeric(14, 2) DEFAULT '0' NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"sales" numeric(14, 2) DEFAULT '0' NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"orders_7d" integer,
	"sales_7d" numeric(14, 2),
	"units_7d" integer,
	"orders_14d" integer,
	"sales_14d" numeric(14, 2),
	"units_14d" integer,
	"settlement" smallint DEFAULT 2 NOT NULL,
	"source" text NOT NULL,
	"import_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ppc_performance_entity_type_entity_id_day_pk" PRIMARY KEY("entity_type","entity_id","day")
);
--> statement-breakpoint
CREATE TABLE "ppc_placements" (
	"campaign_id" integer NOT NULL,
	"placement" text NOT NULL,
	"bid_adjustment_pct" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "ppc_placements_campaign_id_placement_pk" PRIMARY KEY("campaign_id","placement")
);
--> statement-breakpoint
CREATE TABLE "ppc_portfolios" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"name" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ppc_product_ads" (
	"id" serial PRIMARY KEY NOT NULL,
	"ad_group_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"listing_id" integer,
	"sku" text,
	"asin" text,
	"state" text DEFAULT 'enabled' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ppc_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"market_id" smallint NOT NULL,
	"currency" text NOT NULL,
	"external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ppc_profiles_shop_id_unique" UNIQUE("shop_id")
);
--> statement-breakpoint
CREATE TABLE "ppc_search_terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"day" date NOT NULL,
	"campaign_id" integer NOT NULL,
	"ad_group_id" integer NOT NULL,
	"targeting" text NOT NULL,
	"match_type" text NOT NULL,
	"search_term" text NOT NULL,
	"currency" text NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"spend" numeric(14, 2) DEFAULT '0' NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"sales" numeric(14, 2) DEFAULT '0' NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"settlement" smallint DEFAULT 2 NOT NULL,
	"import_id" integer
);
--> statement-breakpoint
CREATE TABLE "ppc_sku_day" (
	"listing_id" integer NOT NULL,
	"day" date NOT NULL,
	"campaign_type" text NOT NULL,
	"shop_id" integer NOT NULL,
	"market_id" smallint NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"spend_cents" bigint DEFAULT 0 NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"sales_cents" bigint DEFAULT 0 NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ppc_sku_day_listing_id_day_campaign_type_pk" PRIMARY KEY("listing_id","day","campaign_type")
);
--> statement-breakpoint
CREATE TABLE "ppc_targets" (
	"id" serial PRIMARY KEY NOT NULL,
	"ad_group_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"kind" text NOT NULL,
	"expression" text NOT NULL,
	"bid" numeric(14, 2),
	"state" text DEFAULT 'enabled' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ppc_monitor_alerts" ADD CONSTRAINT "ppc_monitor_alerts_monitor_id_ppc_monitors_id_fk" FOREIGN KEY ("monitor_id") REFERENCES "public"."ppc_monitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ppc_ad_group_day_day_shop_idx" ON "ppc_ad_group_day" USING btree ("day","shop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ppc_ad_groups_campaign_name_uq" ON "ppc_ad_groups" USING btree ("campaign_id","name");--> statement-breakpoint
CREATE INDEX "ppc_ad_groups_shop_idx" ON "ppc_ad_groups" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "ppc_campaign_day_day_shop_idx" ON "ppc_campaign_day" USING btree ("day","shop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ppc_campaigns_shop_type_name_uq" ON "ppc_campaigns" USING btree ("shop_id","campaign_type","name");--> statement-breakpoint
CREATE INDEX "ppc_campaigns_shop_idx" ON "ppc_campaigns" USING btree ("shop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ppc_keywords_group_text_match_uq" ON "ppc_keywords" USING btree ("ad_group_id","keyword_text","match_type");--> statement-breakpoint
CREATE INDEX "ppc_keywords_campaign_idx" ON "ppc_keywords" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "ppc_monitor_alerts_monitor_idx" ON "ppc_monitor_alerts" USING btree ("monitor_id","raised_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ppc_monitor_alerts_open_uq" ON "ppc_monitor_alerts" USING btree ("monitor_id") WHERE resolved_at IS NULL;--> statement-breakpoint
CREATE INDEX "ppc_monitors_shop_idx" ON "ppc_monitors" USING btree ("shop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ppc_negative_keywords_uq" ON "ppc_negative_keywords" USING btree ("campaign_id",coalesce("ad_group_id", 0),"keyword_text","match_type");--> statement-breakpoint
CREATE UNIQUE INDEX "ppc_negative_products_uq" ON "ppc_negative_products" USING btree ("campaign_id",coalesce("ad_group_id", 0),"asin");--> statement-breakpoint
CREATE INDEX "ppc_performance_shop_day_idx" ON "ppc_performance" USING btree ("shop_id","day");--> statement-breakpoint
CREATE INDEX "ppc_performance_campaign_day_idx" ON "ppc_performance" USING btree ("campaign_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "ppc_portfolios_shop_name_uq" ON "ppc_portfolios" USING btree ("shop_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "ppc_product_ads_group_sku_asin_uq" ON "ppc_product_ads" USING btree ("ad_group_id","sku","asin");--> statement-breakpoint
CREATE INDEX "ppc_product_ads_campaign_idx" ON "ppc_product_ads" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "ppc_product_ads_listing_idx" ON "ppc_product_ads" USING btree ("listing_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ppc_search_terms_uq" ON "ppc_search_terms" USING btree ("ad_group_id","targeting","match_type","search_term","day");--> statement-breakpoint
CREATE INDEX "ppc_search_terms_shop_day_idx" ON "ppc_search_terms" USING btree ("shop_id","day");--> statement-breakpoint
CREATE INDEX "ppc_sku_day_day_shop_idx" ON "ppc_sku_day" USING btree ("day","shop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ppc_targets_group_expression_uq" ON "ppc_targets" USING btree ("ad_group_id","expression");--> statement-breakpoint
CREATE INDEX "ppc_targets_campaign_idx" ON "ppc_targets" USING btree ("campaign_id");