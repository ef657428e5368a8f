CREATE TABLE "customs_basics" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"country" text NOT NULL,
	"hs_code" text NOT NULL,
	"import_hs_code" text,
	"declared_name" text NOT NULL,
	"declared_name_en" text NOT NULL,
	"material" text NOT NULL,
	"usage" text NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"unit_value" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"declare_unit" text NOT NULL,
	"rebate_pct" numeric(5, 2) NOT NULL,
	"has_battery" boolean DEFAULT false NOT NULL,
	"battery_type" text DEFAULT 'none' NOT NULL,
	"magnetic" boolean DEFAULT false NOT NULL,
	"wireless" boolean DEFAULT false NOT NULL,
	"certification" text DEFAULT '' NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customs_basics_value_ck" CHECK ("customs_basics"."unit_value" > 0),
	CONSTRAINT "customs_basics_rebate_ck" CHECK ("customs_basics"."rebate_pct" >= 0 AND "customs_basics"."rebate_pct" <= 17),
	CONSTRAINT "customs_basics_battery_ck" CHECK ("customs_basics"."has_battery" = ("customs_basics"."battery_type" <> 'none'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "customs_basics_model_country_uq" ON "customs_basics" USING btree ("product_id","country");--> statement-breakpoint
CREATE INDEX "customs_basics_hs_ix" ON "customs_basics" USING btree ("hs_code");