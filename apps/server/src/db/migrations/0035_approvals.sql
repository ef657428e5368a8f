CREATE TABLE "approval_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"approval_id" integer NOT NULL,
	"action" text NOT NULL,
	"user_id" integer NOT NULL,
	"impersonator_user_id" integer,
	"round" integer NOT NULL,
	"step" integer NOT NULL,
	"from_status" smallint NOT NULL,
	"to_status" smallint NOT NULL,
	"remark" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_waits" (
	"approval_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"flow" text NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_waits_user_id_approval_id_pk" PRIMARY KEY("user_id","approval_id")
);
--> statement-breakpoint
CREATE TABLE "approvals" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"flow" text NOT NULL,
	"entity_id" text NOT NULL,
	"submitter_id" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"round" integer DEFAULT 0 NOT NULL,
	"approvers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"votes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "approval_events_approval_idx" ON "approval_events" USING btree ("approval_id","id");--> statement-breakpoint
CREATE INDEX "approval_waits_approval_idx" ON "approval_waits" USING btree ("approval_id");--> statement-breakpoint
CREATE UNIQUE INDEX "approvals_flow_entity_uq" ON "approvals" USING btree ("flow","entity_id");--> statement-breakpoint
CREATE INDEX "approvals_submitter_idx" ON "approvals" USING btree ("submitter_id","status");