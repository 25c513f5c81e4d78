-- companies.is_premium follows the owner's coin balance: set when a balance changes and when a
-- company changes hands, so no code path (charges, purchases, refunds, claims) can forget it.
CREATE OR REPLACE FUNCTION coin_balances_premium_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE companies SET is_premium = (NEW.balance > 0)
   WHERE owner_id = NEW.user_id AND is_premium IS DISTINCT FROM (NEW.balance > 0);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER coin_balances_premium AFTER INSERT OR UPDATE OF balance ON coin_balances
  FOR EACH ROW EXECUTE FUNCTION coin_balances_premium_trigger();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION companies_owner_premium_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.is_premium := coalesce((SELECT balance > 0 FROM coin_balances WHERE user_id = NEW.owner_id), false);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER companies_owner_premium BEFORE INSERT OR UPDATE OF owner_id ON companies
  FOR EACH ROW EXECUTE FUNCTION companies_owner_premium_trigger();
--> statement-breakpoint
UPDATE companies c SET is_premium = coalesce((SELECT cb.balance > 0 FROM coin_balances cb WHERE cb.user_id = c.owner_id), false);
