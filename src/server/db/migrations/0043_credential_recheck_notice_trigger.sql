-- A change of a company's name or owner that takes verified credentials' badges off also flags
-- them for one mail to the company's owner (the credentials job sends it and clears the flag): the
-- change comes along many paths, and the owner must hear of it whichever one it was. Otherwise as
-- in 0038: waiting ones get a later updated_at, so an admin's decision on what they saw is refused.
CREATE OR REPLACE FUNCTION companies_credentials_recheck() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE company_credentials
     SET recheck_notice_due = recheck_notice_due OR status = 'verified',
         status = CASE WHEN status = 'verified' THEN 'needs_recheck' ELSE status END,
         updated_at = greatest(now(), updated_at + interval '1 millisecond')
   WHERE company_id = NEW.id AND status IN ('verified', 'pending', 'needs_recheck');
  RETURN NULL;
END
$$;
