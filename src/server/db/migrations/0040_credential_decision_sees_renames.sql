-- A change of a company's name or owner also moves updated_at of its credentials that wait for a
-- decision (pending, needs_recheck): an admin's decision carries the updated_at it saw, so a
-- decision taken on the old name is refused rather than vouching for a name it never saw. Verified
-- ones go back to needs_recheck as before. The new updated_at is later to the millisecond (the
-- precision the decision carries it in), even for two changes within one millisecond.
CREATE OR REPLACE FUNCTION companies_credentials_recheck() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE company_credentials
     SET status = CASE WHEN status = 'verified' THEN 'needs_recheck' ELSE status END,
         updated_at = greatest(now(), updated_at + interval '1 millisecond')
   WHERE company_id = NEW.id AND status IN ('verified', 'pending', 'needs_recheck');
  RETURN NULL;
END
$$;
