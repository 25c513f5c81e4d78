-- A search's words with each prefix ('plumb':*) spelled out as the lexemes of active companies
-- that start with it ( 'plumb' | 'plumber' ), from search_lexeme_counts: both match the same
-- companies, but the text index answers a prefix by building a bitmap of every posting of every
-- lexeme under it, and exact lexemes by merging their postings in order, skipping through the
-- longer ones. A prefix standing for more than 64 lexemes (a short one, "pl"), or for none, stays
-- as it is. In the database so that a listing can ask for it inside its own statement (a listing
-- about a place, one statement) and the app's other listings through exactTextQuery alike.
CREATE FUNCTION spelled_out_tsquery(typed text) RETURNS tsquery LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  spelled text := to_tsquery('english', typed)::text;
  stem text;
  lexemes text[];
BEGIN
  FOR stem IN SELECT DISTINCT m[1] FROM regexp_matches(spelled, '''([a-z0-9]+)'':\*', 'g') AS m LOOP
    -- Every lexeme starting with the stem (none holds U+10FFFF, not a letter), one past the most.
    SELECT array_agg(x.lexeme ORDER BY x.lexeme) INTO lexemes
      FROM (SELECT lexeme FROM search_lexeme_counts
             WHERE lexeme >= stem AND lexeme < stem || chr(1114111) AND companies > 0
             ORDER BY lexeme LIMIT 65) x;
    IF cardinality(lexemes) BETWEEN 1 AND 64 THEN
      -- In tsquery syntax: a quote is doubled, a backslash escapes (a URL's lexeme may hold either).
      spelled := replace(spelled, '''' || stem || ''':*', '( ' || array_to_string(ARRAY(
        SELECT '''' || replace(replace(l, '\', '\\'), '''', '''''') || '''' FROM unnest(lexemes) AS l), ' | ') || ' )');
    END IF;
  END LOOP;
  RETURN spelled::tsquery;
END
$$;
