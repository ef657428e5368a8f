CREATE TABLE "fba_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"case_id" text DEFAULT '' NOT NULL,
	"reimbursed_units" integer DEFAULT 0 NOT NULL,
	"reimbursed_amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"currency" text DEFAULT '' NOT NULL,
	"reimbursement_id" text DEFAULT '' NOT NULL,
	"import_id" integer,
	"remark" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fba_claims_state_ck" CHECK ("fba_claims"."state" IN ('open', 'submitted', 'approved', 'reimbursed', 'rejected', 'closed')),
	CONSTRAINT "fba_claims_qty_ck" CHECK ("fba_claims"."quantity" > 0 AND "fba_claims"."reimbursed_units" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shipment_plan_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"sku" text NOT NULL,
	"listing_id" integer,
	"units_per_carton" integer NOT NULL,
	"cartons" integer NOT NULL,
	"shipped" integer DEFAULT 0 NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "shipment_plan_lines_qty_ck" CHECK ("shipment_plan_lines"."units_per_carton" > 0 AND "shipment_plan_lines"."cartons" > 0 AND "shipment_plan_lines"."shipped" >= 0 AND "shipment_plan_lines"."received" >= 0 AND "shipment_plan_lines"."received" <= "shipment_plan_lines"."shipped")
);
--> statement-breakpoint
CREATE TABLE "shipment_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"shop_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"mode" text NOT NULL,
	"batch_no" text,
	"remark" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipment_plans_state_ck" CHECK ("shipment_plans"."state" IN ('draft', 'confirmed', 'batched', 'shipped', 'received', 'closed', 'cancelled')),
	CONSTRAINT "shipment_plans_mode_ck" CHECK ("shipment_plans"."mode" IN ('sea', 'air', 'express', 'rail'))
);
--> statement-breakpoint
CREATE TABLE "shipment_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"received_on" date NOT NULL,
	"quantity" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"code" text NOT NULL,
	"mode" text NOT NULL,
	"carrier" text NOT NULL,
	"tracking" text NOT NULL,
	"etd" date NOT NULL,
	"eta" date NOT NULL,
	"shipped_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_on" date
);
--> statement-breakpoint
ALTER TABLE "fba_claims" ADD CONSTRAINT "fba_claims_line_id_shipment_plan_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."shipment_plan_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_plan_lines" ADD CONSTRAINT "shipment_plan_lines_plan_id_shipment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."shipment_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_receipts" ADD CONSTRAINT "shipment_receipts_line_id_shipment_plan_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."shipment_plan_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_plan_id_shipment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."shipment_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fba_claims_line_uq" ON "fba_claims" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "fba_claims_shop_idx" ON "fba_claims" USING btree ("shop_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_plan_lines_sku_uq" ON "shipment_plan_lines" USING btree ("plan_id","sku");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_plans_code_uq" ON "shipment_plans" USING btree ("code");--> statement-breakpoint
CREATE INDEX "shipment_plans_shop_idx" ON "shipment_plans" USING btree ("shop_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_plan_uq" ON "shipments" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "shipments_tracking_idx" ON "shipments" USING btree ("tracking");