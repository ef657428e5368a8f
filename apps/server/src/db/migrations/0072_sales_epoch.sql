-- The sales epoch (inventory/supply-epoch.ts): as the supply epoch, for the sales facts alone. The
-- stock screens keep each listing's recent daily units while it stands, so an edit of a shipment or
-- a forecast setting (which moves the supply epoch) does not read 30 to 56 days of sales per listing
-- again; only a change of the sales does.
CREATE TABLE "sales_epoch_base" (
	"id" smallint PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
	"n" bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO "sales_epoch_base" ("id", "n") VALUES (1, 0);
--> statement-breakpoint
CREATE TABLE "sales_epoch_changes" (
	"txid" bigint PRIMARY KEY
);
--> statement-breakpoint
CREATE FUNCTION "bump_sales_epoch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "sales_epoch_changes" ("txid") VALUES (pg_current_xact_id()::text::bigint) ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sales_facts_sales_epoch" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sales_facts" FOR EACH STATEMENT EXECUTE FUNCTION "bump_sales_epoch"();
