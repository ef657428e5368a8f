CREATE TABLE "forecast_exclusions" (
	"listing_id" integer PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"reason" text NOT NULL,
	"from_day" date,
	"to_day" date,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forecast_exclusions_period_ck" CHECK ("forecast_exclusions"."from_day" IS NULL OR "forecast_exclusions"."to_day" IS NULL OR "forecast_exclusions"."from_day" <= "forecast_exclusions"."to_day")
);
--> statement-breakpoint
CREATE TABLE "forecast_labels" (
	"listing_id" integer PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"type" text NOT NULL,
	"value" text,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forecast_labels_type_ck" CHECK ("forecast_labels"."type" IN ('new', 'promo', 'eol', 'watch'))
);
--> statement-breakpoint
CREATE TABLE "forecast_sku_warnings" (
	"listing_id" integer PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"stockout_days" integer NOT NULL,
	"overstock_days" integer NOT NULL,
	"lead_time_days" integer NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forecast_sku_warnings_ck" CHECK ("forecast_sku_warnings"."stockout_days" > 0 AND "forecast_sku_warnings"."stockout_days" < "forecast_sku_warnings"."overstock_days" AND "forecast_sku_warnings"."lead_time_days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "forecast_warning_configs" (
	"shop_id" integer PRIMARY KEY NOT NULL,
	"stockout_days" integer NOT NULL,
	"overstock_days" integer NOT NULL,
	"lead_time_days" integer NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forecast_warning_configs_ck" CHECK ("forecast_warning_configs"."stockout_days" > 0 AND "forecast_warning_configs"."stockout_days" < "forecast_warning_configs"."overstock_days" AND "forecast_warning_configs"."lead_time_days" >= 0)
);
--> statement-breakpoint
CREATE INDEX "forecast_exclusions_shop_idx" ON "forecast_exclusions" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "forecast_labels_shop_idx" ON "forecast_labels" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "forecast_sku_warnings_shop_idx" ON "forecast_sku_warnings" USING btree ("shop_id");