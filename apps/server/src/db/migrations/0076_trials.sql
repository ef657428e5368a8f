CREATE TABLE "trial_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"trial_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"fields" jsonb NOT NULL,
	"answers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trial_questionnaires" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description_zh" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"questions" jsonb NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trial_selections" (
	"id" serial PRIMARY KEY NOT NULL,
	"trial_id" integer NOT NULL,
	"name" text NOT NULL,
	"rules" jsonb NOT NULL,
	"application_ids" integer[] NOT NULL,
	"frozen_at" timestamp with time zone,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trial_winners" (
	"id" serial PRIMARY KEY NOT NULL,
	"trial_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"rank" integer NOT NULL,
	"state" text DEFAULT 'selected' NOT NULL,
	"reason" text,
	"carrier" text,
	"tracking_no" text,
	"shipped_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trials" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"sku" text NOT NULL,
	"title_zh" text DEFAULT '' NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"description_zh" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"units" integer NOT NULL,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"apply_start" timestamp with time zone NOT NULL,
	"apply_end" timestamp with time zone NOT NULL,
	"fields" jsonb NOT NULL,
	"questionnaire_id" integer,
	"state" text DEFAULT 'draft' NOT NULL,
	"winners_published" boolean DEFAULT false NOT NULL,
	"draw_seed" text,
	"draw_selection_id" integer,
	"draw_order" integer[],
	"drawn_at" timestamp with time zone,
	"drawn_by" integer,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trials_units_ck" CHECK ("trials"."units" BETWEEN 1 AND 10000),
	CONSTRAINT "trials_window_ck" CHECK ("trials"."apply_end" > "trials"."apply_start")
);
--> statement-breakpoint
ALTER TABLE "trial_applications" ADD CONSTRAINT "trial_applications_trial_id_trials_id_fk" FOREIGN KEY ("trial_id") REFERENCES "public"."trials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_selections" ADD CONSTRAINT "trial_selections_trial_id_trials_id_fk" FOREIGN KEY ("trial_id") REFERENCES "public"."trials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_winners" ADD CONSTRAINT "trial_winners_trial_id_trials_id_fk" FOREIGN KEY ("trial_id") REFERENCES "public"."trials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_winners" ADD CONSTRAINT "trial_winners_application_id_trial_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."trial_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trials" ADD CONSTRAINT "trials_questionnaire_id_trial_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."trial_questionnaires"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trial_applications_email_uq" ON "trial_applications" USING btree ("trial_id","email");--> statement-breakpoint
CREATE INDEX "trial_applications_email_ix" ON "trial_applications" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "trial_winners_application_uq" ON "trial_winners" USING btree ("trial_id","application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trials_code_uq" ON "trials" USING btree ("code");