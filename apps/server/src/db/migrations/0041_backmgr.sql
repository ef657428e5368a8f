CREATE TABLE "fba_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"market_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"country" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_notice_acks" (
	"notice_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"acknowledged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "system_notice_acks_notice_id_user_id_pk" PRIMARY KEY("notice_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "system_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"title_zh" text DEFAULT '' NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"body_zh" text DEFAULT '' NOT NULL,
	"body_en" text DEFAULT '' NOT NULL,
	"level" text DEFAULT 'info' NOT NULL,
	"audience" text DEFAULT 'everyone' NOT NULL,
	"role_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"user_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"publish_from" timestamp with time zone NOT NULL,
	"publish_to" timestamp with time zone,
	"state" text DEFAULT 'draft' NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"event" text NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"message" text,
	"by_user_id" integer
);
--> statement-breakpoint
ALTER TABLE "system_notice_acks" ADD CONSTRAINT "system_notice_acks_notice_id_system_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."system_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_events" ADD CONSTRAINT "job_events_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fba_codes_market_code_uq" ON "fba_codes" USING btree ("market_id","code");--> statement-breakpoint
CREATE INDEX "system_notice_acks_user_idx" ON "system_notice_acks" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "system_notices_live_idx" ON "system_notices" USING btree ("publish_from") WHERE state = 'published';--> statement-breakpoint
CREATE INDEX "job_events_job_idx" ON "job_events" USING btree ("job_id","id");