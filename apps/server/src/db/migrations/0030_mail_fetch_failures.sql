CREATE TABLE "mail_fetch_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"mailbox_id" integer NOT NULL,
	"uid_validity" text NOT NULL,
	"uid" integer NOT NULL,
	"subject" text,
	"from_email" text,
	"size" integer,
	"error" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'retry' NOT NULL,
	"first_failed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_mailboxes" ADD COLUMN "fetch_error" text;--> statement-breakpoint
ALTER TABLE "mail_mailboxes" ADD COLUMN "fetch_error_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_mailboxes" ADD COLUMN "fetching_uid" integer;--> statement-breakpoint
ALTER TABLE "mail_fetch_failures" ADD CONSTRAINT "mail_fetch_failures_mailbox_id_mail_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mail_mailboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_fetch_failures_uid_uq" ON "mail_fetch_failures" USING btree ("mailbox_id","uid_validity","uid");