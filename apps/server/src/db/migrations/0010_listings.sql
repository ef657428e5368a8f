CREATE TABLE "listing_saved_filters" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_watches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"listing_id" integer NOT NULL,
	"units_drop_pct" smallint,
	"no_sales_days" smallint,
	"min_margin_pct" numeric(6, 2),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "listing_saved_filters_user_name_uq" ON "listing_saved_filters" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "listing_watches_user_listing_uq" ON "listing_watches" USING btree ("user_id","listing_id");