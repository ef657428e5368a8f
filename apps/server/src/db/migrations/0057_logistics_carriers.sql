CREATE TABLE "logistics_carriers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"modes" text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "logistics_rate_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"carrier_id" integer NOT NULL,
	"mode" text NOT NULL,
	"origin" text DEFAULT 'CN' NOT NULL,
	"market_id" smallint NOT NULL,
	"destination" text DEFAULT '' NOT NULL,
	"price_per_kg" numeric(12, 4),
	"price_per_cbm" numeric(12, 4),
	"min_charge" numeric(12, 2) DEFAULT '0' NOT NULL,
	"fuel_surcharge_pct" numeric(5, 2) DEFAULT '0' NOT NULL,
	"transit_days" smallint NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"remark" text DEFAULT '' NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "logistics_rate_cards_price_ck" CHECK ("logistics_rate_cards"."price_per_kg" IS NOT NULL OR "logistics_rate_cards"."price_per_cbm" IS NOT NULL),
	CONSTRAINT "logistics_rate_cards_valid_ck" CHECK ("logistics_rate_cards"."valid_to" IS NULL OR "logistics_rate_cards"."valid_to" >= "logistics_rate_cards"."valid_from")
);
--> statement-breakpoint
CREATE TABLE "logistics_shipment_settings" (
	"market_id" smallint PRIMARY KEY NOT NULL,
	"default_mode" text NOT NULL,
	"default_carrier_id" integer,
	"transit_sea" smallint NOT NULL,
	"transit_air" smallint NOT NULL,
	"transit_express" smallint NOT NULL,
	"transit_rail" smallint NOT NULL,
	"prep_days" smallint NOT NULL,
	"fba_capacity_units" integer,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "logistics_rate_cards" ADD CONSTRAINT "logistics_rate_cards_carrier_id_logistics_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."logistics_carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_shipment_settings" ADD CONSTRAINT "logistics_shipment_settings_default_carrier_id_logistics_carriers_id_fk" FOREIGN KEY ("default_carrier_id") REFERENCES "public"."logistics_carriers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "logistics_carriers_code_uq" ON "logistics_carriers" USING btree ("code");--> statement-breakpoint
CREATE INDEX "logistics_rate_cards_lane_ix" ON "logistics_rate_cards" USING btree ("carrier_id","mode","market_id","destination","valid_from");--> statement-breakpoint
CREATE INDEX "logistics_rate_cards_market_ix" ON "logistics_rate_cards" USING btree ("market_id","valid_from");