CREATE TABLE "gtm_playbook_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"sort" smallint NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"phase" text NOT NULL,
	"offset_days" smallint NOT NULL,
	"dept_id" integer,
	"required" boolean DEFAULT true NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gtm_project_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"playbook_step_id" integer,
	"sort" smallint NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"phase" text NOT NULL,
	"offset_days" smallint NOT NULL,
	"dept_id" integer,
	"owner_id" integer,
	"required" boolean DEFAULT true NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"planned_on" date,
	"started_on" date,
	"actual_on" date,
	"skip_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "gtm_playbook_name_zh_uq" ON "gtm_playbook_steps" USING btree ("account_id",lower("name_zh"));--> statement-breakpoint
CREATE UNIQUE INDEX "gtm_playbook_name_en_uq" ON "gtm_playbook_steps" USING btree ("account_id",lower("name_en"));--> statement-breakpoint
CREATE INDEX "gtm_playbook_sort_idx" ON "gtm_playbook_steps" USING btree ("account_id","sort");--> statement-breakpoint
CREATE INDEX "gtm_project_steps_project_idx" ON "gtm_project_steps" USING btree ("project_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "gtm_project_steps_playbook_uq" ON "gtm_project_steps" USING btree ("project_id","playbook_step_id");--> statement-breakpoint
CREATE INDEX "gtm_project_steps_owner_idx" ON "gtm_project_steps" USING btree ("account_id","owner_id");