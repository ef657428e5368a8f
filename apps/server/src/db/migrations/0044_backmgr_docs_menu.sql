CREATE TABLE "backmgr_doc_attachments" (
	"doc_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"name" text NOT NULL,
	"size" integer NOT NULL,
	"content_type" text NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "backmgr_doc_attachments_doc_id_file_id_pk" PRIMARY KEY("doc_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "backmgr_doc_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"doc_id" integer NOT NULL,
	"no" integer NOT NULL,
	"title_zh" text NOT NULL,
	"title_en" text NOT NULL,
	"category" text NOT NULL,
	"body" text NOT NULL,
	"restored_from" integer,
	"saved_by" integer,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "backmgr_doc_versions_no_uq" UNIQUE("doc_id","no")
);
--> statement-breakpoint
CREATE TABLE "backmgr_docs" (
	"id" serial PRIMARY KEY NOT NULL,
	"title_zh" text DEFAULT '' NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_overlay" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"sort" integer,
	"hidden" boolean DEFAULT false NOT NULL,
	"title_zh" text,
	"title_en" text,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "menu_overlay_kind_key_pk" PRIMARY KEY("kind","key")
);
--> statement-breakpoint
ALTER TABLE "backmgr_doc_attachments" ADD CONSTRAINT "backmgr_doc_attachments_doc_id_backmgr_docs_id_fk" FOREIGN KEY ("doc_id") REFERENCES "public"."backmgr_docs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backmgr_doc_versions" ADD CONSTRAINT "backmgr_doc_versions_doc_id_backmgr_docs_id_fk" FOREIGN KEY ("doc_id") REFERENCES "public"."backmgr_docs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backmgr_docs_updated_idx" ON "backmgr_docs" USING btree ("updated_at");