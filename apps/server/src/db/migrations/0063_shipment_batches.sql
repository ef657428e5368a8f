CREATE TABLE "shipment_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"shop_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"mode" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"ship_on" date,
	"carrier" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"tracking" text,
	"etd" date,
	"eta" date,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipment_batches_state_ck" CHECK ("shipment_batches"."state" IN ('open', 'loading', 'shipped', 'cancelled')),
	CONSTRAINT "shipment_batches_mode_ck" CHECK ("shipment_batches"."mode" IN ('sea', 'air', 'express', 'rail'))
);
--> statement-breakpoint
CREATE TABLE "shipment_delivery_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"list_id" integer NOT NULL,
	"batch_code" text NOT NULL,
	"plan_code" text NOT NULL,
	"carton_from" integer NOT NULL,
	"carton_to" integer NOT NULL,
	"sku" text NOT NULL,
	"fnsku" text,
	"asin" text,
	"model" text,
	"product_name" text,
	"product_name_en" text,
	"units_per_carton" integer NOT NULL,
	"cartons" integer NOT NULL,
	"destination" text NOT NULL,
	CONSTRAINT "shipment_delivery_lines_cartons_ck" CHECK ("shipment_delivery_lines"."cartons" > 0 AND "shipment_delivery_lines"."carton_to" = "shipment_delivery_lines"."carton_from" + "shipment_delivery_lines"."cartons" - 1)
);
--> statement-breakpoint
CREATE TABLE "shipment_delivery_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"shop_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"batch_ids" integer[] NOT NULL,
	"batch_codes" text[] NOT NULL,
	"cartons" integer NOT NULL,
	"units" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipment_plans" ADD COLUMN "batch_id" integer;--> statement-breakpoint
ALTER TABLE "shipment_delivery_lines" ADD CONSTRAINT "shipment_delivery_lines_list_id_shipment_delivery_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."shipment_delivery_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_batches_code_uq" ON "shipment_batches" USING btree ("code");--> statement-breakpoint
CREATE INDEX "shipment_batches_shop_idx" ON "shipment_batches" USING btree ("shop_id","state");--> statement-breakpoint
CREATE INDEX "shipment_delivery_lines_list_idx" ON "shipment_delivery_lines" USING btree ("list_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_delivery_lists_code_uq" ON "shipment_delivery_lists" USING btree ("code");--> statement-breakpoint
CREATE INDEX "shipment_delivery_lists_shop_idx" ON "shipment_delivery_lists" USING btree ("shop_id");--> statement-breakpoint
ALTER TABLE "shipment_plans" ADD CONSTRAINT "shipment_plans_batch_id_shipment_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."shipment_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_plans_batch_idx" ON "shipment_plans" USING btree ("batch_id");