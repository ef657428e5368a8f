CREATE TABLE "mail_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"message_id" integer,
	"draft_id" integer,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea",
	"blocked" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_dialogues" (
	"id" serial PRIMARY KEY NOT NULL,
	"mailbox_id" integer NOT NULL,
	"shop_id" integer,
	"market_id" smallint,
	"buyer_email" text NOT NULL,
	"buyer_name" text DEFAULT '' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"subject_key" text DEFAULT '' NOT NULL,
	"snippet" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"dialogue_type" smallint DEFAULT 5 NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"unread" boolean DEFAULT true NOT NULL,
	"repair_order_status" smallint DEFAULT 0 NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"first_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"awaiting_since" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_drafts" (
	"id" serial PRIMARY KEY NOT NULL,
	"dialogue_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"dialogue_id" integer NOT NULL,
	"mailbox_id" integer NOT NULL,
	"direction" text NOT NULL,
	"message_id" text NOT NULL,
	"in_reply_to" text,
	"references" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"from_email" text DEFAULT '' NOT NULL,
	"from_name" text DEFAULT '' NOT NULL,
	"to_emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"text_body" text DEFAULT '' NOT NULL,
	"html_body" text,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"imap_uid" integer,
	"state" text,
	"last_error" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_mailbox_users" (
	"mailbox_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "mail_mailbox_users_mailbox_id_user_id_pk" PRIMARY KEY("mailbox_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "mail_mailboxes" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer DEFAULT 1 NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"shop_id" integer,
	"market_id" smallint,
	"enabled" boolean DEFAULT true NOT NULL,
	"imap_host" text NOT NULL,
	"imap_port" integer NOT NULL,
	"imap_secure" boolean NOT NULL,
	"imap_user" text NOT NULL,
	"imap_password_enc" text NOT NULL,
	"smtp_host" text NOT NULL,
	"smtp_port" integer NOT NULL,
	"smtp_secure" boolean NOT NULL,
	"smtp_user" text NOT NULL,
	"smtp_password_enc" text NOT NULL,
	"auth_state" smallint DEFAULT 0 NOT NULL,
	"last_error" text,
	"uid_validity" text,
	"last_uid" integer DEFAULT 0 NOT NULL,
	"last_fetch_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"dedupe_key" text,
	"repeat_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "mail_attachments" ADD CONSTRAINT "mail_attachments_message_id_mail_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."mail_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_dialogues" ADD CONSTRAINT "mail_dialogues_mailbox_id_mail_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mail_mailboxes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_drafts" ADD CONSTRAINT "mail_drafts_dialogue_id_mail_dialogues_id_fk" FOREIGN KEY ("dialogue_id") REFERENCES "public"."mail_dialogues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_dialogue_id_mail_dialogues_id_fk" FOREIGN KEY ("dialogue_id") REFERENCES "public"."mail_dialogues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_mailbox_users" ADD CONSTRAINT "mail_mailbox_users_mailbox_id_mail_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mail_mailboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_attachments_message_idx" ON "mail_attachments" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "mail_attachments_draft_idx" ON "mail_attachments" USING btree ("draft_id");--> statement-breakpoint
CREATE INDEX "mail_dialogues_list_idx" ON "mail_dialogues" USING btree ("mailbox_id","archived","last_message_at");--> statement-breakpoint
CREATE INDEX "mail_dialogues_buyer_idx" ON "mail_dialogues" USING btree ("mailbox_id",lower("buyer_email"),"subject_key");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_drafts_dialogue_user_uq" ON "mail_drafts" USING btree ("dialogue_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_messages_mailbox_msgid_uq" ON "mail_messages" USING btree ("mailbox_id","message_id");--> statement-breakpoint
CREATE INDEX "mail_messages_dialogue_idx" ON "mail_messages" USING btree ("dialogue_id","sent_at");--> statement-breakpoint
CREATE INDEX "mail_mailbox_users_user_idx" ON "mail_mailbox_users" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_mailboxes_email_uq" ON "mail_mailboxes" USING btree (lower("email")) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "mail_mailboxes_shop_idx" ON "mail_mailboxes" USING btree ("shop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_dedupe_unfinished_uq" ON "jobs" USING btree ("dedupe_key") WHERE state IN ('queued', 'running');--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE state = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_lease_idx" ON "jobs" USING btree ("locked_until") WHERE state = 'running';