CREATE TABLE "product_model_info" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"length_mm" numeric(7, 1) NOT NULL,
	"width_mm" numeric(7, 1) NOT NULL,
	"height_mm" numeric(7, 1) NOT NULL,
	"net_weight_g" numeric(8, 1) NOT NULL,
	"gross_weight_g" numeric(8, 1) NOT NULL,
	"package_length_mm" numeric(7, 1) NOT NULL,
	"package_width_mm" numeric(7, 1) NOT NULL,
	"package_height_mm" numeric(7, 1) NOT NULL,
	"power_pack" smallint NOT NULL,
	"material" smallint NOT NULL,
	"rated_voltage" text,
	"wattage_w" numeric(7, 2),
	"plug_type" text,
	"certifications" text[] DEFAULT '{}'::text[] NOT NULL,
	"hs_code" text NOT NULL,
	"country_of_origin" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_model_info_power_pack_ck" CHECK ("product_model_info"."power_pack" IN (0, 1, 2)),
	CONSTRAINT "product_model_info_material_ck" CHECK ("product_model_info"."material" IN (1, 2)),
	CONSTRAINT "product_model_info_weight_ck" CHECK ("product_model_info"."gross_weight_g" >= "product_model_info"."net_weight_g"),
	CONSTRAINT "product_model_info_hs_ck" CHECK ("product_model_info"."hs_code" ~ '^[0-9]{6,10}$')
);
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "skus" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_model_info" ADD CONSTRAINT "product_model_info_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "skus_sku_lower_uq" ON "skus" USING btree (lower("sku"));