CREATE TABLE "org_departments" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"leader_user_id" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_employees" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"employee_id" text NOT NULL,
	"name" text NOT NULL,
	"position" text DEFAULT '' NOT NULL,
	"leader_user_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_memberships" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"dept_id" integer NOT NULL,
	"effective_from" date NOT NULL,
	"effective_to" date,
	CONSTRAINT "org_memberships_dates_ck" CHECK ("org_memberships"."effective_to" IS NULL OR "org_memberships"."effective_to" >= "org_memberships"."effective_from")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "org_departments_sibling_name_uq" ON "org_departments" USING btree ("account_id",coalesce("parent_id", 0),lower("name"));--> statement-breakpoint
CREATE INDEX "org_departments_parent_idx" ON "org_departments" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "org_employees_employee_id_uq" ON "org_employees" USING btree ("account_id",lower("employee_id"));--> statement-breakpoint
CREATE INDEX "org_memberships_employee_idx" ON "org_memberships" USING btree ("employee_id","effective_from");--> statement-breakpoint
CREATE INDEX "org_memberships_dept_idx" ON "org_memberships" USING btree ("dept_id");--> statement-breakpoint
CREATE UNIQUE INDEX "org_memberships_open_uq" ON "org_memberships" USING btree ("employee_id") WHERE "org_memberships"."effective_to" IS NULL;