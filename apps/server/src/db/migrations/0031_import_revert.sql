CREATE SEQUENCE "public"."import_commit_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "import_replaced" (
	"import_id" integer NOT NULL,
	"listing_id" integer NOT NULL,
	"day" date NOT NULL,
	"old" jsonb,
	CONSTRAINT "import_replaced_import_id_listing_id_day_pk" PRIMARY KEY("import_id","listing_id","day")
);
--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "keep" jsonb;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "commit_seq" bigint;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "revertible" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "replaced_totals" jsonb;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "reverted_by" integer;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "reverted_at" timestamp with time zone;