CREATE TABLE "logistics_bills" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"carrier_id" integer NOT NULL,
	"bill_no" text NOT NULL,
	"charge_type" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"invoice_day" date NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "logistics_bills_amount_ck" CHECK ("logistics_bills"."amount" > 0),
	CONSTRAINT "logistics_bills_charge_ck" CHECK ("logistics_bills"."charge_type" IN ('freight', 'duty', 'surcharge', 'insurance', 'other'))
);
--> statement-breakpoint
ALTER TABLE "logistics_bills" ADD CONSTRAINT "logistics_bills_carrier_id_logistics_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."logistics_carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "logistics_bills_no_uq" ON "logistics_bills" USING btree ("carrier_id","bill_no","charge_type");--> statement-breakpoint
CREATE INDEX "logistics_bills_shipment_ix" ON "logistics_bills" USING btree ("shipment_id");