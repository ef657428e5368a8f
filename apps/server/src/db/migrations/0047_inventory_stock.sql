CREATE TABLE "inventory_ages" (
	"shop_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"day" date NOT NULL,
	"sku" text NOT NULL,
	"listing_id" integer,
	"asin" text DEFAULT '' NOT NULL,
	"fnsku" text DEFAULT '' NOT NULL,
	"age_0_90" integer DEFAULT 0 NOT NULL,
	"age_91_180" integer DEFAULT 0 NOT NULL,
	"age_181_270" integer DEFAULT 0 NOT NULL,
	"age_271_365" integer DEFAULT 0 NOT NULL,
	"age_365_plus" integer DEFAULT 0 NOT NULL,
	"source" text NOT NULL,
	"import_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_ages_shop_id_warehouse_id_day_sku_pk" PRIMARY KEY("shop_id","warehouse_id","day","sku"),
	CONSTRAINT "inventory_ages_nonneg_ck" CHECK ("inventory_ages"."age_0_90" >= 0 AND "inventory_ages"."age_91_180" >= 0 AND "inventory_ages"."age_181_270" >= 0 AND "inventory_ages"."age_271_365" >= 0 AND "inventory_ages"."age_365_plus" >= 0)
);
--> statement-breakpoint
CREATE TABLE "inventory_positions" (
	"shop_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"day" date NOT NULL,
	"sku" text NOT NULL,
	"listing_id" integer,
	"asin" text DEFAULT '' NOT NULL,
	"fnsku" text DEFAULT '' NOT NULL,
	"fulfillable" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"inbound_working" integer DEFAULT 0 NOT NULL,
	"inbound_shipped" integer DEFAULT 0 NOT NULL,
	"inbound_receiving" integer DEFAULT 0 NOT NULL,
	"unfulfillable" integer DEFAULT 0 NOT NULL,
	"researching" integer DEFAULT 0 NOT NULL,
	"source" text NOT NULL,
	"import_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_positions_shop_id_warehouse_id_day_sku_pk" PRIMARY KEY("shop_id","warehouse_id","day","sku"),
	CONSTRAINT "inventory_positions_nonneg_ck" CHECK ("inventory_positions"."fulfillable" >= 0 AND "inventory_positions"."reserved" >= 0 AND "inventory_positions"."inbound_working" >= 0 AND "inventory_positions"."inbound_shipped" >= 0
          AND "inventory_positions"."inbound_receiving" >= 0 AND "inventory_positions"."unfulfillable" >= 0 AND "inventory_positions"."researching" >= 0)
);
--> statement-breakpoint
CREATE TABLE "inventory_warehouses" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"market_id" smallint,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "inventory_warehouses_kind_ck" CHECK ("inventory_warehouses"."kind" IN ('fba', '3pl', 'factory'))
);
--> statement-breakpoint
CREATE INDEX "inventory_positions_listing_day_idx" ON "inventory_positions" USING btree ("listing_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_warehouses_code_uq" ON "inventory_warehouses" USING btree ("code");