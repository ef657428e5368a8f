CREATE TABLE "bom_items" (
	"sku_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"quantity" numeric(14, 4) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "boms" (
	"sku_id" integer PRIMARY KEY NOT NULL,
	"labour" numeric(12, 4) DEFAULT '0' NOT NULL,
	"overhead" numeric(12, 4) DEFAULT '0' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "material_prices" (
	"material_id" integer NOT NULL,
	"effective_from" date NOT NULL,
	"unit_price" numeric(14, 4) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "materials" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"category" text NOT NULL,
	"supplier" text DEFAULT '' NOT NULL,
	"currency" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "imports" ALTER COLUMN "shop_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ALTER COLUMN "market_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ALTER COLUMN "time_zone" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bom_items" ADD CONSTRAINT "bom_items_sku_id_boms_sku_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."boms"("sku_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_items" ADD CONSTRAINT "bom_items_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boms" ADD CONSTRAINT "boms_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_prices" ADD CONSTRAINT "material_prices_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bom_items_pk" ON "bom_items" USING btree ("sku_id","material_id");--> statement-breakpoint
CREATE INDEX "bom_items_material_idx" ON "bom_items" USING btree ("material_id");--> statement-breakpoint
CREATE UNIQUE INDEX "material_prices_pk" ON "material_prices" USING btree ("material_id","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "materials_code_uq" ON "materials" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "materials_category_idx" ON "materials" USING btree ("category");