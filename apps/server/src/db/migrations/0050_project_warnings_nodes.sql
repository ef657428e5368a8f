CREATE TABLE "project_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"name" text NOT NULL,
	"size" integer NOT NULL,
	"content_type" text NOT NULL,
	"uploaded_by" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_nodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"node" text NOT NULL,
	"plan_date" date,
	"reached_date" date,
	"bonus" numeric(14, 2) DEFAULT '0' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"reported_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_warnings" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "project_warnings" ADD COLUMN "due_date" date;--> statement-breakpoint
ALTER TABLE "project_warnings" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "project_warnings" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "project_warnings" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "project_files_uq" ON "project_files" USING btree ("project_id","file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_nodes_uq" ON "project_nodes" USING btree ("project_id","node");--> statement-breakpoint
CREATE INDEX "project_nodes_due_idx" ON "project_nodes" USING btree ("plan_date") WHERE reached_date IS NULL;--> statement-breakpoint
CREATE INDEX "project_warnings_status_idx" ON "project_warnings" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "project_warnings_source_uq" ON "project_warnings" USING btree ("project_id","source");