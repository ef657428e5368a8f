ALTER TABLE "project_todos" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "project_todos" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- A todo written before this column: its last change is when it was done, or else made.
UPDATE "project_todos" SET "updated_at" = COALESCE("done_at", "created_at");
