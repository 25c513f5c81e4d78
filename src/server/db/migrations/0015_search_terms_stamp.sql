-- How many times words were added to search_terms (which only grows): servers that remember the
-- nearest real words of query words (typo tolerance) forget them when this moves.
CREATE TABLE search_terms_stamp (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  stamp bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO search_terms_stamp (stamp) VALUES (1);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_terms_added_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Most names bring no new word (ON CONFLICT DO NOTHING adds no row): the stamp stays.
  IF EXISTS (SELECT 1 FROM added_terms) THEN
    UPDATE search_terms_stamp SET stamp = stamp + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_terms_added AFTER INSERT ON search_terms
  REFERENCING NEW TABLE AS added_terms
  FOR EACH STATEMENT EXECUTE FUNCTION search_terms_added_trigger();
