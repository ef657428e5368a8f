CREATE TABLE "project_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"event_date" date NOT NULL,
	"created_by" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"action" text NOT NULL,
	"user_id" integer NOT NULL,
	"impersonator_user_id" integer,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_todos" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"title" text NOT NULL,
	"assignee_id" integer NOT NULL,
	"due_date" date,
	"remind_at" date,
	"done" boolean DEFAULT false NOT NULL,
	"done_at" timestamp with time zone,
	"created_by" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_warnings" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"kind" text NOT NULL,
	"level" text DEFAULT 'warning' NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"owner_id" integer NOT NULL,
	"member_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"cc_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"dept_id" integer,
	"priority" text DEFAULT 'P2' NOT NULL,
	"stage" text DEFAULT 'DB' NOT NULL,
	"schedule_status" text DEFAULT 'DRAFT' NOT NULL,
	"run_status" text DEFAULT 'NOT_START' NOT NULL,
	"approval_status" smallint DEFAULT 1 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"dates" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"skus" text[] DEFAULT '{}'::text[] NOT NULL,
	"metrics" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "project_events_project_idx" ON "project_events" USING btree ("project_id","event_date");--> statement-breakpoint
CREATE INDEX "project_logs_project_idx" ON "project_logs" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "project_todos_project_idx" ON "project_todos" USING btree ("project_id","done","due_date");--> statement-breakpoint
CREATE INDEX "project_todos_assignee_idx" ON "project_todos" USING btree ("assignee_id","done");--> statement-breakpoint
CREATE INDEX "project_warnings_project_idx" ON "project_warnings" USING btree ("project_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_code_uq" ON "projects" USING btree ("account_id","code");--> statement-breakpoint
CREATE INDEX "projects_list_idx" ON "projects" USING btree ("account_id","updated_at");--> statement-breakpoint
CREATE INDEX "projects_type_idx" ON "projects" USING btree ("account_id","type","updated_at");--> statement-breakpoint
CREATE INDEX "projects_owner_idx" ON "projects" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "projects_members_gin" ON "projects" USING gin ("member_ids");