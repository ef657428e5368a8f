-- The supply epoch (inventory/supply-epoch.ts): a number that grows with every committed
-- transaction that wrote a table the stock screens compute from. Each process keeps the rows it
-- computed for a screen (every listing's position, advice, shipment forecast) while the number
-- stands; the next read after a change computes again. A writing transaction adds one row, keyed
-- by its own id, so writers never wait for each other (a single counter row would make every
-- import hold it until commit); the number is the base plus the rows, which a recurring job
-- folds into the base in one statement, so it never goes back.
CREATE TABLE "supply_epoch_base" (
	"id" smallint PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
	"n" bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO "supply_epoch_base" ("id", "n") VALUES (1, 0);
--> statement-breakpoint
CREATE TABLE "supply_epoch_changes" (
	"txid" bigint PRIMARY KEY
);
--> statement-breakpoint
CREATE FUNCTION "bump_supply_epoch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "supply_epoch_changes" ("txid") VALUES (pg_current_xact_id()::text::bigint) ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['inventory_positions', 'inventory_ages', 'inventory_warehouses', 'inventory_removal_lines',
    'sales_facts', 'shipment_plans', 'shipment_plan_lines', 'shipments', 'forecast_listings', 'forecast_sku_warnings',
    'forecast_warning_configs', 'forecast_labels', 'products', 'product_model_info', 'skus', 'listings', 'product_lines',
    'shops', 'logistics_shipment_settings']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "bump_supply_epoch"()',
                   t || '_supply_epoch', t);
  END LOOP;
END
$$;
