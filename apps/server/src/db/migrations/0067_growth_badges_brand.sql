CREATE TABLE "brand_cooperations" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"kol_id" integer NOT NULL,
	"project_id" integer,
	"platform" text NOT NULL,
	"deliverable" text NOT NULL,
	"cost" numeric(12, 2) NOT NULL,
	"publish_day" date,
	"exposure" bigint DEFAULT 0 NOT NULL,
	"interactions" bigint DEFAULT 0 NOT NULL,
	"link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brand_kols" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"handles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"followers" bigint DEFAULT 0 NOT NULL,
	"country" text NOT NULL,
	"language" text NOT NULL,
	"category" text NOT NULL,
	"rate" numeric(12, 2),
	"currency" text DEFAULT 'USD' NOT NULL,
	"email" text,
	"phone" text,
	"owner_id" integer,
	"state" text DEFAULT 'prospect' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "growth_badge_awards" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"badge_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"reason" text NOT NULL,
	"day" date NOT NULL,
	"awarded_by" integer NOT NULL,
	"state" text DEFAULT 'awarded' NOT NULL,
	"revoked_by" integer,
	"revoked_at" timestamp with time zone,
	"revoke_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "growth_badges" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"icon" text NOT NULL,
	"value_id" integer,
	"state" text DEFAULT 'active' NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brand_cooperations" ADD CONSTRAINT "brand_cooperations_kol_id_brand_kols_id_fk" FOREIGN KEY ("kol_id") REFERENCES "public"."brand_kols"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_badge_awards" ADD CONSTRAINT "growth_badge_awards_badge_id_growth_badges_id_fk" FOREIGN KEY ("badge_id") REFERENCES "public"."growth_badges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_badges" ADD CONSTRAINT "growth_badges_value_id_growth_values_id_fk" FOREIGN KEY ("value_id") REFERENCES "public"."growth_values"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brand_cooperations_kol_idx" ON "brand_cooperations" USING btree ("kol_id");--> statement-breakpoint
CREATE INDEX "brand_cooperations_account_day_idx" ON "brand_cooperations" USING btree ("account_id","publish_day");--> statement-breakpoint
CREATE INDEX "brand_cooperations_project_idx" ON "brand_cooperations" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "brand_kols_account_state_idx" ON "brand_kols" USING btree ("account_id","state");--> statement-breakpoint
CREATE INDEX "brand_kols_name_idx" ON "brand_kols" USING btree ("account_id",lower("name"));--> statement-breakpoint
CREATE INDEX "growth_badge_awards_employee_idx" ON "growth_badge_awards" USING btree ("account_id","employee_id");--> statement-breakpoint
CREATE INDEX "growth_badge_awards_day_idx" ON "growth_badge_awards" USING btree ("account_id","state","day");--> statement-breakpoint
CREATE INDEX "growth_badge_awards_badge_idx" ON "growth_badge_awards" USING btree ("badge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "growth_badges_name_zh_uq" ON "growth_badges" USING btree ("account_id",lower("name_zh"));--> statement-breakpoint
CREATE UNIQUE INDEX "growth_badges_name_en_uq" ON "growth_badges" USING btree ("account_id",lower("name_en"));