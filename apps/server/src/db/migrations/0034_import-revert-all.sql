CREATE TABLE "import_changes" (
	"import_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"entity" text NOT NULL,
	"key" jsonb NOT NULL,
	"before" json NOT NULL,
	"after" text,
	CONSTRAINT "import_changes_import_id_seq_pk" PRIMARY KEY("import_id","seq")
);
--> statement-breakpoint
CREATE INDEX "import_changes_scope_idx" ON "import_changes" USING btree ("entity","key","import_id");