CREATE TABLE "forecast_listings" (
	"listing_id" integer PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"market_id" smallint NOT NULL,
	"product_line_id" integer,
	"run_id" integer NOT NULL,
	"origin" date NOT NULL,
	"daily" real[] NOT NULL,
	"month_start" date NOT NULL,
	"months" real[] NOT NULL,
	"units30" integer DEFAULT 0 NOT NULL,
	"next7" real DEFAULT 0 NOT NULL,
	"next30" real DEFAULT 0 NOT NULL,
	"next90" real DEFAULT 0 NOT NULL,
	"method" text NOT NULL,
	"level" real DEFAULT 0 NOT NULL,
	"trend" real DEFAULT 0 NOT NULL,
	"censored_days" integer DEFAULT 0 NOT NULL,
	"bt_actual" real DEFAULT 0 NOT NULL,
	"bt_abs_error" real DEFAULT 0 NOT NULL,
	"bt_error" real DEFAULT 0 NOT NULL,
	"bt_naive_abs_error" real DEFAULT 0 NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forecast_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"requested_by" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"listings" integer DEFAULT 0 NOT NULL,
	"origin" date,
	"accuracy" jsonb,
	"error" text,
	CONSTRAINT "forecast_runs_state_ck" CHECK ("forecast_runs"."state" IN ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "forecast_listings_shop_idx" ON "forecast_listings" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "forecast_runs_requested_idx" ON "forecast_runs" USING btree ("requested_at");