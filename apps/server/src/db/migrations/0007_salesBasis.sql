ALTER TABLE "exchange_rates" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sales_teams" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_teams" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;