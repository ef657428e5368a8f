CREATE TABLE "file_blobs" (
	"sha256" text PRIMARY KEY NOT NULL,
	"size" integer NOT NULL,
	"type" text NOT NULL,
	"width" integer,
	"height" integer,
	"chunk_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"touched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_chunks" (
	"sha256" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "file_chunks_sha256_seq_pk" PRIMARY KEY("sha256","seq")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"blob_sha" text NOT NULL,
	"thumb_sha" text,
	"name" text NOT NULL,
	"owner_id" integer NOT NULL,
	"entity" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "file_chunks" ADD CONSTRAINT "file_chunks_sha256_file_blobs_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."file_blobs"("sha256") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_blob_sha_file_blobs_sha256_fk" FOREIGN KEY ("blob_sha") REFERENCES "public"."file_blobs"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_thumb_sha_file_blobs_sha256_fk" FOREIGN KEY ("thumb_sha") REFERENCES "public"."file_blobs"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_blob_idx" ON "files" USING btree ("blob_sha");--> statement-breakpoint
CREATE INDEX "files_thumb_idx" ON "files" USING btree ("thumb_sha") WHERE thumb_sha IS NOT NULL;--> statement-breakpoint
CREATE INDEX "files_entity_idx" ON "files" USING btree ("account_id","entity") WHERE entity IS NOT NULL;--> statement-breakpoint
-- Hand-written: chunks are mostly already compressed (images, zip, office, pdf); stored uncompressed out of line.
ALTER TABLE "file_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;
