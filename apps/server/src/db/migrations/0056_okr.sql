CREATE TABLE "okr_checkins" (
	"id" serial PRIMARY KEY NOT NULL,
	"key_result_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"impersonator_user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"value" numeric(16, 2),
	"score" numeric(4, 3),
	"comment" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "okr_key_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"objective_id" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"weight" smallint DEFAULT 1 NOT NULL,
	"kind" text NOT NULL,
	"metric" text,
	"target" numeric(16, 2) DEFAULT '0' NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"hand_score" numeric(4, 3),
	"current" numeric(16, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "okr_objectives" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"list_type" smallint NOT NULL,
	"quarter" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"owner_id" integer NOT NULL,
	"dept_id" integer,
	"project_id" integer,
	"state" text DEFAULT 'draft' NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "okr_checkins" ADD CONSTRAINT "okr_checkins_key_result_id_okr_key_results_id_fk" FOREIGN KEY ("key_result_id") REFERENCES "public"."okr_key_results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "okr_key_results" ADD CONSTRAINT "okr_key_results_objective_id_okr_objectives_id_fk" FOREIGN KEY ("objective_id") REFERENCES "public"."okr_objectives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "okr_checkins_kr_idx" ON "okr_checkins" USING btree ("key_result_id","at");--> statement-breakpoint
CREATE INDEX "okr_key_results_objective_idx" ON "okr_key_results" USING btree ("objective_id","position");--> statement-breakpoint
CREATE INDEX "okr_objectives_list_idx" ON "okr_objectives" USING btree ("account_id","list_type","quarter");--> statement-breakpoint
CREATE INDEX "okr_objectives_owner_idx" ON "okr_objectives" USING btree ("owner_id");