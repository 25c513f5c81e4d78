ALTER TABLE "zip_codes" ADD COLUMN "time_zone" text;--> statement-breakpoint
-- The postal-code row that stands for a code as a company or a request writes it: its own, a US
-- ZIP+4's five digits, else the longest area it lies in (a British outward code's row) — the
-- same look-up as the search's and the company form's.
CREATE OR REPLACE FUNCTION postal_place(code text) RETURNS zip_codes
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  -- Each candidate is one look-up of the primary key: the code, a ZIP+4's five digits, then the
  -- areas it may lie in (before its space or hyphen, its first three or two characters), which
  -- count only as area rows.
  SELECT z.* FROM unnest(ARRAY[code, left(code, 5), split_part(code, ' ', 1), split_part(code, '-', 1), left(code, 3), left(code, 2)])
         WITH ORDINALITY AS c(candidate, rank)
    JOIN zip_codes z ON z.zip = c.candidate AND (c.rank <= 2 OR z.area = z.zip)
   ORDER BY c.rank
   LIMIT 1
$$;
--> statement-breakpoint
-- A company's zone: its place's (outside the US, as the import stored it), else the US rules on
-- the place's state and centre, else on the company's own state.
CREATE OR REPLACE FUNCTION company_time_zone(code text, state text) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(
    (SELECT coalesce(p.time_zone, us_time_zone(p.state, p.latitude, p.longitude)) FROM postal_place(code) p WHERE p.zip IS NOT NULL),
    us_time_zone(state, NULL, NULL))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION companies_set_time_zone() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.time_zone := company_time_zone(NEW.zip, NEW.state);
  RETURN NEW;
END
$$;
