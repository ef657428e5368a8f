CREATE TABLE "listings" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"asin" text NOT NULL,
	"market_id" smallint NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"price" numeric(12, 2),
	"currency" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"model" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"product_line_id" integer NOT NULL,
	"position_id" integer,
	"category_code" text NOT NULL,
	"lifecycle" smallint DEFAULT 1 NOT NULL,
	"launch_date" date,
	"eol_date" date,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_lifecycle_ck" CHECK ("products"."lifecycle" IN (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "sku_costs" (
	"sku_id" integer NOT NULL,
	"effective_from" date NOT NULL,
	"unit_cost" numeric(12, 4) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sku_fees" (
	"sku_id" integer NOT NULL,
	"market_id" smallint NOT NULL,
	"effective_from" date NOT NULL,
	"referral_rate" numeric(6, 4) NOT NULL,
	"fba_fee" numeric(10, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "skus" (
	"id" serial PRIMARY KEY NOT NULL,
	"sku" text NOT NULL,
	"product_id" integer NOT NULL,
	"variant" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_team_lines" (
	"team_id" integer NOT NULL,
	"product_line_id" integer NOT NULL,
	CONSTRAINT "sales_team_lines_team_id_product_line_id_pk" PRIMARY KEY("team_id","product_line_id"),
	CONSTRAINT "sales_team_lines_product_line_id_unique" UNIQUE("product_line_id")
);
--> statement-breakpoint
CREATE TABLE "sales_teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"director_user_id" integer,
	CONSTRAINT "sales_teams_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "cost_inductions" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"cost_date" date NOT NULL,
	"category" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"currency" text NOT NULL,
	"day" date NOT NULL,
	"rate" numeric(18, 8) NOT NULL,
	CONSTRAINT "exchange_rates_currency_day_pk" PRIMARY KEY("currency","day")
);
--> statement-breakpoint
CREATE TABLE "sales_facts" (
	"listing_id" integer NOT NULL,
	"day" date NOT NULL,
	"shop_id" integer NOT NULL,
	"market_id" smallint NOT NULL,
	"sku_id" integer NOT NULL,
	"product_line_id" integer NOT NULL,
	"position_id" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"rate" numeric(18, 8) NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue" numeric(14, 2) DEFAULT '0' NOT NULL,
	"refunds" numeric(14, 2) DEFAULT '0' NOT NULL,
	"marketplace_fees" numeric(14, 2) DEFAULT '0' NOT NULL,
	"fulfilment_fees" numeric(14, 2) DEFAULT '0' NOT NULL,
	"ad_spend" numeric(14, 2) DEFAULT '0' NOT NULL,
	"cogs" numeric(14, 2) DEFAULT '0' NOT NULL,
	"other_costs" numeric(14, 2) DEFAULT '0' NOT NULL,
	"sessions" integer,
	"page_views" integer,
	"settlement" smallint DEFAULT 2 NOT NULL,
	"source" text NOT NULL,
	"import_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_facts_listing_id_day_pk" PRIMARY KEY("listing_id","day")
);
--> statement-breakpoint
CREATE TABLE "sales_listing_month" (
	"listing_id" integer NOT NULL,
	"month" date NOT NULL,
	"shop_id" integer NOT NULL,
	"market_id" smallint NOT NULL,
	"product_line_id" integer NOT NULL,
	"position_id" integer NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"revenue" numeric(14, 2) DEFAULT '0' NOT NULL,
	"refunds" numeric(14, 2) DEFAULT '0' NOT NULL,
	"fees" numeric(14, 2) DEFAULT '0' NOT NULL,
	"ad_spend" numeric(14, 2) DEFAULT '0' NOT NULL,
	"cogs" numeric(14, 2) DEFAULT '0' NOT NULL,
	"other_costs" numeric(14, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "sales_listing_month_listing_id_month_pk" PRIMARY KEY("listing_id","month")
);
--> statement-breakpoint
CREATE TABLE "sales_segment_day" (
	"day" date NOT NULL,
	"shop_id" integer NOT NULL,
	"market_id" smallint NOT NULL,
	"product_line_id" integer NOT NULL,
	"position_id" integer NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"revenue" numeric(14, 2) DEFAULT '0' NOT NULL,
	"refunds" numeric(14, 2) DEFAULT '0' NOT NULL,
	"fees" numeric(14, 2) DEFAULT '0' NOT NULL,
	"ad_spend" numeric(14, 2) DEFAULT '0' NOT NULL,
	"cogs" numeric(14, 2) DEFAULT '0' NOT NULL,
	"other_costs" numeric(14, 2) DEFAULT '0' NOT NULL,
	"settlement" smallint NOT NULL,
	CONSTRAINT "sales_segment_day_day_shop_id_product_line_id_position_id_pk" PRIMARY KEY("day","shop_id","product_line_id","position_id")
);
--> statement-breakpoint
CREATE TABLE "user_preferences" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_preferences_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sku_costs" ADD CONSTRAINT "sku_costs_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sku_fees" ADD CONSTRAINT "sku_fees_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skus" ADD CONSTRAINT "skus_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_team_lines" ADD CONSTRAINT "sales_team_lines_team_id_sales_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."sales_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "listings_shop_sku_uq" ON "listings" USING btree ("shop_id","sku_id");--> statement-breakpoint
CREATE INDEX "listings_asin_idx" ON "listings" USING btree ("asin");--> statement-breakpoint
CREATE INDEX "listings_shop_idx" ON "listings" USING btree ("shop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_model_uq" ON "products" USING btree (lower("model"));--> statement-breakpoint
CREATE INDEX "products_line_idx" ON "products" USING btree ("product_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sku_costs_pk" ON "sku_costs" USING btree ("sku_id","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "sku_fees_pk" ON "sku_fees" USING btree ("sku_id","market_id","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "skus_sku_uq" ON "skus" USING btree ("sku");--> statement-breakpoint
CREATE INDEX "skus_product_idx" ON "skus" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "cost_inductions_listing_idx" ON "cost_inductions" USING btree ("listing_id","cost_date");--> statement-breakpoint
CREATE INDEX "cost_inductions_shop_idx" ON "cost_inductions" USING btree ("shop_id","cost_date");--> statement-breakpoint
CREATE INDEX "sales_facts_day_shop_idx" ON "sales_facts" USING btree ("day","shop_id");--> statement-breakpoint
CREATE INDEX "sales_listing_month_month_idx" ON "sales_listing_month" USING btree ("month","shop_id");--> statement-breakpoint
CREATE INDEX "sales_segment_day_shop_idx" ON "sales_segment_day" USING btree ("shop_id","day");