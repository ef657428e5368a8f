CREATE TABLE "growth_study" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"provider" text DEFAULT '' NOT NULL,
	"hours" numeric(5, 1) NOT NULL,
	"start_day" date,
	"end_day" date,
	"state" text DEFAULT 'planned' NOT NULL,
	"link" text,
	"note" text DEFAULT '' NOT NULL,
	"confirmed_by" integer,
	"confirmed_at" timestamp with time zone,
	"return_remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "growth_study_employee_idx" ON "growth_study" USING btree ("account_id","employee_id");--> statement-breakpoint
CREATE INDEX "growth_study_account_state_idx" ON "growth_study" USING btree ("account_id","state");