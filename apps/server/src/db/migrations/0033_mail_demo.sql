ALTER TABLE "mail_mailboxes" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_mailboxes" ADD COLUMN "checked_at" timestamp with time zone;