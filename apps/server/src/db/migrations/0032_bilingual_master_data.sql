ALTER TABLE "materials" ALTER COLUMN "name" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "materials" ALTER COLUMN "category" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "product_positions" ADD COLUMN "name_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "name_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "category_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "supplier_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Backfill: each existing text goes to the column of its language. A text without any CJK
-- character is English; a position written "中文 English" (the old seed) is split in two.
UPDATE "product_positions" SET "name_en" = m[2], "name" = m[1]
  FROM (SELECT id, regexp_match(name, '^(\S*[\u3400-\u9fff]\S*)\s+([^\u3400-\u9fff]+)$') AS m FROM "product_positions") x
 WHERE x.id = "product_positions".id AND x.m IS NOT NULL;--> statement-breakpoint
-- (an English-only position keeps its text in "name" too: that column is its unique key)
UPDATE "product_positions" SET "name_en" = "name"
 WHERE "name_en" = '' AND "name" !~ '[\u3400-\u9fff]';--> statement-breakpoint
UPDATE "materials" SET "name_en" = "name", "name" = '' WHERE "name" !~ '[\u3400-\u9fff]';--> statement-breakpoint
UPDATE "materials" SET "category_en" = "category", "category" = '' WHERE "category" !~ '[\u3400-\u9fff]';--> statement-breakpoint
UPDATE "materials" SET "supplier_en" = "supplier", "supplier" = '' WHERE "supplier" <> '' AND "supplier" !~ '[\u3400-\u9fff]';--> statement-breakpoint
ALTER TABLE "product_positions" ADD CONSTRAINT "product_positions_named_ck" CHECK ("product_positions"."name" <> '' OR "product_positions"."name_en" <> '');--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_named_ck" CHECK ("materials"."name" <> '' OR "materials"."name_en" <> '');--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_category_ck" CHECK ("materials"."category" <> '' OR "materials"."category_en" <> '');