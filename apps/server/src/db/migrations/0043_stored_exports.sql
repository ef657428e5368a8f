CREATE TABLE "stored_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"path" text NOT NULL,
	"query" jsonb NOT NULL,
	"permission" text NOT NULL,
	"shop_ids" integer[],
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"row_count" integer,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stored_exports" ADD CONSTRAINT "stored_exports_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stored_exports_user_idx" ON "stored_exports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "stored_exports_expires_idx" ON "stored_exports" USING btree ("expires_at");