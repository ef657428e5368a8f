CREATE TABLE "sales_period_totals" (
	"import_id" integer NOT NULL,
	"listing_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"currency" text NOT NULL,
	"units" integer NOT NULL,
	"orders" integer NOT NULL,
	"revenue" numeric(14, 2) NOT NULL,
	"sessions" integer,
	"page_views" integer,
	CONSTRAINT "sales_period_totals_import_id_listing_id_pk" PRIMARY KEY("import_id","listing_id")
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"account_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"market_id" smallint NOT NULL,
	"period_start" date,
	"period_end" date,
	"file_name" text NOT NULL,
	"file_hash" text NOT NULL,
	"file_size" bigint NOT NULL,
	"variant" text,
	"fingerprint" text NOT NULL,
	"locale" text,
	"currency" text,
	"time_zone" text NOT NULL,
	"rate_snapshot" jsonb NOT NULL,
	"row_count" integer NOT NULL,
	"error_count" integer NOT NULL,
	"warning_count" integer NOT NULL,
	"errors" jsonb NOT NULL,
	"warnings" jsonb NOT NULL,
	"header_diff" jsonb,
	"payload" jsonb NOT NULL,
	"duplicate_of" integer,
	"result" jsonb,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"committed_by" integer,
	"committed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "sales_period_totals_shop_idx" ON "sales_period_totals" USING btree ("shop_id","period_start");--> statement-breakpoint
CREATE INDEX "imports_shop_idx" ON "imports" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "imports_hash_idx" ON "imports" USING btree ("file_hash");