CREATE TABLE "report_definitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"endpoint" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"query" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"schedule_kind" text NOT NULL,
	"schedule_time" text NOT NULL,
	"weekday" integer,
	"month_day" integer,
	"time_zone" text NOT NULL,
	"recipients" integer[] DEFAULT '{}'::int[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"next_due_at" timestamp with time zone,
	"lang" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"trigger" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"rows" integer,
	"stored_export_id" integer,
	"file_name" text,
	"mail_state" text DEFAULT 'none' NOT NULL,
	"mailed_to" text[] DEFAULT '{}'::text[] NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "export_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"query" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"lang" text,
	"state" text DEFAULT 'queued' NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"rows_estimated" integer,
	"stored_export_id" integer,
	"file_name" text,
	"error" text,
	"error_code" text,
	"job_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "report_runs" ADD CONSTRAINT "report_runs_report_id_report_definitions_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report_definitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_definitions_owner_idx" ON "report_definitions" USING btree ("owner_id","id");--> statement-breakpoint
CREATE INDEX "report_definitions_due_idx" ON "report_definitions" USING btree ("next_due_at") WHERE enabled;--> statement-breakpoint
CREATE UNIQUE INDEX "report_runs_due_uq" ON "report_runs" USING btree ("report_id","due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "export_jobs_one_running_uq" ON "export_jobs" USING btree ("user_id") WHERE state = 'running';--> statement-breakpoint
CREATE INDEX "export_jobs_user_idx" ON "export_jobs" USING btree ("user_id","created_at");