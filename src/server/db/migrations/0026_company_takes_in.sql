-- Issue 19: whether a company's lead preferences take in a place (its point and the ZIP codes it
-- stands for) and/or a subcategory; NULL arguments are not asked. Listings call it only for rows
-- whose company has has_lead_scope. A function with a declared cost, not a subquery: the planner
-- charged a subquery's full cost to every row of a listing (though it runs for flagged rows
-- only) and left the location index for a bitmap of every match of the word (a search near a
-- ZIP code went from 2 to 4 ms at 100,000 companies). A radius is measured from the centre of
-- the company's ZIP code, or from its map position when that ZIP is not known.
CREATE FUNCTION company_takes_in(
  in_company integer, in_company_zip text, in_company_latitude float8, in_company_longitude float8,
  in_latitude float8, in_longitude float8, in_zips text[], in_subcategory integer
) RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE COST 1 AS $$
  SELECT (in_latitude IS NULL OR CASE
            WHEN lp.service_radius_miles IS NOT NULL THEN
              3958.8::float8 * 2 * asin(sqrt(
                power(sin(radians(coalesce(z.latitude, in_company_latitude) - in_latitude) / 2), 2) +
                cos(radians(in_latitude)) * cos(radians(coalesce(z.latitude, in_company_latitude)))
                  * power(sin(radians(coalesce(z.longitude, in_company_longitude) - in_longitude) / 2), 2)))
              <= lp.service_radius_miles
            WHEN EXISTS (SELECT 1 FROM company_service_zips sz WHERE sz.company_id = in_company)
              THEN EXISTS (SELECT 1 FROM company_service_zips sz WHERE sz.company_id = in_company AND sz.zip = ANY(in_zips))
            ELSE true END)
     AND (in_subcategory IS NULL
          OR NOT EXISTS (SELECT 1 FROM company_lead_subcategories ls WHERE ls.company_id = in_company)
          OR EXISTS (SELECT 1 FROM company_lead_subcategories ls WHERE ls.company_id = in_company AND ls.subcategory_id = in_subcategory))
    FROM (SELECT 1) one
    LEFT JOIN company_lead_preferences lp ON lp.company_id = in_company
    LEFT JOIN zip_codes z ON z.zip = left(in_company_zip, 5)
$$;
