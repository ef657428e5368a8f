ALTER TABLE "app_content_keys" ADD COLUMN "key_hint" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "app_content_keys" ADD COLUMN "per_minute" integer DEFAULT 6000 NOT NULL;--> statement-breakpoint
ALTER TABLE "app_content_keys" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "app_content_keys" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "app_content_keys" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "app_content_keys" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "app_content_keys" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "app_content_keys" ADD CONSTRAINT "app_content_keys_per_minute_ck" CHECK ("app_content_keys"."per_minute" BETWEEN 1 AND 1000000);--> statement-breakpoint
ALTER TABLE "app_content_keys" ADD CONSTRAINT "app_content_keys_enabled_ck" CHECK ("app_content_keys"."enabled" IN (0, 1));