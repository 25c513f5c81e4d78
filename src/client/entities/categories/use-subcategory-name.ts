import { useCategoriesWithSubcategories } from './get-categories-with-subcategories';

/** A subcategory's name within its category (a quote's service); null when none or not known yet. */
export function useSubcategoryName(categoryId: number | null, subcategoryId: number | null): string | null {
  const categories = useCategoriesWithSubcategories();
  if (subcategoryId === null) return null;
  const category = categories.data?.find((c) => c.id === categoryId);
  return category?.subcategories.find((s) => s.id === subcategoryId)?.name ?? null;
}
