CREATE TABLE "gtm_goal_months" (
	"project_id" integer NOT NULL,
	"month" text NOT NULL,
	"units" integer NOT NULL,
	"revenue" numeric(14, 2) NOT NULL,
	"ad_budget" numeric(14, 2),
	"acos_target" numeric(5, 2),
	CONSTRAINT "gtm_goal_months_project_id_month_pk" PRIMARY KEY("project_id","month")
);
--> statement-breakpoint
CREATE TABLE "gtm_goal_plans" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
