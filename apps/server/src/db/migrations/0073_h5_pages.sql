CREATE TABLE "h5_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"slug" text NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"title_zh" text DEFAULT '' NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"draft" jsonb NOT NULL,
	"live" jsonb,
	"published_at" timestamp with time zone,
	"published_by" integer,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "h5_pages_state_ck" CHECK ("h5_pages"."state" IN ('draft', 'published', 'archived')),
	CONSTRAINT "h5_pages_live_ck" CHECK ("h5_pages"."state" <> 'published' OR "h5_pages"."live" IS NOT NULL)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "h5_pages_slug_uq" ON "h5_pages" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "h5_pages_type_ix" ON "h5_pages" USING btree ("type","updated_at");