-- The lexemes of active companies that a prefix of a search stands for ('plumb' → plumb, plumber),
-- from search_lexeme_counts, in order, one past the 64 a prefix may be spelled out as (so a
-- caller can tell "more than 64"), with how many active companies hold each.
CREATE FUNCTION search_prefix_lexemes(stem text) RETURNS TABLE (lexeme text, companies integer)
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  -- Every lexeme starting with the stem (none holds U+10FFFF, not a letter).
  SELECT c.lexeme, c.companies FROM search_lexeme_counts c
   WHERE c.lexeme >= stem AND c.lexeme < stem || chr(1114111) AND c.companies > 0
   ORDER BY c.lexeme LIMIT 65
$$;
--> statement-breakpoint
-- A search's words with each prefix ('plumb':*) spelled out as the lexemes of active companies
-- that start with it ( 'plumb' | 'plumber' ): both match the same companies, but the text index
-- answers a prefix by building a bitmap of every posting of every lexeme under it, and exact
-- lexemes by merging their postings in order, skipping through the longer ones. A prefix standing
-- for more than 64 lexemes (a short one, "pl"), or for none, stays as it is. In the database so
-- that a listing can ask for it inside its own statement (a listing about a place, one
-- statement), and the app's other listings through exactTextQuery alike.
CREATE FUNCTION spelled_out_tsquery(typed text) RETURNS tsquery LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  spelled text := to_tsquery('english', typed)::text;
  stem text;
  lexemes text[];
BEGIN
  FOR stem IN SELECT DISTINCT m[1] FROM regexp_matches(spelled, '''([a-z0-9]+)'':\*', 'g') AS m LOOP
    SELECT array_agg(p.lexeme ORDER BY p.lexeme) INTO lexemes FROM search_prefix_lexemes(stem) AS p;
    IF cardinality(lexemes) BETWEEN 1 AND 64 THEN
      -- In tsquery syntax: a quote is doubled, a backslash escapes (a URL's lexeme may hold either).
      spelled := replace(spelled, '''' || stem || ''':*', '( ' || array_to_string(ARRAY(
        SELECT '''' || replace(replace(l, '\', '\\'), '''', '''''') || '''' FROM unnest(lexemes) AS l), ' | ') || ' )');
    END IF;
  END LOOP;
  RETURN spelled::tsquery;
END
$$;
