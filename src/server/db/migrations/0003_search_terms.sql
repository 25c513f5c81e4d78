-- Typo tolerance: every word of category, subcategory and company names, trigram-indexed, so that
-- a misspelt query word ("plumbr") can be replaced by the nearest real words ("plumber", "plumbing").
CREATE TABLE search_terms (term text PRIMARY KEY);
--> statement-breakpoint
CREATE INDEX search_terms_term_trgm_idx ON search_terms USING gin (term gin_trgm_ops);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION add_search_terms(p_text text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_terms (term)
  SELECT DISTINCT w FROM regexp_split_to_table(lower(coalesce(p_text, '')), '[^a-z0-9]+') AS w
   WHERE length(w) >= 3
  ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_terms_from_name_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_search_terms(NEW.name);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER companies_search_terms AFTER INSERT OR UPDATE OF name ON companies
  FOR EACH ROW EXECUTE FUNCTION search_terms_from_name_trigger();
--> statement-breakpoint
CREATE TRIGGER categories_search_terms AFTER INSERT OR UPDATE OF name ON categories
  FOR EACH ROW EXECUTE FUNCTION search_terms_from_name_trigger();
--> statement-breakpoint
CREATE TRIGGER subcategories_search_terms AFTER INSERT OR UPDATE OF name ON subcategories
  FOR EACH ROW EXECUTE FUNCTION search_terms_from_name_trigger();
--> statement-breakpoint
SELECT add_search_terms(name) FROM categories;
--> statement-breakpoint
SELECT add_search_terms(name) FROM subcategories;
--> statement-breakpoint
SELECT add_search_terms(name) FROM companies;
--> statement-breakpoint
-- The city and state join the search vector (lowest weight), so "plumber austin" matches.
CREATE OR REPLACE FUNCTION company_search_vector(
  p_company_id integer, p_name text, p_description text, p_category_id integer, p_city text, p_state text)
RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector('english', coalesce(p_name, '')), 'A')
      || setweight(to_tsvector('english', coalesce((SELECT c.name FROM categories c WHERE c.id = p_category_id), '')), 'B')
      || setweight(to_tsvector('english', coalesce((
           SELECT string_agg(s.name, ' ')
             FROM company_subcategories cs JOIN subcategories s ON s.id = cs.subcategory_id
            WHERE cs.company_id = p_company_id), '')), 'B')
      || setweight(to_tsvector('english', coalesce(p_description, '')), 'C')
      || setweight(to_tsvector('simple', coalesce(p_city, '') || ' ' || coalesce(p_state, '')), 'D')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION companies_search_vector_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := company_search_vector(NEW.id, NEW.name, NEW.description, NEW.category_id, NEW.city, NEW.state);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION company_subcategories_search_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE companies c
     SET search_vector = company_search_vector(c.id, c.name, c.description, c.category_id, c.city, c.state)
   WHERE c.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.company_id ELSE NEW.company_id END;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP FUNCTION company_search_vector(integer, text, text, integer);
--> statement-breakpoint
DROP TRIGGER companies_search_vector_update ON companies;
--> statement-breakpoint
CREATE TRIGGER companies_search_vector_update
  BEFORE INSERT OR UPDATE OF name, description, category_id, city, state ON companies
  FOR EACH ROW EXECUTE FUNCTION companies_search_vector_trigger();
--> statement-breakpoint
UPDATE companies SET search_vector = company_search_vector(id, name, description, category_id, city, state);
