-- pg_trgm powers typo-tolerant search and suggestions; drizzle-kit does not write CREATE EXTENSION.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
