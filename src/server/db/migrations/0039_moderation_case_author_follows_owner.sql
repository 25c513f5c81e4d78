-- A listing's and its photos' author is the company's owner: when the owner changes (a claim
-- redeemed, an account handed over or deleted), the moderation cases of that company's listing and
-- photos follow, so the new owner is told of decisions and may appeal, and the old one no longer
-- can. A trigger, like the credentials' re-check, because ownership changes along many paths.
CREATE OR REPLACE FUNCTION companies_moderation_author() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE moderation_cases SET author_user_id = NEW.owner_id
   WHERE company_id = NEW.id AND item_type IN ('company', 'photo');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER companies_moderation_author AFTER UPDATE OF owner_id ON companies
  FOR EACH ROW WHEN (OLD.owner_id IS DISTINCT FROM NEW.owner_id)
  EXECUTE FUNCTION companies_moderation_author();
