import { SUGGESTIONS_LIMIT } from '@/shared/constants';

export interface SuggestionSource {
  name: string;
  subcategories: { name: string }[];
}

/**
 * Search-box suggestions: case-insensitive substring match over category and subcategory names,
 * de-duplicated case-insensitively, at most `limit` (8) entries, in the order the categories list
 * them (each category before its subcategories).
 */
export function buildSuggestions(query: string, categories: readonly SuggestionSource[], limit = SUGGESTIONS_LIMIT): string[] {
  const needle = query.trim().toLowerCase();
  if (!needle || limit <= 0) return [];
  const seen = new Set<string>();
  const out: string[] = [];
  const consider = (name: string) => {
    const key = name.trim().toLowerCase();
    if (!key || seen.has(key) || !key.includes(needle)) return;
    seen.add(key);
    out.push(name.trim());
  };
  for (const category of categories) {
    consider(category.name);
    if (out.length >= limit) break;
    for (const sub of category.subcategories) {
      consider(sub.name);
      if (out.length >= limit) break;
    }
    if (out.length >= limit) break;
  }
  return out.slice(0, limit);
}
