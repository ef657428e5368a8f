CREATE TABLE "share_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"kind" text NOT NULL,
	"entity_id" text NOT NULL,
	"account_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	"last_used_at" timestamp with time zone,
	"use_count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "share_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE INDEX "share_links_entity_idx" ON "share_links" USING btree ("account_id","kind","entity_id");--> statement-breakpoint
CREATE INDEX "share_links_creator_idx" ON "share_links" USING btree ("created_by","id");