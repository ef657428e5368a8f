CREATE TABLE "ppc_schedule_bases" (
	"schedule_id" integer NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"field" text NOT NULL,
	"base" numeric(14, 2) NOT NULL,
	"last_set" numeric(14, 2),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ppc_schedule_bases_schedule_id_entity_type_entity_id_field_pk" PRIMARY KEY("schedule_id","entity_type","entity_id","field")
);
--> statement-breakpoint
CREATE TABLE "ppc_schedule_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"schedule_id" integer NOT NULL,
	"trigger" text NOT NULL,
	"hour_start" timestamp with time zone,
	"weekday" smallint,
	"hour" smallint,
	"pct" smallint,
	"status" text DEFAULT 'done' NOT NULL,
	"entities" integer DEFAULT 0 NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL,
	"rebased" integer DEFAULT 0 NOT NULL,
	"message" text,
	"batch_id" integer,
	"user_id" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ppc_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"name" text NOT NULL,
	"scope" jsonb NOT NULL,
	"adjust" jsonb NOT NULL,
	"grid" jsonb NOT NULL,
	"state" text DEFAULT 'enabled' NOT NULL,
	"created_by" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ppc_schedule_bases" ADD CONSTRAINT "ppc_schedule_bases_schedule_id_ppc_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."ppc_schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ppc_schedule_runs" ADD CONSTRAINT "ppc_schedule_runs_schedule_id_ppc_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."ppc_schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ppc_schedule_bases_entity_uq" ON "ppc_schedule_bases" USING btree ("entity_type","entity_id","field");--> statement-breakpoint
CREATE INDEX "ppc_schedule_runs_schedule_idx" ON "ppc_schedule_runs" USING btree ("schedule_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ppc_schedule_runs_hour_uq" ON "ppc_schedule_runs" USING btree ("schedule_id","hour_start") WHERE hour_start IS NOT NULL;--> statement-breakpoint
CREATE INDEX "ppc_schedules_shop_idx" ON "ppc_schedules" USING btree ("shop_id","id");