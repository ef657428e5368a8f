CREATE TABLE "app_content" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"slot" text NOT NULL,
	"name" text NOT NULL,
	"payload" jsonb NOT NULL,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"version_range" text DEFAULT '' NOT NULL,
	"platforms" text[] DEFAULT '{}'::text[] NOT NULL,
	"models" text[] DEFAULT '{}'::text[] NOT NULL,
	"window_start" timestamp with time zone,
	"window_end" timestamp with time zone,
	"priority" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"published_at" timestamp with time zone,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_content_state_ck" CHECK ("app_content"."state" IN ('draft', 'scheduled', 'published', 'archived')),
	CONSTRAINT "app_content_window_ck" CHECK ("app_content"."window_end" IS NULL OR "app_content"."window_start" IS NULL OR "app_content"."window_end" > "app_content"."window_start")
);
--> statement-breakpoint
CREATE TABLE "app_content_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key_sha256" text NOT NULL,
	"enabled" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_content_keys_key_sha256_unique" UNIQUE("key_sha256")
);
--> statement-breakpoint
CREATE INDEX "app_content_live_idx" ON "app_content" USING btree ("kind","slot","priority" DESC NULLS LAST,"position","id") WHERE state IN ('scheduled', 'published');--> statement-breakpoint
CREATE INDEX "app_content_list_idx" ON "app_content" USING btree ("kind","slot","updated_at");