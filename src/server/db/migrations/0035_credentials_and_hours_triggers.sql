-- Time zones, opening hours and credentials: what drizzle-kit cannot write.

-- The IANA zone of a US place from its state and its ZIP code's centre. The same rules as
-- src/shared/time-zones.ts (usTimeZone); an API test holds the two to the same answers.
CREATE OR REPLACE FUNCTION us_time_zone(state text, lat double precision, lon double precision) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN lat IS NOT NULL AND lon IS NOT NULL AND upper(state) IN ('FL','TN','KY','IN','MI','TX','KS','NE','ND','SD','ID','OR','AK') THEN
      CASE upper(state)
        WHEN 'FL' THEN CASE WHEN lon < -85.0 THEN 'America/Chicago' ELSE 'America/New_York' END
        WHEN 'TN' THEN CASE WHEN lon > -84.95 OR (lat < 35.25 AND lon > -85.45) THEN 'America/New_York' ELSE 'America/Chicago' END
        WHEN 'KY' THEN CASE WHEN (lat >= 37.4 AND lon > -86.0) OR lon > -85.2 THEN 'America/New_York' ELSE 'America/Chicago' END
        WHEN 'IN' THEN CASE WHEN lon < -86.6 AND (lat > 40.9 OR lat < 38.3) THEN 'America/Chicago' ELSE 'America/Indiana/Indianapolis' END
        WHEN 'MI' THEN CASE WHEN lon < -87.5 AND lat < 46.7 AND lat > 45.0 THEN 'America/Menominee' ELSE 'America/Detroit' END
        WHEN 'TX' THEN CASE WHEN lon < -104.9 THEN 'America/Denver' ELSE 'America/Chicago' END
        WHEN 'KS' THEN CASE WHEN lon < -101.48 AND lat > 37.7 AND lat < 39.57 THEN 'America/Denver' ELSE 'America/Chicago' END
        WHEN 'NE' THEN CASE WHEN lon < -101.0 THEN 'America/Denver' ELSE 'America/Chicago' END
        WHEN 'ND' THEN CASE WHEN (lat < 47.5 AND lon < -101.3) OR (lat < 46.3 AND lon < -100.5) THEN 'America/Denver' ELSE 'America/Chicago' END
        WHEN 'SD' THEN CASE WHEN lon < -101.0 THEN 'America/Denver' ELSE 'America/Chicago' END
        WHEN 'ID' THEN CASE WHEN lat > 45.45 THEN 'America/Los_Angeles' ELSE 'America/Boise' END
        WHEN 'OR' THEN CASE WHEN lon > -118.25 AND lat < 44.5 THEN 'America/Boise' ELSE 'America/Los_Angeles' END
        WHEN 'AK' THEN CASE WHEN lon < -169.5 THEN 'America/Adak' ELSE 'America/Anchorage' END
      END
    ELSE CASE upper(trim(state))
      WHEN 'AL' THEN 'America/Chicago' WHEN 'AK' THEN 'America/Anchorage' WHEN 'AR' THEN 'America/Chicago'
      WHEN 'AS' THEN 'Pacific/Pago_Pago' WHEN 'AZ' THEN 'America/Phoenix' WHEN 'CA' THEN 'America/Los_Angeles'
      WHEN 'CO' THEN 'America/Denver' WHEN 'CT' THEN 'America/New_York' WHEN 'DC' THEN 'America/New_York'
      WHEN 'DE' THEN 'America/New_York' WHEN 'FL' THEN 'America/New_York' WHEN 'GA' THEN 'America/New_York'
      WHEN 'GU' THEN 'Pacific/Guam' WHEN 'HI' THEN 'Pacific/Honolulu' WHEN 'IA' THEN 'America/Chicago'
      WHEN 'ID' THEN 'America/Boise' WHEN 'IL' THEN 'America/Chicago' WHEN 'IN' THEN 'America/Indiana/Indianapolis'
      WHEN 'KS' THEN 'America/Chicago' WHEN 'KY' THEN 'America/New_York' WHEN 'LA' THEN 'America/Chicago'
      WHEN 'MA' THEN 'America/New_York' WHEN 'MD' THEN 'America/New_York' WHEN 'ME' THEN 'America/New_York'
      WHEN 'MI' THEN 'America/Detroit' WHEN 'MN' THEN 'America/Chicago' WHEN 'MO' THEN 'America/Chicago'
      WHEN 'MP' THEN 'Pacific/Saipan' WHEN 'MS' THEN 'America/Chicago' WHEN 'MT' THEN 'America/Denver'
      WHEN 'NC' THEN 'America/New_York' WHEN 'ND' THEN 'America/Chicago' WHEN 'NE' THEN 'America/Chicago'
      WHEN 'NH' THEN 'America/New_York' WHEN 'NJ' THEN 'America/New_York' WHEN 'NM' THEN 'America/Denver'
      WHEN 'NV' THEN 'America/Los_Angeles' WHEN 'NY' THEN 'America/New_York' WHEN 'OH' THEN 'America/New_York'
      WHEN 'OK' THEN 'America/Chicago' WHEN 'OR' THEN 'America/Los_Angeles' WHEN 'PA' THEN 'America/New_York'
      WHEN 'PR' THEN 'America/Puerto_Rico' WHEN 'RI' THEN 'America/New_York' WHEN 'SC' THEN 'America/New_York'
      WHEN 'SD' THEN 'America/Chicago' WHEN 'TN' THEN 'America/Chicago' WHEN 'TX' THEN 'America/Chicago'
      WHEN 'UT' THEN 'America/Denver' WHEN 'VA' THEN 'America/New_York' WHEN 'VI' THEN 'America/St_Thomas'
      WHEN 'VT' THEN 'America/New_York' WHEN 'WA' THEN 'America/Los_Angeles' WHEN 'WI' THEN 'America/Chicago'
      WHEN 'WV' THEN 'America/New_York' WHEN 'WY' THEN 'America/Denver'
      ELSE 'America/New_York'
    END
  END
