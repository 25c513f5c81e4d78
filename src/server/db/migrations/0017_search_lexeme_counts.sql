-- How many active companies hold each lexeme of the search vectors: a word whose
-- lexeme alone is held by at least the listing's capped total (1,000) needs no count, which
-- would otherwise build a bitmap of every match in the text index (68,571 for "plumbing" at
-- 1,000,000 companies). Kept exact by statement triggers in the writer's own transaction.
-- COLLATE "C": a prefix (plumb:*) is a range of the primary key.
CREATE TABLE search_lexeme_counts (
  lexeme text COLLATE "C" PRIMARY KEY,
  -- No CHECK (companies >= 0): INSERT … ON CONFLICT checks the row it would insert (a negative
  -- change) before finding the existing one.
  companies integer NOT NULL
);
--> statement-breakpoint
-- Adds each lexeme's change in sorted order, so that two writers lock shared rows in one order.
CREATE OR REPLACE FUNCTION search_lexeme_counts_apply(changes jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_lexeme_counts AS c (lexeme, companies)
  SELECT key, value::int FROM jsonb_each_text(changes) ORDER BY key
  ON CONFLICT (lexeme) DO UPDATE SET companies = c.companies + excluded.companies
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_lexeme_counts_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_object_agg(lexeme, n) INTO changes FROM (
      SELECT lexeme, count(*) AS n
        FROM new_companies, unnest(tsvector_to_array(search_vector)) AS lexeme
       WHERE is_active GROUP BY lexeme) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_object_agg(lexeme, -n) INTO changes FROM (
      SELECT lexeme, count(*) AS n
        FROM old_companies, unnest(tsvector_to_array(search_vector)) AS lexeme
       WHERE is_active GROUP BY lexeme) d;
  ELSE
    -- Only rows whose vector or activity changed (a rating update moves nothing).
    SELECT jsonb_object_agg(lexeme, n) INTO changes FROM (
      SELECT lexeme, sum(delta) AS n FROM (
        SELECT lexeme, 1 AS delta
          FROM new_companies nc JOIN old_companies oc USING (id), unnest(tsvector_to_array(nc.search_vector)) AS lexeme
         WHERE nc.is_active AND (NOT oc.is_active OR nc.search_vector IS DISTINCT FROM oc.search_vector)
        UNION ALL
        SELECT lexeme, -1
          FROM old_companies oc JOIN new_companies nc USING (id), unnest(tsvector_to_array(oc.search_vector)) AS lexeme
         WHERE oc.is_active AND (NOT nc.is_active OR nc.search_vector IS DISTINCT FROM oc.search_vector)
      ) moves GROUP BY lexeme HAVING sum(delta) <> 0) d;
  END IF;
  IF changes IS NOT NULL THEN
    PERFORM search_lexeme_counts_apply(changes);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER companies_lexeme_counts_insert AFTER INSERT ON companies
  REFERENCING NEW TABLE AS new_companies
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexeme_counts_trigger();
--> statement-breakpoint
CREATE TRIGGER companies_lexeme_counts_update AFTER UPDATE ON companies
  REFERENCING OLD TABLE AS old_companies NEW TABLE AS new_companies
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexeme_counts_trigger();
--> statement-breakpoint
CREATE TRIGGER companies_lexeme_counts_delete AFTER DELETE ON companies
  REFERENCING OLD TABLE AS old_companies
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexeme_counts_trigger();
--> statement-breakpoint
INSERT INTO search_lexeme_counts (lexeme, companies)
SELECT lexeme, count(*)
  FROM companies, unnest(tsvector_to_array(search_vector)) AS lexeme
 WHERE is_active GROUP BY lexeme;
