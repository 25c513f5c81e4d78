-- Opening hours past midnight: a weekday's span whose closing time is before its opening time runs
-- into the next day (Friday 18:00 – 02:00). At a local time the company is open when today's span
-- holds it (to midnight for one that runs past it), or when yesterday's span ran past midnight and
-- has not closed yet. One expression with no FROM, as before, so the planner still inlines it.
CREATE OR REPLACE FUNCTION opening_hours_open_at(week jsonb, tz text, at timestamptz) RETURNS boolean
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(
      (week -> (extract(isodow FROM at AT TIME ZONE tz)::int - 1) ->> 'opens') <= to_char(at AT TIME ZONE tz, 'HH24:MI')
      AND (to_char(at AT TIME ZONE tz, 'HH24:MI') < (week -> (extract(isodow FROM at AT TIME ZONE tz)::int - 1) ->> 'closes')
           OR (week -> (extract(isodow FROM at AT TIME ZONE tz)::int - 1) ->> 'closes')
              < (week -> (extract(isodow FROM at AT TIME ZONE tz)::int - 1) ->> 'opens')),
      false)
    OR coalesce(
      (week -> ((extract(isodow FROM at AT TIME ZONE tz)::int + 5) % 7) ->> 'closes')
        < (week -> ((extract(isodow FROM at AT TIME ZONE tz)::int + 5) % 7) ->> 'opens')
      AND to_char(at AT TIME ZONE tz, 'HH24:MI') < (week -> ((extract(isodow FROM at AT TIME ZONE tz)::int + 5) % 7) ->> 'closes'),
      false)
$$;