$$;
--> statement-breakpoint

-- A company's zone follows its ZIP code (the ZIP's own state and centre; a ZIP the table does not
-- know falls back to the company's state). A trigger rather than a service: companies are written
-- by the owner's and the admin's edits, creation, the seed, the bench and imports, and every one of
-- them must keep the zone right.
CREATE OR REPLACE FUNCTION companies_set_time_zone() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.time_zone := coalesce(
    (SELECT us_time_zone(z.state, z.latitude, z.longitude) FROM zip_codes z WHERE z.zip = left(NEW.zip, 5)),
    us_time_zone(NEW.state, NULL, NULL));
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER companies_time_zone BEFORE INSERT OR UPDATE OF zip, state ON companies
  FOR EACH ROW EXECUTE FUNCTION companies_set_time_zone();
--> statement-breakpoint

-- Existing companies get their zone once.
UPDATE companies c
   SET time_zone = coalesce(
         (SELECT us_time_zone(z.state, z.latitude, z.longitude) FROM zip_codes z WHERE z.zip = left(c.zip, 5)),
         us_time_zone(c.state, NULL, NULL))
 WHERE c.time_zone IS DISTINCT FROM coalesce(
         (SELECT us_time_zone(z.state, z.latitude, z.longitude) FROM zip_codes z WHERE z.zip = left(c.zip, 5)),
         us_time_zone(c.state, NULL, NULL));
--> statement-breakpoint

-- A verified credential vouches for a company under a name and an owner: when either changes, it
-- goes back to an administrator. A trigger rather than a call in each service, because the name
-- and the owner change along many paths (the owner's edit, an admin's edit, a claim redeemed, an
-- account handed over or deleted: ON DELETE SET NULL), and a path added later must not be able to
-- forget it.
CREATE OR REPLACE FUNCTION companies_credentials_recheck() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE company_credentials SET status = 'needs_recheck', updated_at = now()
   WHERE company_id = NEW.id AND status = 'verified';
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER companies_credentials_recheck AFTER UPDATE OF name, owner_id ON companies
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.owner_id IS DISTINCT FROM NEW.owner_id)
  EXECUTE FUNCTION companies_credentials_recheck();
--> statement-breakpoint

-- Whether a week of opening hours (seven entries, Monday first, each {opens, closes} as "HH:MM" or
-- null) is open at `at` in zone `tz`: the local weekday's span holds the local time ("24:00"
-- closes at midnight; "HH:MM" text compares as times do).
CREATE OR REPLACE FUNCTION opening_hours_open_at(week jsonb, tz text, at timestamptz) RETURNS boolean
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(
    (week -> (extract(isodow FROM at AT TIME ZONE tz)::int - 1) ->> 'opens') <= to_char(at AT TIME ZONE tz, 'HH24:MI')
    AND to_char(at AT TIME ZONE tz, 'HH24:MI') < (week -> (extract(isodow FROM at AT TIME ZONE tz)::int - 1) ->> 'closes'),
    false)
$$;
