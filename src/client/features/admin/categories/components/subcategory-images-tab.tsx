import { useState } from 'react';
import { LabelledSelect } from '@/client/components/labelled-select';
import { useT } from '@/client/lib/i18n';
import type { CategoryWithSubcategories } from '@/shared/schemas/company';
import { useUpdateSubcategoryImage } from '../api/update-subcategory-image';
import { ImageUrlRow } from './image-url-row';

/**
 * The Subcategory Images tab: a category filter (the first category by default, each option with
 * its subcategory count, "Plumbing Services (15)") and the chosen category's subcategories.
 */
export function SubcategoryImagesTab({ categories }: { categories: CategoryWithSubcategories[] }) {
  const t = useT();
  const update = useUpdateSubcategoryImage();
  const messages = { success: t('admin.subcategoryImages.saved'), failure: t('admin.subcategoryImages.saveFailed') };
  const [chosenId, setChosenId] = useState<string | null>(null);
  const category = categories.find((entry) => String(entry.id) === chosenId) ?? categories[0];
  if (!category) return null;

  return (
    <div className="flex flex-col gap-2">
      <LabelledSelect
        label={t('admin.categories.category')}
        value={String(category.id)}
        options={categories.map((entry) => ({
          value: String(entry.id),
          label: t('admin.subcategoryImages.categoryOption', { name: entry.name, count: entry.subcategories.length }),
        }))}
        onChange={setChosenId}
      />
      {category.subcategories.length === 0 ? (
        <p className="py-6 text-sm text-slate-600">{t('admin.subcategoryImages.none', { name: category.name })}</p>
      ) : (
        <ul aria-label={t('admin.subcategoryImages.list', { name: category.name })} className="divide-y divide-slate-100">
          {category.subcategories.map((sub) => (
            <ImageUrlRow
              key={sub.id}
              name={sub.name}
              imageUrl={sub.imageUrl}
              messages={messages}
              onSave={(imageUrl) => update.mutateAsync({ id: sub.id, imageUrl })}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
