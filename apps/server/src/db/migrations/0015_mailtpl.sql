CREATE TABLE "cs_tree_nodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cs_tree_nodes_kind_ck" CHECK ("cs_tree_nodes"."kind" IN ('problem', 'demand'))
);
--> statement-breakpoint
CREATE TABLE "mail_keyword_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"keyword" text NOT NULL,
	"match_type" text DEFAULT 'contains' NOT NULL,
	"field" text DEFAULT 'any' NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"target_id" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_keyword_rules_kind_ck" CHECK ("mail_keyword_rules"."kind" IN ('dialogue', 'product'))
);
--> statement-breakpoint
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
CREATE UNIQUE INDEX "cs_tree_nodes_sibling_name_uq" ON "cs_tree_nodes" USING btree ("account_id","kind",coalesce("parent_id", 0),lower("name"));--> statement-breakpoint
CREATE INDEX "cs_tree_nodes_parent_idx" ON "cs_tree_nodes" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_keyword_rules_uq" ON "mail_keyword_rules" USING btree ("account_id","kind",lower("keyword"),"field");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_templates_name_uq" ON "mail_templates" USING btree ("account_id","kind",coalesce("owner_user_id", 0),lower("name"));--> statement-breakpoint
CREATE INDEX "mail_templates_account_kind_idx" ON "mail_templates" USING btree ("account_id","kind","updated_at");