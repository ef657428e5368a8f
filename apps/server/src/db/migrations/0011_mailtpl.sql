CREATE TABLE "mail_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"owner_user_id" integer,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"language" text NOT NULL,
	"market_id" smallint,
	"asin" text,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer NOT NULL,
	"updated_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_templates_kind_ck" CHECK ("mail_templates"."kind" IN ('reply', 'faq'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "mail_templates_name_uq" ON "mail_templates" USING btree ("account_id","kind",coalesce("owner_user_id", 0),lower("name"));--> statement-breakpoint
CREATE INDEX "mail_templates_account_kind_idx" ON "mail_templates" USING btree ("account_id","kind","updated_at");