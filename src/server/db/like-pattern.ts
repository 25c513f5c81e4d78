/** A search term as an ILIKE pattern that matches it anywhere, its own % and _ taken literally. */
export const containing = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
