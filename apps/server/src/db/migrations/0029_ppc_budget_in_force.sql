ALTER TABLE "ppc_campaign_day" ADD COLUMN "budget_cents" bigint;--> statement-breakpoint
-- The budget in force of every campaign-day written before the column existed: the `before`
-- of the first budget change made after the day ended, else the budget now, at the day's rate
-- (what refreshPpcRollups writes and what /outBudget computed per request).
UPDATE ppc_campaign_day r SET budget_cents = round(
         coalesce((SELECT (ch.before #>> '{}')::numeric FROM ppc_changes ch
                    WHERE ch.entity_type = 'campaign' AND ch.entity_id = r.campaign_id AND ch.field = 'daily_budget'
                      AND ch.created_at >= (r.day + 1)::timestamptz ORDER BY ch.id LIMIT 1), c.daily_budget)
         * coalesce((SELECT er.rate FROM exchange_rates er WHERE er.currency = pf.currency AND er.day <= r.day ORDER BY er.day DESC LIMIT 1),
                    CASE WHEN pf.currency = 'USD' THEN 1 END) * 100)
  FROM ppc_campaigns c JOIN ppc_profiles pf ON pf.shop_id = c.shop_id
 WHERE c.id = r.campaign_id;
--> statement-breakpoint
-- A budget change moves the budget in force of the campaign's days that have not ended yet
-- (a day already ended keeps the budget it had: the change is "made after the day ended").
CREATE FUNCTION "ppc_campaign_budget_in_force"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ppc_campaign_day r SET budget_cents = round(NEW.daily_budget
           * coalesce((SELECT er.rate FROM exchange_rates er WHERE er.currency = pf.currency AND er.day <= r.day ORDER BY er.day DESC LIMIT 1),
                      CASE WHEN pf.currency = 'USD' THEN 1 END) * 100)
    FROM ppc_profiles pf
   WHERE r.campaign_id = NEW.id AND pf.shop_id = NEW.shop_id AND (r.day + 1)::timestamptz > now();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "ppc_campaign_budget_in_force" AFTER UPDATE OF "daily_budget" ON "ppc_campaigns" FOR EACH ROW
  WHEN (OLD.daily_budget IS DISTINCT FROM NEW.daily_budget) EXECUTE FUNCTION "ppc_campaign_budget_in_force"();
