CREATE TABLE "mail_auto_mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"mailbox_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'review' NOT NULL,
	"asins" text[] DEFAULT '{}'::text[] NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"days_after_delivery" smallint NOT NULL,
	"send_hour_from" smallint DEFAULT 9 NOT NULL,
	"send_hour_to" smallint DEFAULT 18 NOT NULL,
	"buyer_dedupe_days" smallint DEFAULT 30 NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer NOT NULL,
	"updated_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_auto_mails_kind_ck" CHECK ("mail_auto_mails"."kind" IN ('review', 'notice')),
	CONSTRAINT "mail_auto_mails_state_ck" CHECK ("mail_auto_mails"."state" IN (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "mail_auto_reply_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"mailbox_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"state" smallint DEFAULT 2 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer NOT NULL,
	"updated_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_auto_reply_plans_state_ck" CHECK ("mail_auto_reply_plans"."state" IN (1, 2))
);
--> statement-breakpoint
CREATE TABLE "mail_auto_reply_sends" (
	"dialogue_id" integer PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"message_row_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_auto_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"task_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"mailbox_id" integer NOT NULL,
	"order_row_id" integer NOT NULL,
	"order_id" text NOT NULL,
	"asin" text NOT NULL,
	"buyer_email" text NOT NULL,
	"review" boolean NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"text_body" text DEFAULT '' NOT NULL,
	"html_body" text DEFAULT '' NOT NULL,
	"message_id" text NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_auto_sends_source_ck" CHECK ("mail_auto_sends"."source" IN ('autoMail', 'invite')),
	CONSTRAINT "mail_auto_sends_state_ck" CHECK ("mail_auto_sends"."state" IN ('queued', 'sending', 'sent', 'failed', 'unknown', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "mail_buyer_blocks" (
	"account_id" integer NOT NULL,
	"email" text NOT NULL,
	"reason" text DEFAULT 'unsubscribed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_buyer_blocks_account_id_email_pk" PRIMARY KEY("account_id","email")
);
--> statement-breakpoint
CREATE TABLE "mail_invite_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"mailbox_id" integer NOT NULL,
	"name" text NOT NULL,
	"skus" text[] DEFAULT '{}'::text[] NOT NULL,
	"asins" text[] DEFAULT '{}'::text[] NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"days_after_delivery" smallint NOT NULL,
	"send_hour_from" smallint DEFAULT 9 NOT NULL,
	"send_hour_to" smallint DEFAULT 18 NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer NOT NULL,
	"updated_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"market_id" smallint NOT NULL,
	"order_id" text NOT NULL,
	"asin" text NOT NULL,
	"sku" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"order_status" text DEFAULT '' NOT NULL,
	"buyer_email" text,
	"buyer_name" text,
	"purchase_date" timestamp with time zone NOT NULL,
	"delivery_date" date,
	"return_state" text DEFAULT 'none' NOT NULL,
	"refund_state" text DEFAULT 'none' NOT NULL,
	"rma_state" text DEFAULT 'none' NOT NULL,
	"import_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_return_ck" CHECK ("orders"."return_state" IN ('none', 'open', 'closed')),
	CONSTRAINT "orders_refund_ck" CHECK ("orders"."refund_state" IN ('none', 'open', 'closed')),
	CONSTRAINT "orders_rma_ck" CHECK ("orders"."rma_state" IN ('none', 'open', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "order_lines" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_auto_mails_name_uq" ON "mail_auto_mails" USING btree ("account_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "mail_auto_reply_plans_name_uq" ON "mail_auto_reply_plans" USING btree ("account_id",lower("name"));--> statement-breakpoint
CREATE INDEX "mail_auto_reply_sends_plan_idx" ON "mail_auto_reply_sends" USING btree ("plan_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_auto_sends_line_uq" ON "mail_auto_sends" USING btree ("source","task_id","order_id","asin");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_auto_sends_review_uq" ON "mail_auto_sends" USING btree ("shop_id","order_id") WHERE "mail_auto_sends"."review" AND "mail_auto_sends"."state" <> 'skipped';--> statement-breakpoint
CREATE INDEX "mail_auto_sends_task_idx" ON "mail_auto_sends" USING btree ("source","task_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_auto_sends_buyer_idx" ON "mail_auto_sends" USING btree ("source","task_id","buyer_email");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_invite_plans_name_uq" ON "mail_invite_plans" USING btree ("account_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "orders_line_uq" ON "orders" USING btree ("shop_id","order_id","asin");--> statement-breakpoint
CREATE INDEX "orders_shop_delivery_idx" ON "orders" USING btree ("shop_id","delivery_date");