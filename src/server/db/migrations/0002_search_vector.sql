-- Keeps companies.search_vector weighted: name A, category and subcategory names B, description C.
-- drizzle-kit cannot express triggers, so they live in this custom migration.
CREATE OR REPLACE FUNCTION company_search_vector(p_company_id integer, p_name text, p_description text, p_category_id integer)
RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector('english', coalesce(p_name, '')), 'A')
      || setweight(to_tsvector('english', coalesce((SELECT c.name FROM categories c WHERE c.id = p_category_id), '')), 'B')
      || setweight(to_tsvector('english', coalesce((
           SELECT string_agg(s.name, ' ')
             FROM company_subcategories cs JOIN subcategories s ON s.id = cs.subcategory_id
            WHERE cs.company_id = p_company_id), '')), 'B')
      || setweight(to_tsvector('english', coalesce(p_description, '')), 'C')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION companies_search_vector_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := company_search_vector(NEW.id, NEW.name, NEW.description, NEW.category_id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER companies_search_vector_update
  BEFORE INSERT OR UPDATE OF name, description, category_id ON companies
  FOR EACH ROW EXECUTE FUNCTION companies_search_vector_trigger();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION company_subcategories_search_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE companies c
     SET search_vector = company_search_vector(c.id, c.name, c.description, c.category_id)
   WHERE c.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.company_id ELSE NEW.company_id END;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER company_subcategories_search_update
  AFTER INSERT OR DELETE ON company_subcategories
  FOR EACH ROW EXECUTE FUNCTION company_subcategories_search_trigger();
