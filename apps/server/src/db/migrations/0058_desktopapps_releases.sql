CREATE TABLE "desktop_app_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name_zh" text DEFAULT '' NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"platforms" text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "desktop_app_releases" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"release_version" text NOT NULL,
	"v_major" integer NOT NULL,
	"v_minor" integer NOT NULL,
	"v_patch" integer NOT NULL,
	"channel" text NOT NULL,
	"platform" text NOT NULL,
	"download_url" text NOT NULL,
	"sha256" text NOT NULL,
	"notes_zh" text DEFAULT '' NOT NULL,
	"notes_en" text DEFAULT '' NOT NULL,
	"minimum_version" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"percentage" numeric(5, 2) DEFAULT '0' NOT NULL,
	"first_live_at" timestamp with time zone,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "desktop_app_releases_pct_ck" CHECK ("desktop_app_releases"."percentage" >= 0 AND "desktop_app_releases"."percentage" <= 100)
);
--> statement-breakpoint
ALTER TABLE "desktop_app_releases" ADD CONSTRAINT "desktop_app_releases_product_id_desktop_app_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."desktop_app_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "desktop_app_products_code_uq" ON "desktop_app_products" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "desktop_app_releases_version_uq" ON "desktop_app_releases" USING btree ("product_id","channel","platform","release_version");--> statement-breakpoint
CREATE INDEX "desktop_app_releases_lane_ix" ON "desktop_app_releases" USING btree ("product_id","platform","state");