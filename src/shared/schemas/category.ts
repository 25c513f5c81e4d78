import { z } from 'zod';

export const CategorySummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  icon: z.string().nullable(),
  imageUrl: z.string().nullable(),
});
export type CategorySummary = z.infer<typeof CategorySummarySchema>;

/** GET /api/categories: a bare array, sorted by name. */
export const CategoryListSchema = z.array(CategorySummarySchema);
