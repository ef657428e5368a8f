CREATE TABLE "growth_cycles" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"quarter" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"dimensions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"opened_by" integer,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "growth_review_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"review_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_state" text NOT NULL,
	"to_state" text NOT NULL,
	"user_id" integer NOT NULL,
	"impersonator_user_id" integer,
	"remark" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "growth_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"cycle_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"leader_id" integer,
	"dept_name" text,
	"state" text DEFAULT 'draft' NOT NULL,
	"self_goals" text DEFAULT '' NOT NULL,
	"self_achievements" text DEFAULT '' NOT NULL,
	"self_comments" text DEFAULT '' NOT NULL,
	"self_scores" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"self_submitted_at" timestamp with time zone,
	"leader_scores" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"leader_comments" text DEFAULT '' NOT NULL,
	"rating" smallint,
	"reviewed_at" timestamp with time zone,
	"return_remark" text,
	"ack_comment" text,
	"acknowledged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "growth_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"behaviours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "growth_review_events" ADD CONSTRAINT "growth_review_events_review_id_growth_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."growth_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_reviews" ADD CONSTRAINT "growth_reviews_cycle_id_growth_cycles_id_fk" FOREIGN KEY ("cycle_id") REFERENCES "public"."growth_cycles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "growth_cycles_quarter_uq" ON "growth_cycles" USING btree ("account_id","quarter");--> statement-breakpoint
CREATE INDEX "growth_review_events_review_idx" ON "growth_review_events" USING btree ("review_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "growth_reviews_cycle_employee_uq" ON "growth_reviews" USING btree ("cycle_id","employee_id");--> statement-breakpoint
CREATE INDEX "growth_reviews_employee_idx" ON "growth_reviews" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "growth_reviews_leader_idx" ON "growth_reviews" USING btree ("leader_id");--> statement-breakpoint
CREATE UNIQUE INDEX "growth_values_name_zh_uq" ON "growth_values" USING btree ("account_id",lower("name_zh"));--> statement-breakpoint
CREATE UNIQUE INDEX "growth_values_name_en_uq" ON "growth_values" USING btree ("account_id",lower("name_en"));