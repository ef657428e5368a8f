CREATE TABLE "ppc_rule_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"rule_id" integer NOT NULL,
	"trigger" text NOT NULL,
	"scheduled_for" date,
	"user_id" integer,
	"status" text DEFAULT 'running' NOT NULL,
	"window_start" date,
	"window_end" date,
	"matched" integer DEFAULT 0 NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"capped" boolean DEFAULT false NOT NULL,
	"message" text,
	"error" text,
	"batch_id" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ppc_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'rule' NOT NULL,
	"level" text NOT NULL,
	"scope" jsonb NOT NULL,
	"window_days" smallint NOT NULL,
	"conditions" jsonb NOT NULL,
	"action" jsonb NOT NULL,
	"schedule_hour" smallint,
	"enabled" boolean DEFAULT false NOT NULL,
	"cooldown_days" smallint DEFAULT 7 NOT NULL,
	"max_changes" integer DEFAULT 1000 NOT NULL,
	"max_delta" numeric(14, 2),
	"created_by" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ppc_rule_runs" ADD CONSTRAINT "ppc_rule_runs_rule_id_ppc_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."ppc_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ppc_rule_runs_rule_idx" ON "ppc_rule_runs" USING btree ("rule_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ppc_rule_runs_scheduled_uq" ON "ppc_rule_runs" USING btree ("rule_id","scheduled_for") WHERE scheduled_for IS NOT NULL;--> statement-breakpoint
CREATE INDEX "ppc_rules_account_idx" ON "ppc_rules" USING btree ("account_id","level");