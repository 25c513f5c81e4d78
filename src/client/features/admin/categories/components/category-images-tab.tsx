import { useT } from '@/client/lib/i18n';
import type { CategoryWithSubcategories } from '@/shared/schemas/company';
import { useUpdateCategoryImage } from '../api/update-category-image';
import { ImageUrlRow } from './image-url-row';

/** The Category Images tab: every category with its thumbnail and inline URL edit. */
export function CategoryImagesTab({ categories }: { categories: CategoryWithSubcategories[] }) {
  const t = useT();
  const update = useUpdateCategoryImage();
  const messages = { success: t('admin.categoryImages.saved'), failure: t('admin.categoryImages.saveFailed') };
  return (
    <ul aria-label={t('admin.categoryImages.list')} className="divide-y divide-slate-100">
      {categories.map((category) => (
        <ImageUrlRow
          key={category.id}
          name={category.name}
          imageUrl={category.imageUrl}
          messages={messages}
          onSave={(imageUrl) => update.mutateAsync({ id: category.id, imageUrl })}
        />
      ))}
    </ul>
  );
}
