import type { CategoryWithSubcategories } from '@/shared/schemas/company';
import { useUpdateCategoryImage } from '../api/update-category-image';
import { ImageUrlRow } from './image-url-row';

const MESSAGES = { success: 'Category image updated successfully', failure: 'Failed to update category image' };

/** The Category Images tab: every category with its thumbnail and inline URL edit. */
export function CategoryImagesTab({ categories }: { categories: CategoryWithSubcategories[] }) {
  const update = useUpdateCategoryImage();
  return (
    <ul aria-label="Category images" className="divide-y divide-slate-100">
      {categories.map((category) => (
        <ImageUrlRow
          key={category.id}
          name={category.name}
          imageUrl={category.imageUrl}
          messages={MESSAGES}
          onSave={(imageUrl) => update.mutateAsync({ id: category.id, imageUrl })}
        />
      ))}
    </ul>
  );
}
