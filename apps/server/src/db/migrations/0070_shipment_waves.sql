CREATE TABLE "shipment_wave_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"wave_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"listing_id" integer NOT NULL,
	"sku" text NOT NULL,
	"warehouse_id" integer NOT NULL,
	"mode" text NOT NULL,
	"units" integer NOT NULL,
	"units_per_carton" integer NOT NULL,
	"cartons" integer,
	"source" text DEFAULT 'manual' NOT NULL,
	"advice_state" text,
	"stock_out_date" date,
	"purpose" text,
	"remark" text DEFAULT '' NOT NULL,
	CONSTRAINT "shipment_wave_lines_qty_ck" CHECK ("shipment_wave_lines"."units" > 0 AND "shipment_wave_lines"."units_per_carton" > 0 AND ("shipment_wave_lines"."cartons" IS NULL OR "shipment_wave_lines"."cartons" > 0)),
	CONSTRAINT "shipment_wave_lines_mode_ck" CHECK ("shipment_wave_lines"."mode" IN ('sea', 'air', 'express', 'rail')),
	CONSTRAINT "shipment_wave_lines_source_ck" CHECK ("shipment_wave_lines"."source" IN ('advice', 'manual', 'smart'))
);
--> statement-breakpoint
CREATE TABLE "shipment_waves" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"account_id" integer NOT NULL,
	"kind" text DEFAULT 'replenish' NOT NULL,
	"ship_week" date NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"owner_id" integer NOT NULL,
	"split_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipment_waves_state_ck" CHECK ("shipment_waves"."state" IN ('draft', 'review', 'approved', 'rejected', 'split', 'cancelled')),
	CONSTRAINT "shipment_waves_kind_ck" CHECK ("shipment_waves"."kind" IN ('replenish', 'sample'))
);
--> statement-breakpoint
ALTER TABLE "shipment_plans" ADD COLUMN "wave_id" integer;--> statement-breakpoint
ALTER TABLE "shipment_wave_lines" ADD CONSTRAINT "shipment_wave_lines_wave_id_shipment_waves_id_fk" FOREIGN KEY ("wave_id") REFERENCES "public"."shipment_waves"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_wave_lines_wave_idx" ON "shipment_wave_lines" USING btree ("wave_id");--> statement-breakpoint
CREATE INDEX "shipment_wave_lines_shop_idx" ON "shipment_wave_lines" USING btree ("shop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_waves_code_uq" ON "shipment_waves" USING btree ("code");--> statement-breakpoint
CREATE INDEX "shipment_waves_state_idx" ON "shipment_waves" USING btree ("state","created_at");--> statement-breakpoint
ALTER TABLE "shipment_plans" ADD CONSTRAINT "shipment_plans_wave_id_shipment_waves_id_fk" FOREIGN KEY ("wave_id") REFERENCES "public"."shipment_waves"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_plans_wave_idx" ON "shipment_plans" USING btree ("wave_id");