-- A counter that moves whenever anything a session's permissions or shops derive from
-- changes. Sessions cache permissions per (user, epoch): the very next request after a
-- change sees a new epoch and reloads, in every process.
CREATE TABLE "authz_epoch" (
	"id" smallint PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
	"epoch" bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO "authz_epoch" ("id", "epoch") VALUES (1, 0);
--> statement-breakpoint
CREATE FUNCTION "bump_authz_epoch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "authz_epoch" SET "epoch" = "epoch" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "user_roles_authz" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_roles" FOR EACH STATEMENT EXECUTE FUNCTION "bump_authz_epoch"();
--> statement-breakpoint
CREATE TRIGGER "role_permissions_authz" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_permissions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_authz_epoch"();
--> statement-breakpoint
CREATE TRIGGER "permission_items_authz" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "permission_items" FOR EACH STATEMENT EXECUTE FUNCTION "bump_authz_epoch"();
--> statement-breakpoint
CREATE TRIGGER "user_shops_authz" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_shops" FOR EACH STATEMENT EXECUTE FUNCTION "bump_authz_epoch"();
--> statement-breakpoint
CREATE TRIGGER "shops_authz" AFTER INSERT OR UPDATE OF "mws_auth_state" OR DELETE OR TRUNCATE ON "shops" FOR EACH STATEMENT EXECUTE FUNCTION "bump_authz_epoch"();
