-- Where a company is, as words a text index can hold: the cell of a latitude/longitude grid its
-- map position lies in at six sizes, 0.1° to 3.2° (src/server/lib/place-cells.ts computes the
-- same cells for a search, in the same float arithmetic). Indexed with the search words in one
-- GIN index, a word near a place reads the companies near it that hold the word, instead of
-- every company holding the word in the country, or every company in the circle.
CREATE FUNCTION place_cells_of(lat float8, lng float8) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN lat IS NULL OR lng IS NULL THEN NULL ELSE array_to_tsvector(ARRAY(
    SELECT 'g' || l || 'x' || floor(lng / (0.1::float8 * power(2::float8, l)))::int
               || 'y' || floor(lat / (0.1::float8 * power(2::float8, l)))::int
      FROM generate_series(0, 5) AS l)) END
$$;
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "place_cells" "tsvector" GENERATED ALWAYS AS (place_cells_of(latitude, longitude)) STORED;--> statement-breakpoint
-- Replaces the words' own index: a GIN index answers a condition on one of its columns as well
-- as a single-column index does.
DROP INDEX "companies_search_vector_idx";--> statement-breakpoint
CREATE INDEX "companies_words_places_idx" ON "companies" USING gin ("search_vector","place_cells");
