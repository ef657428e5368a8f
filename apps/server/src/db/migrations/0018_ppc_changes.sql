CREATE TABLE "ppc_change_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"rule_id" integer,
	"rule_run_id" integer,
	"user_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ppc_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"campaign_type" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"field" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"source" text NOT NULL,
	"rule_id" integer,
	"rule_run_id" integer,
	"undone_by" integer,
	"undoes" integer,
	"exported_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ppc_changes" ADD CONSTRAINT "ppc_changes_batch_id_ppc_change_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."ppc_change_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ppc_changes_entity_idx" ON "ppc_changes" USING btree ("entity_type","entity_id","field","id");--> statement-breakpoint
CREATE INDEX "ppc_changes_shop_idx" ON "ppc_changes" USING btree ("shop_id","id");--> statement-breakpoint
CREATE INDEX "ppc_changes_batch_idx" ON "ppc_changes" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "ppc_changes_rule_idx" ON "ppc_changes" USING btree ("rule_id","id");